import type { CreatedMailbox, MessageList } from '@et/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalCounters } from '../src/counters/local-counters';
import { createLocalBus } from '../src/events/local-bus';
import { buildApp } from '../src/http/app';
import { createPushHub } from '../src/http/push-hub';
import { startReadingPool } from '../src/ingest/reading';
import { createIngestPipeline } from '../src/ingest/pipeline';
import type { MailStore } from '../src/store/mail-store';
import { createRedisStore } from '../src/store/redis/redis-store';
import { createSqliteStore } from '../src/store/sqlite/sqlite-store';
import { createFakeClock } from './helpers/fake-clock';
import {
  bearer,
  startHarness,
  harnessConfig,
  type Harness,
  type HarnessOptions,
} from './helpers/harness';
import { startRedis, type TestRedis } from './helpers/redis-server';

/** Headers that belong to one connection or one instant, not to the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive']);

function answerHeaders(headers: Headers | Record<string, unknown>): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return Object.fromEntries(
    entries
      .filter(([name]) => !PER_CONNECTION.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * `GET /api/v1/messages` answered before fastify when the answer is in memory (inbox-read.ts),
 * over real sockets. An `onRequest` hook records what reached fastify, so each test sees which
 * side answered a request, and that the answer is right either way.
 */
describe('inbox read before the router', () => {
  let h: Harness;
  let baseUrl: string;
  let byFastify: string[];

  async function start(options: HarnessOptions = {}) {
    h = await startHarness(options);
    byFastify = [];
    h.app.addHook('onRequest', (request, _reply, done) => {
      byFastify.push(`${request.method} ${request.url}`);
      done();
    });
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  }

  afterEach(async () => {
    await h.close();
  });

  const poll = (token: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/api/v1/messages`, { headers: { ...bearer(token), ...headers } });

  /** One poll; says whether fastify answered it. */
  async function pollOnce(token: string, headers: Record<string, string> = {}) {
    const before = byFastify.length;
    const res = await poll(token, headers);
    const body = await res.text();
    return { res, body, fastify: byFastify.length > before };
  }

  it('answers a warm poll itself, with the bytes and headers fastify gives', async () => {
    await start();
    const box = await h.createMailbox();
    await h.sendRaw('From: Anna <anna@example.org>\r\nSubject: Primo\r\n\r\nCiao\r\n', box.email);
    await h.sendRaw('Subject: Secondo\r\n\r\nà presto\r\n', box.email);

    const cold = await pollOnce(box.token);
    expect(cold.fastify).toBe(true);
    const warm = await pollOnce(box.token);
    expect(warm.fastify).toBe(false);
    const again = await pollOnce(box.token);
    expect(again.fastify).toBe(false);

    const viaFastify = await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) });
    expect(warm.res.status).toBe(200);
    expect(warm.body).toBe(viaFastify.body);
    expect(answerHeaders(warm.res.headers)).toEqual(answerHeaders(viaFastify.headers));
    expect(answerHeaders(warm.res.headers)).toEqual(answerHeaders(cold.res.headers));
    const list = JSON.parse(warm.body) as MessageList;
    expect(list.messages.map((m) => m.subject)).toEqual(['Secondo', 'Primo']);
  });

  it('leaves to fastify the first poll after any change, and never answers from stale memory', async () => {
    await start();
    const box = await h.createMailbox();
    await pollOnce(box.token);
    expect((await pollOnce(box.token)).fastify).toBe(false);

    await h.sendRaw('Subject: Nuovo\r\n\r\nx\r\n', box.email);
    const arrived = await pollOnce(box.token);
    expect(arrived.fastify).toBe(true);
    const [message] = (JSON.parse(arrived.body) as MessageList).messages;
    expect(message?.subject).toBe('Nuovo');
    expect((await pollOnce(box.token)).fastify).toBe(false);

    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/messages/${message!.id}`,
      headers: bearer(box.token),
    });
    expect(deleted.statusCode).toBe(204);
    const after = await pollOnce(box.token);
    expect(after.fastify).toBe(true);
    expect(JSON.parse(after.body)).toEqual({ messages: [] });
    expect((await pollOnce(box.token)).fastify).toBe(false);

    // Expired by the clock, before any sweep: memory still holds the mailbox, the read must not.
    h.clock.advance(600_000);
    const expired = await pollOnce(box.token);
    expect(expired.fastify).toBe(true);
    expect(expired.res.status).toBe(401);
    expect(JSON.parse(expired.body)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('leaves to fastify a deleted mailbox, a wrong token, HEAD, a query string and a body', async () => {
    await start();
    const box = await h.createMailbox();
    await pollOnce(box.token);
    expect((await pollOnce(box.token)).fastify).toBe(false);

    const wrong = await pollOnce('A'.repeat(43));
    expect([wrong.fastify, wrong.res.status]).toEqual([true, 401]);
    const malformed = await pollOnce('nope');
    expect([malformed.fastify, malformed.res.status]).toEqual([true, 401]);

    const head = await fetch(`${baseUrl}/api/v1/messages`, {
      method: 'HEAD',
      headers: bearer(box.token),
    });
    expect(head.status).toBe(200);
    const query = await fetch(`${baseUrl}/api/v1/messages?x=1`, { headers: bearer(box.token) });
    expect(query.status).toBe(200);
    expect(await query.json()).toEqual({ messages: [] });
    const withBody = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/v1/messages`, {
        headers: { ...bearer(box.token), 'content-type': 'text/plain', 'content-length': '4' },
      });
      req.on('response', (res) => resolve(res.resume().statusCode ?? 0)).on('error', reject);
      req.end('ciao');
    });
    expect(withBody).toBeGreaterThanOrEqual(200);
    expect(byFastify.slice(-3)).toEqual([
      'HEAD /api/v1/messages',
      'GET /api/v1/messages?x=1',
      'GET /api/v1/messages',
    ]);

    const gone = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/mailbox',
      headers: bearer(box.token),
    });
    expect(gone.statusCode).toBe(204);
    const deleted = await pollOnce(box.token);
    expect([deleted.fastify, deleted.res.status]).toEqual([true, 401]);
  });

  it('sends HSTS exactly when fastify would: TLS said by a trusted proxy', async () => {
    await start({ trustProxy: '127.0.0.1' });
    const box = await h.createMailbox();
    await pollOnce(box.token);
    const tls = await pollOnce(box.token, { 'x-forwarded-proto': 'http, https' });
    expect(tls.fastify).toBe(false);
    expect(tls.res.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    const viaFastify = await h.app.inject({
      url: '/api/v1/messages',
      remoteAddress: '127.0.0.1',
      headers: { ...bearer(box.token), 'x-forwarded-proto': 'http, https' },
    });
    expect(answerHeaders(tls.res.headers)).toEqual(answerHeaders(viaFastify.headers));
    const plain = await pollOnce(box.token, { 'x-forwarded-proto': 'https, http' });
    expect(plain.fastify).toBe(false);
    expect(plain.res.headers.get('strict-transport-security')).toBeNull();
  });

  it('believes no X-Forwarded-Proto without a trusted proxy', async () => {
    await start();
    const box = await h.createMailbox();
    await pollOnce(box.token);
    const spoofed = await pollOnce(box.token, { 'x-forwarded-proto': 'https' });
    expect(spoofed.fastify).toBe(false);
    expect(spoofed.res.status).toBe(200);
    expect(spoofed.res.headers.get('strict-transport-security')).toBeNull();
  });
});

/** One answer as it came over the socket: status line, headers that belong to it, body bytes. */
interface RawAnswer {
  status: string;
  headers: string[];
  body: Buffer;
}

/** `GET /api/v1/messages` written by hand on a fresh socket, the answer read to its end. */
function rawPoll(url: string, token: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk)).on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [status = '', ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers = lines
        .map((line) => {
          const colon = line.indexOf(':');
          return `${line.slice(0, colon).toLowerCase()}:${line.slice(colon + 1).trim()}`;
        })
        .filter((line) => !PER_CONNECTION.has(line.slice(0, line.indexOf(':'))))
        .sort();
      resolve({ status, headers, body: all.subarray(split + 4) });
    });
    socket.write(
      `GET /api/v1/messages HTTP/1.1\r\nHost: ${hostname}\r\n` +
        `Authorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
    );
  });
}

