import type { MailboxEvent } from '@et/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/domain/app-error';
import { toSummary, type NewMessage } from '../src/domain/message';
import type { EventBus } from '../src/events/event-bus';
import { createLocalBus } from '../src/events/local-bus';
import { createRedisBus } from '../src/events/redis-bus';
import { createPushHub, type PushHub } from '../src/http/push-hub';
import type { MailStore } from '../src/store/mail-store';
import { connectRedis } from '../src/store/redis/connection';
import { createSqliteStore } from '../src/store/sqlite/sqlite-store';
import { startHarness } from './helpers/harness';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { storedMessage } from './helpers/stored-message';
import { until } from './helpers/until';
import { openEvents } from './helpers/sse-client';

const HEARTBEAT_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The hub behind a bare node:http server, as the events route uses it: the bearer token is
 * taken as the mailbox's address, `Last-Event-ID` as a place, and a refusal goes out as the
 * route's JSON error.
 */
async function serveHub(hub: PushHub): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    const mailbox = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const lastEventId = req.headers['last-event-id'];
    hub
      .open(
        mailbox,
        res,
        req.socket.remoteAddress ?? '',
        lastEventId === undefined ? undefined : Number(lastEventId),
      )
      .catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err;
        res.writeHead(err.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: err.code, message: err.message } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let redis: TestRedis;
