import type { MessageList } from '@et/common';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness, type HarnessOptions } from './helpers/harness';

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