/**
 * The early answer against the plain route over real HTTP: two apps on one store, one with the
 * early answer (the default), one with it turned off (`FAST_PATHS_OFF=inbox-read`), polled for
 * the same mailbox, on each store: SQLite reads synchronously, Redis with one command, and both
 * must give the route's answer byte for byte.
 */
describe.each(['sqlite', 'redis'] as const)(
  'inbox read before the router, %s store: the plain route byte for byte',
  (mode) => {
    let redis: TestRedis | undefined;
    const closers: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      if (mode === 'redis') redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });
    afterEach(async () => {
      for (const close of closers.splice(0).reverse()) await close();
    });

    async function createStore(): Promise<MailStore> {
      if (mode === 'redis') {
        const prefix = `t${randomBytes(4).toString('hex')}:`;
        return createRedisStore({ url: redis!.url, prefix, tombstoneMs: 86_400_000 });
      }
      const dir = mkdtempSync(join(tmpdir(), 'et-inbox-read-'));
      closers.push(async () => rmSync(dir, { recursive: true, force: true }));
      return createSqliteStore({ path: join(dir, 'mail.sqlite') });
    }

    it('answers every poll as the route does, the early answer on and off', async () => {
      const store = await createStore();
      closers.push(() => store.close());
      const bus = createLocalBus();
      const clock = createFakeClock();
      const logger = pino({ level: 'silent' });
      const config = harnessConfig(tmpdir());
      const reader = startReadingPool({
        deadlineMs: config.readDeadlineMs,
        hostname: config.smtpHostname,
        checks: null,
      });
      closers.push(() => reader.close());
      const deps = {
        store,
        bus,
        hub: createPushHub({
          bus,
          store,
          heartbeatMs: 15_000,
          maxStreamsPerMailbox: 5,
          maxStreamsPerClient: 5,
        }),
        reader,
        clock,
        logger,
        domains: ['example.test'],
        retiredDomains: [],
        mailboxTtlSeconds: 600,
        mailboxMaxLifetimeSeconds: 3600,
        tombstoneDays: 30,
        webDistDir: null,
        limits: {
          createMax: config.createRateLimitMax,
          createWindowSeconds: config.createRateLimitWindowSeconds,
          ipv6PrefixBits: config.rateLimitIpv6Prefix,
          maxConnectionsPerClient: config.httpMaxConnectionsPerIp,
          viewsPerMinute: config.viewRateLimitPerMinute,
        },
        counters: createLocalCounters({ now: clock.now }),
      };
      const apps = await Promise.all(
        [true, false].map(async (inboxReadEarly) => {
          const app = await buildApp(deps, { inboxReadEarly });
          const reached: string[] = [];
          app.addHook('onRequest', (request, _reply, done) => {
            if (request.url === '/api/v1/messages') reached.push(request.url);
            done();
          });
          const url = await app.listen({ host: '127.0.0.1', port: 0 });
          closers.push(() => app.close());
          return { url, reached };
        }),
      );
      const [withEarly, plain] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const pipeline = createIngestPipeline({
        store,
        bus,
        quota: { maxMessages: config.mailboxMaxMessages, maxBytes: config.mailboxMaxBytes },
        reader,
        clock,
        logger,
      });

      const created = await fetch(`${withEarly.url}/api/v1/mailboxes`, { method: 'POST' });
      const box = (await created.json()) as CreatedMailbox;
      for (const [i, raw] of [
        '',
        'From: Anna <anna@example.org>\r\nSubject: Primo\r\n\r\nCiao, il codice è 482913\r\n',
        'Subject: =?UTF-8?Q?Secondo_=E2=9C=93?=\r\n\r\nà presto https://example.org/x?t=a1b2c3d4e5\r\n',
      ].entries()) {
        if (raw) await pipeline.deliver(Buffer.from(raw), [box.email]);
        clock.advance(1000);
        const cold = await rawPoll(withEarly.url, box.token);
        const warm = await rawPoll(withEarly.url, box.token);
        const byRoute = await rawPoll(plain.url, box.token);
        expect(cold.status, `poll ${i}`).toBe('HTTP/1.1 200 OK');
        for (const answer of [warm, byRoute]) {
          expect(answer.status, `poll ${i}`).toBe(cold.status);
          expect(answer.headers, `poll ${i}`).toEqual(cold.headers);
          expect(answer.body.equals(cold.body), `poll ${i}`).toBe(true);
        }
        expect(JSON.parse(warm.body.toString()).messages).toHaveLength(i);
      }
      // Three rounds of two polls on the app with the early answer: fastify saw the first of
      // each round only (it makes the list's JSON); the plain app's fastify saw each of its own.
      expect(withEarly.reached).toHaveLength(3);
      expect(plain.reached).toHaveLength(3);
    });
  },
);