/** Where the hubs read the places of messages; these tests' mailboxes hold none. */
let store: MailStore;
let storeDir: string;
beforeAll(async () => {
  redis = await startRedis();
  storeDir = mkdtempSync(join(tmpdir(), 'et-push-hub-'));
  store = createSqliteStore({ path: join(storeDir, 'mail.sqlite') });
});
afterAll(async () => {
  await redis?.stop();
  await store?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

/**
 * Two nodes' buses: events are published on `publisher` and the hub listens on `listener`. On
 * the local bus both are the one bus; on Redis they are two nodes sharing the mailboxes' channels.
 */
const BUSES: [string, () => Promise<{ publisher: EventBus; listener: EventBus }>][] = [
  [
    'local bus',
    async () => {
      const bus = createLocalBus();
      return { publisher: bus, listener: bus };
    },
  ],
  [
    'Redis bus',
    async () => {
      const prefix = `t${randomBytes(4).toString('hex')}:`;
      const node = async () =>
        createRedisBus({
          publisher: await connectRedis(redis.url, 'pub'),
          subscriber: await connectRedis(redis.url, 'sub', true),
          channelOf: (mailbox) => `${prefix}${mailbox}`,
          logger: pino({ level: 'silent' }),
        });
      const [publisher, listener] = await Promise.all([node(), node()]);
      return { publisher, listener };
    },
  ],
];

describe.each(BUSES)('push hub on the %s', (_name, makeBuses) => {
  let publisher: EventBus;
  let listener: EventBus;
  let hub: PushHub;
  let server: Server;
  let baseUrl: string;
  const toClose: { close(): void }[] = [];

  /**
   * The hub behind a bare node:http server, as the events route uses it: the bearer token is
   * taken as the mailbox's address (authentication is the route's business, tested there).
   */
  async function start(maxStreamsPerMailbox = 5, maxStreamsPerClient = 100) {
    ({ publisher, listener } = await makeBuses());
    hub = createPushHub({
      bus: listener,
      store,
      heartbeatMs: HEARTBEAT_MS,
      maxStreamsPerMailbox,
      maxStreamsPerClient,
    });
    ({ server, baseUrl } = await serveHub(hub));
  }

  const open = async (mailbox: string, lastEventId?: string) => {
    const stream = await openEvents(baseUrl, mailbox, { lastEventId });
    toClose.push(stream);
    return stream;
  };

  /** A new mailbox in the hubs' store, and how to store messages in it (no event sent). */
  async function newMailbox(prefix: string) {
    const tag = randomBytes(4).toString('hex');
    const mailbox = `${prefix}${tag}@test`;
    await store.createMailbox({
      address: mailbox,
      tokenHash: mailbox,
      createdAt: 0,
      expiresAt: 2 ** 50,
    });
    let n = 0;
    return {
      mailbox,
      async store(fields: Partial<NewMessage>[]) {
        const messages = fields.map((f) =>
          storedMessage(`${tag}${String(n++).padStart(14, '0')}`, f),
        );
        const quota = { maxMessages: 1000, maxBytes: 100_000_000 };
        await store.putMessages(
          messages.map((message) => ({ mailbox, message })),
          1,
          quota,
        );
        return messages.map((m) => m.id);
      },
    };
  }

  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const stream of toClose.splice(0)) stream.close();
    hub.closeAll();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await publisher.close();
    if (listener !== publisher) await listener.close();
  });

  it('writes each event once per stream of its mailbox, serialised once, and to no other mailbox', async () => {
    await start();
    const a = await Promise.all([open('a@test'), open('a@test'), open('a@test')]);
    const b = await open('b@test');
    expect(hub.openStreams('a@test')).toBe(3);
    expect(hub.openStreams()).toBe(4);
    // One bus subscription per mailbox, whatever its number of streams.
    expect(listener.listenerCount()).toBe(2);

    const stringify = vi.spyOn(JSON, 'stringify');
    const extended: MailboxEvent = {
      type: 'mailbox.extended',
      expiresAt: '2026-01-15T12:10:00.000Z',
    };
    await publisher.publish('a@test', extended);
    await publisher.publish('a@test', { type: 'inbox.cleared' });
    for (const stream of a) {
      expect(await stream.next()).toEqual(extended);
      expect(await stream.next()).toEqual({ type: 'inbox.cleared' });
    }
    // Each event is serialised once on its way to every stream, whichever bus carries it.
    const calls = stringify.mock.calls.map(([value]) => value as unknown);
    stringify.mockRestore();
    const ofEvent = (event: MailboxEvent) =>
      calls.filter((value) => JSON.stringify(value) === JSON.stringify(event));
    expect(ofEvent(extended)).toHaveLength(1);
    expect(ofEvent({ type: 'inbox.cleared' })).toHaveLength(1);

    // Mailbox b saw nothing of a's: its first event is its own.
    await publisher.publish('b@test', { type: 'message.deleted', id: 'm1' });
    expect(await b.next()).toEqual({ type: 'message.deleted', id: 'm1' });
    // And a's streams got nothing more than their two events, each once.
    await publisher.publish('a@test', { type: 'message.deleted', id: 'm2' });
    for (const stream of a)
      expect(await stream.next()).toEqual({ type: 'message.deleted', id: 'm2' });
  });

  it('ends every stream of an expired mailbox after the event and lets go of its subscription', async () => {
    await start();
    const a = await Promise.all([open('a@test'), open('a@test')]);
    const b = await open('b@test');
    await publisher.publish('a@test', { type: 'mailbox.expired' });
    for (const stream of a) {
      expect(await stream.next()).toEqual({ type: 'mailbox.expired' });
      await stream.waitEnd();
    }
    expect(hub.openStreams('a@test')).toBe(0);
    expect(listener.listenerCount('a@test')).toBe(0);
    // The other mailbox's stream goes on.
    expect(b.ended).toBe(false);
    await publisher.publish('b@test', { type: 'inbox.cleared' });
    expect(await b.next()).toEqual({ type: 'inbox.cleared' });
    expect(hub.openStreams()).toBe(1);
  });

  it('refuses a stream over the per-mailbox limit without disturbing the open ones', async () => {
    await start(2);
    const a = await Promise.all([open('a@test'), open('a@test')]);
    const refused = await open('a@test');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await open('b@test')).status).toBe(200);
    expect(hub.openStreams('a@test')).toBe(2);
    await publisher.publish('a@test', { type: 'inbox.cleared' });
    for (const stream of a) expect(await stream.next()).toEqual({ type: 'inbox.cleared' });
    // A place freed by a client that hangs up is taken again.
    a[0]!.close();
    await until(() => hub.openStreams('a@test') === 1, 'the hang-up');
    expect((await open('a@test')).status).toBe(200);
  });

  it('refuses a client its stream over the per-client limit, whatever the mailbox', async () => {
    await start(5, 3);
    const held = await Promise.all([open('a@test'), open('b@test'), open('c@test')]);
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await open('d@test');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many open event streams from your address' },
    });
    // The refusal held nothing: no subscription for the mailbox, no stream counted.
    expect(listener.listenerCount('d@test')).toBe(0);
    expect(hub.openStreams()).toBe(3);
    held[1]!.close();
    await until(() => hub.openStreams() === 2, 'the hang-up');
    expect((await open('d@test')).status).toBe(200);
    expect((await open('e@test')).status).toBe(429);
  });

  it('sends each stream a heartbeat every period, and keeps no timer once all are gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await start();
    const streams = await Promise.all([open('a@test'), open('a@test'), open('b@test')]);
    // The opening block (retry hint and `: connected`) is the first comment.
    await until(() => streams.every((s) => s.comments === 1), 'the opening comments');
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    await sleep(50);
    expect(streams.map((s) => s.comments)).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1);
    await until(() => streams.every((s) => s.comments === 2), 'the first heartbeat');
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    await until(() => streams.every((s) => s.comments === 4), 'two more heartbeats');
    expect(vi.getTimerCount()).toBe(3);

    for (const stream of streams) stream.close();
    await until(() => hub.openStreams() === 0, 'the hang-ups');
    expect(vi.getTimerCount()).toBe(0);
    expect(listener.listenerCount()).toBe(0);
  });

  it('drops a client that stops reading instead of buffering for it, and keeps serving the rest', async () => {
    await start();
    const reader = await open('a@test');
    // A client that sends its request and never reads the answer.
    const url = new URL(baseUrl);
    const stalled = connect(Number(url.port), url.hostname);
    toClose.push({ close: () => stalled.destroy() });
    stalled.write('GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a@test\r\n\r\n');
    stalled.pause();
    await until(() => hub.openStreams('a@test') === 2, 'the stalled stream');

    // Big events until the stalled client is over the limit (the kernel's socket buffers first).
    const big: MailboxEvent = { type: 'mailbox.extended', expiresAt: 'x'.repeat(64 * 1024) };
    let sent = 0;
    for (; sent < 500 && hub.openStreams('a@test') === 2; sent++) {
      await publisher.publish('a@test', big);
      // The reading client keeps up: it has each event before the next is sent.
      expect(await reader.next()).toEqual(big);
    }
    expect(hub.openStreams('a@test')).toBe(1);
    expect(sent).toBeLessThan(500);
    await publisher.publish('a@test', { type: 'inbox.cleared' });
    expect(await reader.next()).toEqual({ type: 'inbox.cleared' });
  });

  it('closeAll ends every stream', async () => {
    await start();
    const streams = await Promise.all([open('a@test'), open('b@test')]);
    hub.closeAll();
    for (const stream of streams) await stream.waitEnd();
    expect(hub.openStreams()).toBe(0);
    expect(listener.listenerCount()).toBe(0);
  });

  it('sends a replaying stream each message once, however far behind the room has read', async () => {
    await start();
    // The room is placed at the empty mailbox's start by a first stream; then three messages
    // are stored with no event yet: the room has not read them.
    const { mailbox, store: put } = await newMailbox('r');
    const watcher = await open(mailbox);
    await put(['1', '2', '3'].map((n) => ({ subject: n })));
    // A stream from the start replays the three; the room's read that the next event makes
    // finds them too, and must not send them to it again.
    const replaying = await open(mailbox, '0');
    const subjectsOf = async (stream: Awaited<ReturnType<typeof open>>, count: number) => {
      const got: string[] = [];
      for (let i = 0; i < count; i++) {
        const event = await stream.next();
        got.push(event.type === 'message.received' ? event.message.subject : event.type);
      }
      return got;
    };
    expect(await subjectsOf(replaying, 3)).toEqual(['1', '2', '3']);
    const [first] = await store.listMessages(mailbox);
    await publisher.publish(mailbox, { type: 'message.received', message: toSummary(first!) });
    expect(await subjectsOf(watcher, 3)).toEqual(['1', '2', '3']);
    await publisher.publish(mailbox, { type: 'inbox.cleared' });
    expect(await subjectsOf(replaying, 1)).toEqual(['inbox.cleared']);
    expect(await subjectsOf(watcher, 1)).toEqual(['inbox.cleared']);
    expect(watcher.ids).toEqual([...replaying.ids.slice(0, 3), undefined]);
  });

  it('ends a replay the client does not read, lets go of it, and the client resumes from its last id', async () => {
    await start();
    // 15 MB of summaries: far more than a client may lag behind, or the kernel may buffer.
    const { mailbox, store: put } = await newMailbox('big');
    // (In the preview: a subject is cut short on the way out.)
    await put(
      Array.from({ length: 150 }, (_, n) => ({ subject: `${n}`, preview: 'x'.repeat(100_000) })),
    );
    // A client that asks for everything, then stops reading.
    const url = new URL(baseUrl);
    const stalled = connect(Number(url.port), url.hostname);
    toClose.push({ close: () => stalled.destroy() });
    stalled.write(
      `GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${mailbox}\r\n` +
        'Last-Event-ID: 0\r\n\r\n',
    );
    // Answered (its first bytes wait unread), then ended by the server and out of the hub.
    await new Promise((resolve) => stalled.once('readable', resolve));
    await until(
      () => hub.openStreams() === 0 && listener.listenerCount(mailbox) === 0,
      'the stream to end',
    );
    // What it got before the end is whole events; it goes on from the last id it got.
    let text = '';
    stalled.setEncoding('latin1');
    stalled.on('data', (chunk: string) => (text += chunk));
    await new Promise((resolve) => stalled.once('end', resolve));
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(150);
    const resumed = await open(mailbox, ids.at(-1));
    const next = await resumed.next();
    expect(next.type === 'message.received' && Number.parseInt(next.message.subject)).toBe(
      ids.length,
    );
  });
});

