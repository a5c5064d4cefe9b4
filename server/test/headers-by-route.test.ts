import type { MessageDetail, MessageList } from '@et/common';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { fixturesDir } from './helpers/fixtures';
import { startRedis, type TestRedis } from './helpers/redis-server';

/** A small prerendered build, shaped like `web/dist`. */
const DIST: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'faq/index.html': '<h1>faq</h1>',
  '404.html': '<h1>Oops! Pagina non trovata</h1>',
};

/**
 * Headers of one connection or one instant, those that describe the body's bytes, and the view
 * limit's, which only the route that counts the view gives (a 404 for another spelling has none).
 */
const PER_ANSWER = new Set([
  'date',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'etag',
  'last-modified',
]);
/**
 * Headers that say what the body is or where to go, which an answer of another status (a 404
 * for a spelling the router does not take as the plain path) has its own of. What is left are
 * the headers of the kind of route that answers: API (events and downloads are API) or page.
 */
const OF_THE_BODY = new Set([
  'content-type',
  'content-disposition',
  'x-accel-buffering',
  'vary',
  'location',
  'accept-ranges',
]);

interface Answer {
  status: number;
  headers: Record<string, string>;
}

/**
 * `GET target` over a raw socket, as written (no client library rewrites it): resolves the
 * status and the headers, and hangs up once they are in (an event stream never ends).
 */
function rawGet(port: number, target: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.destroy();
      const [statusLine, ...lines] = head.slice(0, end).split('\r\n');
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers: Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        ),
      });
    });
    socket.once('error', reject);
    const lines = Object.entries({ host: 'localhost', ...headers }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

const without = (headers: Record<string, string>, names: ReadonlySet<string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.has(name)));

/** Every spelling of a path that names it, or nearly: [what it is, target, extra headers]. */
function spellings(path: string): [string, string, Record<string, string>][] {
  const escape = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  const list: [string, string, Record<string, string>][] = [
    ['percent-encoded first letter', `/${escape(path[1]!)}${path.slice(2)}`, {}],
    ['percent-encoded last letter', `${path.slice(0, -1)}${escape(path.at(-1)!)}`, {}],
    ['absolute-form', `http://localhost${path}`, {}],
    ['absolute-form, a trailing dot on the host', `http://localhost.${path}`, {}],
    ['a trailing dot on the Host header', path, { host: 'localhost.' }],
    ['a leading double slash', `/${path}`, {}],
    ['a trailing dot', `${path}.`, {}],
  ];
  const inner = path.indexOf('/', 1);
  if (inner > 0) {
    list.push(
      ['a double slash inside', `${path.slice(0, inner)}/${path.slice(inner)}`, {}],
      ['a dot segment', `${path.slice(0, inner)}/.${path.slice(inner)}`, {}],
    );
  }
  return list;
}

/**
 * Headers by what the router matched, for every spelling of a path, over raw sockets to the
 * real service: each spelling of an API path (the inbox poll, which an early answer takes
 * before the router, the event stream, a download) gets the headers of the API, and of a page
 * the page's; a spelling that reaches the same route gets exactly the plain spelling's headers.
 */
describe.each(['sqlite', 'redis'] as const)('headers by route, %s store', (mode) => {
  let redis: TestRedis | null = null;
  let h: Harness;
  let dir: string;
  let port: number;
  let auth: Record<string, string>;
  let download: string;

  beforeAll(async () => {
    if (mode === 'redis') redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'et-headers-'));
    for (const [file, body] of Object.entries(DIST)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), body);
    }
    h = await startHarness({ webDistDir: dir, storeUrl: redis?.url ?? null });
    port = Number(new URL(await h.app.listen({ host: '127.0.0.1', port: 0 })).port);
    const box = await h.createMailbox();
    auth = bearer(box.token);
    await h.sendRaw(readFileSync(join(fixturesDir, 'attachments.eml')), box.email);
    const [message] = (
      await h.app.inject({ url: '/api/v1/messages', headers: auth })
    ).json<MessageList>().messages;
    const detail = (
      await h.app.inject({ url: `/api/v1/messages/${message!.id}`, headers: auth })
    ).json<MessageDetail>();
    download = `/api/v1/messages/${message!.id}/attachment/${detail.attachments[0]!.id}`;
  });
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the event stream the API’s headers: nosniff, frame-ancestors none, DENY, no-store', async () => {
    const answer = await rawGet(port, '/api/v1/events', auth);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  const paths = [
    ['the inbox poll', () => '/api/v1/messages'],
    ['the event stream', () => '/api/v1/events'],
    ['a download', () => download],
    ['a page', () => '/faq'],
  ] as const;

  it.each(paths)(
    'gives %s the same headers for every spelling of its path',
    async (_what, pathOf) => {
      const path = pathOf();
      // The poll twice: the second is answered before the router, from the list the first made.
      await rawGet(port, path, auth);
      const plain = await rawGet(port, path, auth);
      expect(plain.status).toBe(200);
      const api = path.startsWith('/api/');
      const kindOnly = new Set([...PER_ANSWER, ...OF_THE_BODY, ...(api ? [] : ['cache-control'])]);
      for (const [spelling, target, headers] of spellings(path)) {
        const answer = await rawGet(port, target, { ...auth, ...headers });
        expect(answer.status, `${spelling}: ${target}`).not.toBe(500);
        if (answer.status === plain.status) {
          expect(without(answer.headers, PER_ANSWER), `${spelling}: ${target}`).toEqual(
            without(plain.headers, PER_ANSWER),
          );
        } else {
          expect(without(answer.headers, kindOnly), `${spelling}: ${target}`).toEqual(
            without(plain.headers, kindOnly),
          );
        }
        if (api) {
          expect(answer.headers['cache-control'], `${spelling}: ${target}`).toBe('no-store');
          // An API path no route took still answers in the API's JSON.
          if (answer.status === 404) {
            expect(answer.headers['content-type'], `${spelling}: ${target}`).toMatch(
              /^application\/json/,
            );
          }
        }
      }
    },
  );

  it('reaches the routes themselves through the spellings the router reads as the plain path', async () => {
    for (const target of [
      '/%61pi/v1/messages',
      'http://localhost/api/v1/messages',
      'http://localhost./api/v1/events',
    ]) {
      expect((await rawGet(port, target, auth)).status, target).toBe(200);
    }
  });
});
