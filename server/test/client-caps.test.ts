import type { CreatedMailbox, MailboxInfo } from '@et/common';
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_VARS } from '../src/config';
import { roleMailboxToken } from '../src/domain/role-mailboxes';
import { bearer, startHarness, type Harness, type HarnessOptions } from './helpers/harness';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { openSmtp } from './helpers/smtp-client';
import { openEvents } from './helpers/sse-client';

/** The product's defaults (the harness lifts the per-client caps; these tests put them back). */
const DEFAULT = {
  streamsPerIp: CONFIG_VARS.maxStreamsPerIp.fallback,
  connectionsPerIp: CONFIG_VARS.httpMaxConnectionsPerIp.fallback,
  createMax: CONFIG_VARS.createRateLimitMax.fallback,
  ttlSeconds: CONFIG_VARS.mailboxTtlSeconds.fallback,
  maxLifetimeSeconds: CONFIG_VARS.mailboxMaxLifetimeSeconds.fallback,
};

const OPERATOR_TOKEN = 'segreto-del-gestore-lungo-almeno-32-caratteri';

/** A TCP connection that says nothing; `closed` settles when the server hangs up. */
async function idleConnection(port: number, localAddress = '127.0.0.1') {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  let received = 0;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  // A reset at accept is the server's answer, not a failure of the test.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    get isClosed() {
      return socket.destroyed;
    },
    get received() {
      return received;
    },
  };
}