describe('push hub behind the events route', () => {
  it('answers a stream over the limit with the documented 429 JSON, before any event-stream byte', async () => {
    const h = await startHarness({ maxStreamsPerMailbox: 1 });
    try {
      const baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
      const box = await h.createMailbox();
      const first = await openEvents(baseUrl, box.token);
      const refused = await openEvents(baseUrl, box.token);
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Too many open event streams for this mailbox' },
      });
      expect(h.service.hub!.openStreams(box.email)).toBe(1);
      first.close();
      await until(() => h.service.hub!.openStreams() === 0, 'the hang-up');
    } finally {
      await h.close();
    }
  });
});

/**
 * A TCP proxy to `port` that holds every chunk from the client for `delayMs` before passing it
 * on (in order): a subscriber behind it has its SUBSCRIBE reach Redis that much later.
 */
async function slowProxy(port: number, delayMs: number) {
  const sockets = new Set<Socket>();
  const proxy = createNetServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    /** Stops listening and cuts every connection: Redis is gone for the client behind it. */
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

describe('push hub on a Redis bus that listens late', () => {
  let proxy: Awaited<ReturnType<typeof slowProxy>>;
  let buses: EventBus[];
  let server: Server;

  async function start() {
    proxy = await slowProxy(redis.port, 300);
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const bus = async (subscriberUrl: string) =>
      createRedisBus({
        publisher: await connectRedis(redis.url, 'pub'),
        subscriber: await connectRedis(subscriberUrl, 'sub', true),
        channelOf: (mailbox) => `${prefix}${mailbox}`,
        logger: pino({ level: 'silent' }),
      });
    buses = [await bus(redis.url), await bus(proxy.url)];
    const hub = createPushHub({
      bus: buses[1]!,
      store,
      heartbeatMs: HEARTBEAT_MS,
      maxStreamsPerMailbox: 5,
      maxStreamsPerClient: 100,
    });
    let baseUrl: string;
    ({ server, baseUrl } = await serveHub(hub));
    return baseUrl;
  }

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await proxy.close();
    await Promise.all(buses.map((b) => b.close()));
  });

  it('opens a stream only once its mailbox is subscribed, so an event sent right after reaches it', async () => {
    const baseUrl = await start();
    const started = Date.now();
    const stream = await openEvents(baseUrl, 'a@test');
    expect(stream.status).toBe(200);
    // The SUBSCRIBE took the proxy's 300 ms to reach Redis, and the opening waited for it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await buses[0]!.publish('a@test', { type: 'inbox.cleared' });
    expect(await stream.next()).toEqual({ type: 'inbox.cleared' });
    stream.close();
  });

  it('answers 503 before any event-stream byte when the bus cannot listen', async () => {
    const baseUrl = await start();
    await proxy.close();
    const refused = await openEvents(baseUrl, 'a@test');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});
