import {
  LONG_POLL_MAX_SECONDS,
  type CreatedMailbox,
  type MailboxEvent,
  type MessageFeed,
} from '@et/common';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { openEvents } from './helpers/sse-client';
import { until } from './helpers/until';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const mail = (subject: string) =>
  `From: Servizio <noreply@servizio.example>\r\nSubject: ${subject}\r\n\r\nciao\r\n`;

const subjects = (feed: MessageFeed) => feed.messages.map((m) => m.subject);

/** `GET /api/v1/messages?query` on a real socket: the status and the JSON body. */
async function getList(baseUrl: string, token: string, query: string, signal?: AbortSignal) {
  const res = await fetch(`${baseUrl}/api/v1/messages?${query}`, {
    headers: bearer(token),
    signal,
  });
  return { status: res.status, body: (await res.json()) as MessageFeed };
}

const receivedSubject = (event: MailboxEvent) =>
  event.type === 'message.received' ? event.message.subject : event.type;

describe('the order of a mailbox, on one node', () => {
  let h: Harness;
  let baseUrl: string;
  beforeEach(async () => {
    h = await startHarness();
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    await h.close();
  });

  const auth = (box: CreatedMailbox) => ({ headers: bearer(box.token) });
  const feed = async (box: CreatedMailbox, query: string) => {
    const { status, body } = await getList(baseUrl, box.token, query);
    expect(status).toBe(200);
    return body;
  };

  it('lists what arrived after a cursor, oldest first, with the cursor to ask from next', async () => {
    const box = await h.createMailbox();
    expect(await feed(box, 'since=0')).toEqual({ messages: [], cursor: '0' });
    await h.sendRaw(mail('uno'), box.email);
    await h.sendRaw(mail('due'), box.email);
    const first = await feed(box, 'since=0');
    expect(subjects(first)).toEqual(['uno', 'due']);
    // Each message has its own cursor, the last one's is the answer's.
    const [uno, due] = first.messages.map((m) => m.cursor);
    expect(Number(uno)).toBeLessThan(Number(due));
    expect(due).toBe(first.cursor);
    expect(subjects(await feed(box, `since=${uno}`))).toEqual(['due']);
    expect(await feed(box, `since=${first.cursor}`)).toEqual({
      messages: [],
      cursor: first.cursor,
    });
    await h.sendRaw(mail('tre'), box.email);
    const second = await feed(box, `since=${first.cursor}`);
    expect(subjects(second)).toEqual(['tre']);
    expect(second.cursor).not.toBe(first.cursor);
    // The same summaries as the plain list, which stays as it was: newest first, no cursor.
    const plain = await feed(box, '');
    const withoutCursor = ({ cursor: _, ...summary }: MessageFeed['messages'][number]) => summary;
    expect(plain).toEqual({
      messages: [...first.messages, ...second.messages].reverse().map(withoutCursor),
    });

    // The newest deleted: the cursor steps back to the newest held, and the next message still
    // comes after the cursor that named the deleted one.
    const tre = second.messages[0]!.id;
    await h.app.inject({ method: 'DELETE', url: `/api/v1/messages/${tre}`, ...auth(box) });
    expect(await feed(box, `since=${second.cursor}`)).toEqual({
      messages: [],
      cursor: first.cursor,
    });
    await h.sendRaw(mail('quattro'), box.email);
    expect(subjects(await feed(box, `since=${second.cursor}`))).toEqual(['quattro']);
    expect(subjects(await feed(box, `since=${first.cursor}`))).toEqual(['quattro']);
  });

  it('answers a bad cursor or wait with 400 in the error format, a wrong token with 401', async () => {
    const box = await h.createMailbox();
    for (const query of [
      'since=abc',
      'since=-1',
      'since=01',
      'since=1234567890123456',
      'since=',
      `since=0&wait=${LONG_POLL_MAX_SECONDS + 1}`,
      'since=0&wait=-1',
      'since=0&wait=soon',
      'wait=5',
    ]) {
      const { status, body } = await getList(baseUrl, box.token, query);
      expect([query, status]).toEqual([query, 400]);
      expect(body).toMatchObject({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
    }
    const other = await getList(baseUrl, 'x'.repeat(43), 'since=0&wait=5');
    expect(other.status).toBe(401);
  });

  it('a long-poll answers at the first new message', async () => {
    const box = await h.createMailbox();
    const poll = getList(baseUrl, box.token, `since=0&wait=${LONG_POLL_MAX_SECONDS}`);
    await until(() => h.service.hub!.waitingPolls(box.email) === 1, 'the long-poll to wait');
    const info = await h.sendRaw(mail('arrivata'), box.email);
    expect(info.response).toMatch(/^250 /);
    const sent = performance.now();
    const { status, body } = await poll;
    const answeredMs = performance.now() - sent;
    expect(status).toBe(200);
    expect(subjects(body)).toEqual(['arrivata']);
    // Woken by the push, not by its end: a small part of the wait it was given.
    expect(answeredMs).toBeLessThan((LONG_POLL_MAX_SECONDS * 1000) / 10);
    expect(h.service.hub!.waitingPolls()).toBe(0);
    expect(h.bus.listenerCount()).toBe(0);
    // Something newer already there: no wait at all.
    const again = await feed(box, `since=0&wait=${LONG_POLL_MAX_SECONDS}`);
    expect(subjects(again)).toEqual(['arrivata']);
    expect(again.cursor).toBe(body.cursor);
  });

  it('a long-poll with nothing new answers 200 with an empty list and the cursor at its end', async () => {
    const box = await h.createMailbox();
    await h.sendRaw(mail('vecchia'), box.email);
    const { cursor } = await feed(box, 'since=0');
    const started = performance.now();
    expect(await feed(box, `since=${cursor}&wait=1`)).toEqual({ messages: [], cursor });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(h.service.hub!.waitingPolls()).toBe(0);
    expect(h.bus.listenerCount()).toBe(0);
  });

  it('a long-poll ends with the mailbox, and lets go of it when the client hangs up', async () => {
    const box = await h.createMailbox();
    const poll = getList(baseUrl, box.token, `since=0&wait=${LONG_POLL_MAX_SECONDS}`);
    await until(() => h.service.hub!.waitingPolls(box.email) === 1, 'the long-poll to wait');
    const deleted = await h.app.inject({ method: 'DELETE', url: '/api/v1/mailbox', ...auth(box) });
    expect(deleted.statusCode).toBe(204);
    expect(await poll).toEqual({ status: 200, body: { messages: [], cursor: '0' } });
    expect((await getList(baseUrl, box.token, 'since=0')).status).toBe(401);

    const other = await h.createMailbox();
    const hangUp = new AbortController();
    const left = getList(
      baseUrl,
      other.token,
      `since=0&wait=${LONG_POLL_MAX_SECONDS}`,
      hangUp.signal,
    );
    await until(() => h.service.hub!.waitingPolls(other.email) === 1, 'the long-poll to wait');
    hangUp.abort();
    await expect(left).rejects.toThrow();
    await until(() => h.service.hub!.waitingPolls() === 0, 'the hang-up');
    expect(h.bus.listenerCount()).toBe(0);
  });

  it('numbers each message.received with its cursor, and a stream opened with Last-Event-ID replays what came after it', async () => {
    const box = await h.createMailbox();
    const live = await openEvents(baseUrl, box.token);
    await h.sendRaw(mail('uno'), box.email);
    await h.sendRaw(mail('due'), box.email);
    await h.app.inject({ method: 'POST', url: '/api/v1/mailbox/extend', ...auth(box) });
    expect((await live.next()).type).toBe('message.received');
    expect((await live.next()).type).toBe('message.received');
    expect((await live.next()).type).toBe('mailbox.extended');
    const { messages, cursor } = await feed(box, 'since=0');
    // Each message's id is its cursor in the list; the last one's is the list's; no id on the
    // other events.
    const [idUno, idDue, idExtended] = live.ids;
    expect([idUno, idDue]).toEqual(messages.map((m) => m.cursor));
    expect(idDue).toBe(cursor);
    expect(idExtended).toBeUndefined();
    live.close();

    // Mail while nobody listens, then a reconnect with the last id: the two missed, in order,
    // then live mail.
    await h.sendRaw(mail('tre'), box.email);
    await h.sendRaw(mail('quattro'), box.email);
    const resumed = await openEvents(baseUrl, box.token, { lastEventId: idDue });
    expect(resumed.status).toBe(200);
    expect(receivedSubject(await resumed.next())).toBe('tre');
    expect(receivedSubject(await resumed.next())).toBe('quattro');
    await h.sendRaw(mail('cinque'), box.email);
    expect(receivedSubject(await resumed.next())).toBe('cinque');
    expect(resumed.ids.map(Number)).toEqual([...resumed.ids.map(Number)].sort((a, b) => a - b));
    resumed.close();

    // From the start: every message, oldest first.
    const all = await openEvents(baseUrl, box.token, { lastEventId: '0' });
    const replayed: string[] = [];
    for (let i = 0; i < 5; i++) replayed.push(receivedSubject(await all.next()));
    expect(replayed).toEqual(['uno', 'due', 'tre', 'quattro', 'cinque']);
    all.close();
  });

  it('a stream that replays while mail arrives sends each message once, in order', async () => {
    const box = await h.createMailbox();
    // A stream already open: the replaying one joins its room while that room reads arrivals.
    const watcher = await openEvents(baseUrl, box.token);
    const sends = Array.from({ length: 12 }, (_, i) => h.sendRaw(mail(`m${i}`), box.email));
    await sends[2];
    const replaying = await openEvents(baseUrl, box.token, { lastEventId: '0' });
    await Promise.all(sends);
    const expected = Array.from({ length: 12 }, (_, i) => `m${i}`).sort();
    for (const stream of [watcher, replaying]) {
      const got: string[] = [];
      for (let i = 0; i < 12; i++) got.push(receivedSubject(await stream.next()));
      expect(got.sort()).toEqual(expected);
      const ids = stream.ids.map(Number);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      await expect(stream.next(300)).rejects.toThrow('no event in time');
      stream.close();
    }
  });

  it('refuses a Last-Event-ID that is no cursor with 400 JSON; one past the newest misses nothing after it', async () => {
    const box = await h.createMailbox();
    const refused = await openEvents(baseUrl, box.token, { lastEventId: 'abc' });
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(await refused.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(h.service.hub!.openStreams()).toBe(0);

    const ahead = await openEvents(baseUrl, box.token, { lastEventId: '999999' });
    expect(ahead.status).toBe(200);
    await h.sendRaw(mail('dopo'), box.email);
    expect(receivedSubject(await ahead.next())).toBe('dopo');
    ahead.close();
  });
});

describe('the order of a mailbox, across two nodes on one Redis', () => {
  let redis: TestRedis;
  let nodes: ServerProcess[];

  beforeAll(async () => {
    redis = await startRedis();
    const env = { STORE_URL: redis.url, SMTP_GREETING_DELAY_MS: '0' };
    nodes = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  });
  afterAll(async () => {
    await Promise.all(nodes?.map((n) => n.stop()) ?? []);
    await redis?.stop();
  });

  const create = async (node: ServerProcess) =>
    (await (
      await fetch(`${node.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
    ).json()) as CreatedMailbox;

  async function send(node: ServerProcess, to: string, subject: string) {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: node.smtpPort,
      ignoreTLS: true,
    });
    try {
      return await transport.sendMail({
        envelope: { from: 'a@example.org', to: [to] },
        raw: mail(subject),
      });
    } finally {
      transport.close();
    }
  }

  it('a stream resumed on the other node with Last-Event-ID gets what it missed', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const box = await create(a);
    const onA = await openEvents(a.httpUrl, box.token);
    await send(b, box.email, 'uno');
    expect(receivedSubject(await onA.next(5000))).toBe('uno');
    const [lastId] = onA.ids;
    onA.close();
    await send(a, box.email, 'due');
    await send(b, box.email, 'tre');
    const onB = await openEvents(b.httpUrl, box.token, { lastEventId: lastId });
    expect(receivedSubject(await onB.next(5000))).toBe('due');
    expect(receivedSubject(await onB.next(5000))).toBe('tre');
    await send(a, box.email, 'quattro');
    expect(receivedSubject(await onB.next(5000))).toBe('quattro');
    onB.close();
    // Both nodes give the same cursors.
    const [fromA, fromB] = await Promise.all(
      [a, b].map(async (node) => (await getList(node.httpUrl, box.token, `since=${lastId}`)).body),
    );
    expect(subjects(fromA!)).toEqual(['due', 'tre', 'quattro']);
    expect(fromB).toEqual(fromA);
    expect(fromA!.cursor).toBe(onB.ids.at(-1));
  });

  it('a long-poll on one node answers at mail taken by the other', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const box = await create(b);
    const poll = getList(a.httpUrl, box.token, `since=0&wait=${LONG_POLL_MAX_SECONDS}`);
    // Time for the poll to find nothing and wait (mail before that is answered at once too).
    await sleep(300);
    const info = await send(b, box.email, 'arrivata');
    expect(info.response).toMatch(/^250 /);
    const sent = performance.now();
    const { status, body } = await poll;
    expect(performance.now() - sent).toBeLessThan((LONG_POLL_MAX_SECONDS * 1000) / 10);
    expect(status).toBe(200);
    expect(subjects(body)).toEqual(['arrivata']);
  });
});