/** One request over an open connection; resolves the status line of the answer. */
function statusLine(socket: Socket, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (!answer.includes('\r\n')) return;
      socket.off('data', onData);
      resolve(answer.slice(0, answer.indexOf('\r\n')));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed before answering ${target}`)));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

/**
 * What one client can take of the public HTTP side, over real sockets to the real service, on
 * each store (on Redis, two nodes share the rate-limit counters): event streams, connections,
 * a mailbox's whole life, and mailboxes created from one IPv6 /64 or by a client that rotates
 * through many others.
 */
describe.each(['sqlite', 'redis'] as const)(
  'one client against the HTTP side, %s store',
  (mode) => {
    let redis: TestRedis | null = null;
    const running: Harness[] = [];
    const start = async (options: HarnessOptions) => {
      const h = await startHarness({ ...options, storeUrl: redis?.url ?? null });
      running.push(h);
      return h;
    };
    const listen = (h: Harness) => h.app.listen({ host: '127.0.0.1', port: 0 });

    beforeAll(async () => {
      if (mode === 'redis') redis = await startRedis();
    });
    // Each test counts from nothing: no counters or mailboxes of the test before.
    beforeEach(() => {
      if (redis)
        spawnSync('redis-cli', ['-p', String(redis.port), 'flushall'], { stdio: 'ignore' });
    });
    afterEach(async () => {
      await Promise.all(running.splice(0).map((h) => h.close()));
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('holds the default 20 event streams of one IP over 32 mailboxes; beyond, 429 with Retry-After', async () => {
      const h = await start({ maxStreamsPerIp: DEFAULT.streamsPerIp });
      const url = await listen(h);
      const boxes = await Promise.all(Array.from({ length: 32 }, () => h.createMailbox()));
      const streams: Awaited<ReturnType<typeof openEvents>>[] = [];
      try {
        for (const box of boxes) streams.push(await openEvents(url, box.token));
        expect(streams.map((s) => s.status)).toEqual([
          ...Array<number>(DEFAULT.streamsPerIp).fill(200),
          ...Array<number>(32 - DEFAULT.streamsPerIp).fill(429),
        ]);
        const refused = streams[DEFAULT.streamsPerIp]!;
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.headers['content-type']).toMatch(/^application\/json/);
        expect(await refused.json()).toEqual({
          error: { code: 'RATE_LIMITED', message: 'Too many open event streams from your address' },
        });
        // Another client is not held back by this one's streams.
        const other = await openEvents(url, boxes[31]!.token, { localAddress: '127.0.0.2' });
        streams.push(other);
        expect(other.status).toBe(200);
        // A stream that ends makes room for one more.
        streams[0]!.close();
        await vi.waitFor(() => expect(h.service.hub!.openStreams()).toBe(DEFAULT.streamsPerIp));
        const again = await openEvents(url, boxes[30]!.token);
        streams.push(again);
        expect(again.status).toBe(200);
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    it('closes at once the HTTP connections of one IP beyond the default 64: of 500 idle ones, 64 stay', async () => {
      const h = await start({ httpMaxConnectionsPerIp: DEFAULT.connectionsPerIp });
      const port = Number(new URL(await listen(h)).port);
      const idle = await Promise.all(Array.from({ length: 500 }, () => idleConnection(port)));
      try {
        await vi.waitFor(
          () => expect(idle.filter((c) => c.isClosed)).toHaveLength(500 - DEFAULT.connectionsPerIp),
          { timeout: 10_000 },
        );
        // Closed before the server wrote (or read) anything: no answer, not even a 408.
        expect(idle.filter((c) => c.isClosed).every((c) => c.received === 0)).toBe(true);
        const held = idle.filter((c) => !c.isClosed);
        expect(held).toHaveLength(DEFAULT.connectionsPerIp);
        // The ones held are served; another client is not held back.
        expect(await statusLine(held[0]!.socket, '/api/v1/domains')).toBe('HTTP/1.1 200 OK');
        const other = await idleConnection(port, '127.0.0.2');
        idle.push(other);
        expect(await statusLine(other.socket, '/api/v1/domains')).toBe('HTTP/1.1 200 OK');
        // A connection that ends makes room for one more.
        held[1]!.socket.destroy();
        await held[1]!.closed;
        await vi.waitFor(async () => {
          const next = await idleConnection(port);
          idle.push(next);
          expect(await statusLine(next.socket, '/api/v1/domains')).toBe('HTTP/1.1 200 OK');
        });
      } finally {
        for (const c of idle) c.socket.destroy();
      }
    });

    it('never caps a trusted proxy: it keeps the cap for its own clients', async () => {
      const h = await start({
        httpMaxConnectionsPerIp: DEFAULT.connectionsPerIp,
        trustProxy: '127.0.0.1',
      });
      const port = Number(new URL(await listen(h)).port);
      const proxy = await Promise.all(Array.from({ length: 100 }, () => idleConnection(port)));
      const direct = await Promise.all(
        Array.from({ length: 100 }, () => idleConnection(port, '127.0.0.2')),
      );
      try {
        await vi.waitFor(() =>
          expect(direct.filter((c) => c.isClosed)).toHaveLength(100 - DEFAULT.connectionsPerIp),
        );
        const answers = await Promise.all(
          proxy.map((c) => statusLine(c.socket, '/api/v1/domains')),
        );
        expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 200 OK']));
      } finally {
        for (const c of [...proxy, ...direct]) c.socket.destroy();
      }
    });

    it('bounds a mailbox’s whole life: of ten extensions the ninth meets the cap, the tenth is 409', async () => {
      const h = await start({ operatorToken: OPERATOR_TOKEN });
      const url = await listen(h);
      const createdAt = h.clock.now();
      const created = (await (
        await fetch(`${url}/api/v1/mailboxes`, { method: 'POST' })
      ).json()) as CreatedMailbox;
      const cap = createdAt + DEFAULT.maxLifetimeSeconds * 1000;
      expect(created.maxExpiresAt).toBe(new Date(cap).toISOString());
      const extend = async (token: string) => {
        const res = await fetch(`${url}/api/v1/mailbox/extend`, {
          method: 'POST',
          headers: bearer(token),
        });
        return {
          status: res.status,
          body: (await res.json()) as MailboxInfo & { error?: unknown },
        };
      };

      // One click every 350 s, ten in all: each resets to the TTL from now until the cap is met.
      const answers = [];
      for (let i = 0; i < 10; i++) {
        h.clock.advance(350_000);
        answers.push({ at: h.clock.now(), ...(await extend(created.token)) });
      }
      expect(answers.map((a) => a.status)).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 409,
      ]);
      for (const a of answers.slice(0, 9)) {
        expect(a.body).toEqual({
          email: created.email,
          expiresAt: new Date(Math.min(a.at + DEFAULT.ttlSeconds * 1000, cap)).toISOString(),
          maxExpiresAt: created.maxExpiresAt,
        });
      }
      // The ninth reached the cap: its answer says so, with expiresAt equal to maxExpiresAt.
      expect(answers[7]!.body.expiresAt).not.toBe(created.maxExpiresAt);
      expect(answers[8]!.body.expiresAt).toBe(created.maxExpiresAt);
      expect(answers[9]!.body).toEqual({
        error: {
          code: 'LIFETIME_EXCEEDED',
          message: `This mailbox has reached its longest life (${DEFAULT.maxLifetimeSeconds} s from creation) and cannot be extended`,
        },
      });
      const info = (await (
        await fetch(`${url}/api/v1/mailbox`, { headers: bearer(created.token) })
      ).json()) as MailboxInfo;
      expect(info.expiresAt).toBe(created.maxExpiresAt);

      // At the cap it ends as any mailbox does: gone from the API, refused by SMTP.
      h.clock.set(cap);
      await h.sweeper.sweep();
      expect((await extend(created.token)).status).toBe(401);
      const smtp = await openSmtp(h.smtpPort);
      await smtp.command('EHLO late.test');
      await smtp.command('MAIL FROM:<late@example.org>');
      expect(await smtp.command(`RCPT TO:<${created.email}>`)).toMatch(/^550 5\.1\.1 /);
      smtp.close();

      // The operator's mailboxes never end, however long after the cap.
      const operator = roleMailboxToken(OPERATOR_TOKEN, 'postmaster@localhost');
      const exempt = await extend(operator);
      expect(exempt.status).toBe(200);
      expect(exempt.body.maxExpiresAt).toBeNull();
      expect(exempt.body.expiresAt).toBe('9999-12-31T23:59:59.999Z');
    });

    it('counts the mailboxes of one IPv6 /64 behind a trusted proxy as one client’s, on every node', async () => {
      const options = { trustProxy: '127.0.0.1', createRateLimitMax: DEFAULT.createMax };
      // On Redis two nodes count together: a client gains nothing by going round them.
      const nodes = await Promise.all(
        (mode === 'redis' ? [1, 2] : [1]).map(async () => listen(await start(options))),
      );
      const createAs = (ip: string, n: number) =>
        fetch(`${nodes[n % nodes.length]}/api/v1/mailboxes`, {
          method: 'POST',
          headers: { 'x-forwarded-for': ip },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push(
          (await createAs(`2001:db8:5:6:${i.toString(16)}:${i}:beef:${i + 1}`, i)).status,
        );
      }
      expect(statuses).toEqual([
        ...Array<number>(DEFAULT.createMax).fill(201),
        ...Array<number>(30 - DEFAULT.createMax).fill(429),
      ]);
      const refused = await createAs('2001:db8:5:6::ffff', 0);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      // The next /64, and an IPv4 client, are other clients.
      expect((await createAs('2001:db8:5:7::1', 1)).status).toBe(201);
      expect((await createAs('198.51.100.9', 1)).status).toBe(201);
    });

    it('never forgets a heavy client while 6,000 others create meanwhile', async () => {
      const h = await start({ trustProxy: '127.0.0.1', createRateLimitMax: DEFAULT.createMax });
      const url = await listen(h);
      const heavy = { 'x-forwarded-for': '2001:db8:9:9::1' };
      const create = (headers: Record<string, string>) =>
        fetch(`${url}/api/v1/mailboxes`, { method: 'POST', headers });
      for (let i = 0; i < DEFAULT.createMax; i++) expect((await create(heavy)).status).toBe(201);
      expect((await create(heavy)).status).toBe(429);
      // Each of 6,000 other clients counted once (a body that is not JSON: refused 415 after the
      // count, so that no mailbox is made). More than @fastify/rate-limit's 5,000-key memory.
      for (let i = 0; i < 6000; i += 200) {
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, j) =>
            h.app.inject({
              method: 'POST',
              url: '/api/v1/mailboxes',
              headers: {
                'x-forwarded-for': `10.${(i + j) >> 16}.${((i + j) >> 8) & 255}.${(i + j) & 255}`,
                'content-type': 'text/plain',
              },
              payload: 'x',
            }),
          ),
        );
        expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([415]));
      }
      expect((await create(heavy)).status).toBe(429);
    });
  },
);
