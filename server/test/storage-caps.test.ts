import type { CreatedMailbox, MessageList, RefusalList } from '@et/common';
import type { Cluster } from 'ioredis';
import { statfs } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_VARS } from '../src/config';
import { createLocalCounters } from '../src/counters/local-counters';
import { CAP_WINDOW_MS, createDeliveryCaps } from '../src/counters/byte-caps';
import { connectRedis } from '../src/store/redis/connection';
import { memoryHeadroom } from '../src/store/redis/memory-headroom';
import { createFakeClock } from './helpers/fake-clock';
import { bearer, startHarness, type Harness, type HarnessOptions } from './helpers/harness';
import { startRedis, startRedisCluster, type TestRedis } from './helpers/redis-server';
import { code, openSmtp, type SmtpSession } from './helpers/smtp-client';
import { STORE_MODES } from './helpers/store-modes';

const OVER_LIMIT =
  '451 4.7.1 Too much mail from your address or to these mailboxes, try again later';
const NO_STORAGE = '452 4.3.1 Insufficient system storage, try again later';
const FULL = '452 4.2.2 Mailbox full, try again later';
const TAKEN = expect.stringMatching(/^250 /);

/** A message of exactly `bytes` bytes as SMTP receives it: CRLF lines, none starting with a dot. */
function messageOf(bytes: number, subject: string): Buffer {
  const line = `${'x'.repeat(78)}\r\n`;
  const head = (pad: number) => `Subject: ${subject}${' '.repeat(pad)}\r\n\r\n`;
  const lines = Math.floor((bytes - head(0).length) / line.length);
  return Buffer.from(head(bytes - head(0).length - lines * line.length) + line.repeat(lines));
}

/** The replies of one mail transaction; `data` is null when no recipient was taken. */
interface Replies {
  mailFrom: string;
  rcpt: string[];
  data: string | null;
}

/** One mail transaction on an open session, from MAIL FROM to the reply after DATA. */
async function transaction(
  s: SmtpSession,
  to: readonly string[],
  raw: Buffer,
  from = 'mittente@sito.example',
): Promise<Replies> {
  const mailFrom = await s.command(`MAIL FROM:<${from}>`);
  if (code(mailFrom) !== 250) return { mailFrom, rcpt: [], data: null };
  const rcpt: string[] = [];
  for (const address of to) rcpt.push(await s.command(`RCPT TO:<${address}>`));
  if (!rcpt.some((r) => code(r) === 250)) {
    await s.command('RSET');
    return { mailFrom, rcpt, data: null };
  }
  expect(code(await s.command('DATA'))).toBe(354);
  s.write(Buffer.concat([raw, Buffer.from('.\r\n')]));
  return { mailFrom, rcpt, data: await s.nextReply() };
}

/** An SMTP session to `h` from the loopback address `from` (another sending client). */
async function session(h: Harness, from: string): Promise<SmtpSession> {
  const s = await openSmtp(h.smtpPort, '127.0.0.1', from);
  expect(code(await s.command('EHLO client.test'))).toBe(250);
  return s;
}

/** One message over a session of its own, from the loopback address `ip`. */
async function send(h: Harness, ip: string, to: readonly string[], raw: Buffer, from?: string) {
  const s = await session(h, ip);
  try {
    return await transaction(s, to, raw, from);
  } finally {
    s.close();
  }
}

/** A mailbox created through the API by the client at `ip`. */
async function createFrom(h: Harness, ip: string): Promise<CreatedMailbox> {
  const res = await h.app.inject({ method: 'POST', url: '/api/v1/mailboxes', remoteAddress: ip });
  expect(res.statusCode).toBe(201);
  return res.json<CreatedMailbox>();
}

async function refusalsOf(h: Harness, token: string) {
  const res = await h.app.inject({ url: '/api/v1/mailbox/refusals', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<RefusalList>().refusals;
}

/** Subjects of a mailbox's messages, sorted (the padding of `messageOf` trimmed). */
async function subjectsOf(h: Harness, address: string) {
  return (await h.store.listMessages(address)).map((m) => m.subject.trim()).sort();
}

async function scrape(h: Harness) {
  return (await h.service.observability.metrics.scrape()).body;
}

/**
 * What one client can take of the storage, over a real SMTP client to the real server, on each
 * store; on Redis two nodes share the counters, so a client gains nothing from reaching several.
 */
describe.each(STORE_MODES)('storage one client cannot exhaust, %s store', (mode) => {
  let redis: TestRedis | null = null;
  const running: Harness[] = [];
  // A Redis of each test's own: the counters' windows and the role mailboxes outlive a test.
  beforeEach(async () => {
    if (mode === 'redis') redis = await startRedis();
  });
  afterEach(async () => {
    for (const h of running.splice(0)) await h.close();
    await redis?.stop();
    redis = null;
  });
  const start = async (options: HarnessOptions = {}) => {
    const h = await startHarness({ ...options, storeUrl: redis?.url ?? null });
    running.push(h);
    return h;
  };
  /** Two nodes on the shared Redis; on SQLite, its one node twice. */
  const twoNodes = async (options: HarnessOptions) => {
    const a = await start(options);
    return [a, mode === 'redis' ? await start(options) : a] as const;
  };

  it('takes SENDER_MAX_BYTES_PER_HOUR from one sending client on every node together; beyond, 451 4.7.1, recorded, nothing stored or lost', async () => {
    const [a, b] = await twoNodes({ senderMaxBytesPerHour: 10_000 });
    const box = await a.createMailbox();
    const heavy = '127.0.0.2';
    for (let i = 0; i < 3; i++) {
      const node = i % 2 ? b : a;
      expect((await send(node, heavy, [box.email], messageOf(3000, `m${i}`))).data).toEqual(TAKEN);
    }
    // 9,000 bytes counted: 3,000 more would pass the cap, so the message is refused whole once
    // its size is known, before anything of it is stored.
    const over = await send(a, heavy, [box.email], messageOf(3000, 'troppo'));
    expect(over).toEqual({ mailFrom: TAKEN, rcpt: [TAKEN], data: OVER_LIMIT });
    // The refused bytes were given back: 1,000 more fit exactly, taken by the other node.
    expect((await send(b, heavy, [box.email], messageOf(1000, 'giusto'))).data).toEqual(TAKEN);
    // The hour is spent: refused at RCPT now, before a byte of data is sent.
    const spent = await send(b, heavy, [box.email], messageOf(500, 'ancora'));
    expect(spent).toEqual({ mailFrom: TAKEN, rcpt: [OVER_LIMIT], data: null });
    // Another sending client is counted apart.
    expect((await send(a, '127.0.0.3', [box.email], messageOf(3000, 'altro'))).data).toEqual(TAKEN);
    expect(await subjectsOf(a, box.email)).toEqual(['altro', 'giusto', 'm0', 'm1', 'm2']);
    expect(await refusalsOf(b, box.token)).toContainEqual(
      expect.objectContaining({
        reason: 'sender-limit',
        sender: 'mittente@sito.example',
        reply: OVER_LIMIT,
      }),
    );
    if (mode === 'sqlite') {
      // The window is the hour from the first byte counted (on Redis, Redis's own hour:
      // rate-counters.test.ts); then the sender counts from 0 again.
      a.clock.advance(CAP_WINDOW_MS);
      const later = await a.createMailbox();
      expect((await send(a, heavy, [later.email], messageOf(3000, 'dopo'))).data).toEqual(TAKEN);
    }
  });

  it('takes CREATOR_MAX_BYTES_PER_HOUR into the mailboxes one client created, together; a spent creator holds back the other recipients at most once a node', async () => {
    const [a, b] = await twoNodes({ creatorMaxBytesPerHour: 10_000 });
    const one = await createFrom(a, '192.0.2.10');
    const two = await createFrom(b, '192.0.2.10');
    const other = await createFrom(a, '192.0.2.20');
    expect((await send(a, '127.0.0.2', [one.email], messageOf(3000, 'a1'))).data).toEqual(TAKEN);
    expect((await send(b, '127.0.0.3', [two.email], messageOf(3000, 'b1'))).data).toEqual(TAKEN);
    // A copy for each of the creator's mailboxes: 6,000 + 6,000 would pass 10,000.
    const both = await send(a, '127.0.0.4', [one.email, two.email], messageOf(3000, 'ab'));
    expect(both).toEqual({ mailFrom: TAKEN, rcpt: [TAKEN, TAKEN], data: OVER_LIMIT });
    // 4,000 more fit exactly; then the creator's hour is spent, as the node that took them knows.
    expect((await send(b, '127.0.0.4', [two.email], messageOf(4000, 'b2'))).data).toEqual(TAKEN);
    // Its mailboxes are refused at RCPT, and the message still reaches another creator's.
    const mixed = (node: Harness, subject: string) =>
      send(node, '127.0.0.5', [one.email, other.email], messageOf(1000, subject));
    expect(await mixed(b, 'misto')).toEqual({
      mailFrom: TAKEN,
      rcpt: [OVER_LIMIT, TAKEN],
      data: TAKEN,
    });
    const expected = ['misto'];
    if (mode === 'redis') {
      // The other node learns it from the counters, when a message of its own passes the cap:
      // that message is refused whole, once.
      expect((await mixed(a, 'una volta')).data).toBe(OVER_LIMIT);
      expect(await mixed(a, 'di nuovo')).toEqual({
        mailFrom: TAKEN,
        rcpt: [OVER_LIMIT, TAKEN],
        data: TAKEN,
      });
      expected.push('di nuovo');
    }
    expect(await subjectsOf(a, one.email)).toEqual(['a1']);
    expect(await subjectsOf(a, two.email)).toEqual(['b1', 'b2']);
    expect(await subjectsOf(a, other.email)).toEqual(expected.sort());
    for (const box of [one, two]) {
      expect(await refusalsOf(a, box.token)).toContainEqual(
        expect.objectContaining({ reason: 'sender-limit', reply: OVER_LIMIT }),
      );
    }
    // The other creator's mailbox knows only of the message refused whole.
    expect(await refusalsOf(a, other.token)).toHaveLength(mode === 'redis' ? 1 : 0);
  });

  it('probe 16: 63 messages of 1 MB from one sender take its share of postmaster@, never the room of another sender’s report', async () => {
    const h = await start();
    const postmaster = 'postmaster@localhost';
    const flood = await session(h, '127.0.0.2');
    const replies: (string | null)[] = [];
    for (let i = 0; i < 63; i++) {
      const raw = messageOf(1_000_000, `flood ${i}`);
      replies.push((await transaction(flood, [postmaster], raw, 'x@attacker.example')).data);
    }
    flood.close();
    // A quarter of the 50 MB quota: thirteen such messages with our trace fields, then refused.
    const share =
      (CONFIG_VARS.mailboxMaxBytes.fallback * CONFIG_VARS.roleMailboxSenderSharePercent.fallback) /
      100;
    const taken = Math.floor(share / 1_000_600);
    expect(taken).toBe(13);
    expect(replies).toEqual([
      ...Array<unknown>(taken).fill(TAKEN),
      ...Array<string>(63 - taken).fill(FULL),
    ]);
    const before = (await h.store.listMessages(postmaster)).map((m) => m.id).sort();
    // An ISP's abuse desk, another network, is heard: its report is stored.
    const report = await send(
      h,
      '127.0.0.3',
      [postmaster],
      messageOf(20_000, 'segnalazione'),
      'abuse-desk@isp.example',
    );
    expect(report.data).toEqual(TAKEN);
    const after = await h.store.listMessages(postmaster);
    expect(after.map((m) => m.subject.trim())).toContain('segnalazione');
    // Nothing of the flood already stored was dropped to make room.
    expect(before.every((id) => after.some((m) => m.id === id))).toBe(true);
    expect(after).toHaveLength(taken + 1);
  });
});

describe('the store watermark, sqlite store', () => {
  it('refuses new mail 452 4.3.1 with a free-disk floor above the free space, and keeps every stored message', async () => {
    const first = await startHarness();
    let second: Harness | null = null;
    try {
      const box = await first.createMailbox();
      for (const subject of ['uno', 'due']) {
        const sent = await send(first, '127.0.0.1', [box.email], messageOf(2000, subject));
        expect(sent.data).toEqual(TAKEN);
      }
      await first.service.stop();
      const { bavail, bsize } = await statfs(first.dir);
      // The same data, on a node whose floor is a gigabyte above what is free.
      second = await startHarness({
        dataDir: first.dir,
        storeMinFreeBytes: bavail * bsize + 1024 ** 3,
      });
      for (const to of [box.email, 'postmaster@localhost']) {
        expect(await send(second, '127.0.0.1', [to], messageOf(2000, 'tre'))).toEqual({
          mailFrom: NO_STORAGE,
          rcpt: [],
          data: null,
        });
      }
      const res = await second.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json<MessageList>();
      expect(messages.map((m) => m.subject.trim()).sort()).toEqual(['due', 'uno']);
      for (const m of messages) {
        expect((await second.store.getRaw(box.email, m.id))?.length).toBeGreaterThan(2000);
      }
      const metrics = await scrape(second);
      expect(metrics).toContain('tempmail_store_watermark_reached 1');
      expect(metrics).toMatch(/tempmail_store_headroom_bytes -\d+/);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

describe('the store watermark, redis store', () => {
  let redis: TestRedis;
  beforeEach(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await redis.stop();
  });

  it('refuses new mail 452 4.3.1 within a second of maxmemory coming near, even mid-transaction; keeps what is stored; reads INFO once a second, not per message', async () => {
    const h = await startHarness({ storeUrl: redis.url });
    const admin = await connectRedis(redis.url, 'test-admin');
    try {
      const infoCalls = async () =>
        Number(/cmdstat_info:calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0);
      const box = await h.createMailbox();
      const s = await session(h, '127.0.0.1');
      const before = await infoCalls();
      const startedMs = performance.now();
      for (let i = 0; i < 20; i++) {
        expect((await transaction(s, [box.email], messageOf(2000, `m${i}`))).data).toEqual(TAKEN);
      }
      const elapsedMs = performance.now() - startedMs;
      // Less the read of `before` itself.
      const calls = (await infoCalls()) - before - 1;
      expect(calls).toBeLessThan(20);
      expect(calls).toBeLessThanOrEqual(Math.ceil(elapsedMs / 1000) + 1);

      // A transaction under way when Redis comes near its maxmemory.
      expect(code(await s.command('MAIL FROM:<mittente@sito.example>'))).toBe(250);
      expect(code(await s.command(`RCPT TO:<${box.email}>`))).toBe(250);
      const used = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))![1]);
      await admin.config('SET', 'maxmemory', String(Math.ceil((used * 100) / 95)));
      await vi.waitFor(
        async () => expect(await scrape(h)).toContain('tempmail_store_watermark_reached 1'),
        { timeout: 5000, interval: 50 },
      );
      expect(code(await s.command('DATA'))).toBe(354);
      s.write(Buffer.concat([messageOf(2000, 'durante'), Buffer.from('.\r\n')]));
      expect(await s.nextReply()).toBe(NO_STORAGE);
      expect(await transaction(s, [box.email], messageOf(2000, 'dopo'))).toEqual({
        mailFrom: NO_STORAGE,
        rcpt: [],
        data: null,
      });
      const stored = await h.store.listMessages(box.email);
      expect(stored).toHaveLength(20);
      for (const m of stored) expect(await h.store.getRaw(box.email, m.id)).not.toBeNull();

      // Room again (no maxmemory: a share of the machine's memory), and mail is taken again.
      await admin.config('SET', 'maxmemory', '0');
      await vi.waitFor(
        async () => expect(await scrape(h)).toContain('tempmail_store_watermark_reached 0'),
        { timeout: 5000, interval: 50 },
      );
      expect((await transaction(s, [box.email], messageOf(2000, 'ancora'))).data).toEqual(TAKEN);
      s.close();
    } finally {
      await admin.config('SET', 'maxmemory', '0');
      await admin.quit();
      await h.close();
    }
  });
});

describe('the store watermark, redis cluster', () => {
  it('is the fullest primary’s', async () => {
    const cluster = await startRedisCluster();
    const client = await connectRedis(cluster.url, 'test-cluster');
    try {
      const read = memoryHeadroom(client, 90, pino({ level: 'silent' }));
      const roomy = await read();
      expect(roomy).toBeGreaterThan(0);
      const [first] = (client as Cluster).nodes('master');
      const used = Number(/used_memory:(\d+)/.exec(await first!.info('memory'))![1]);
      await first!.config('SET', 'maxmemory', String(Math.ceil((used * 100) / 95)));
      expect(await read()).toBeLessThan(0);
      await first!.config('SET', 'maxmemory', '0');
      expect(await read()).toBeGreaterThan(0);
    } finally {
      await client.quit();
      await cluster.stop();
    }
  });
});

/** The caps themselves, on one node's real counters and a fake clock. */
describe('the byte caps, counted by client key', () => {
  const start = () => {
    const clock = createFakeClock();
    const caps = createDeliveryCaps({
      counters: createLocalCounters({ now: clock.now }),
      now: clock.now,
      senderMaxBytesPerHour: 1000,
      creatorMaxBytesPerHour: 10_000,
      ipv6PrefixBits: 64,
      logger: pino({ level: 'silent' }),
    });
    return { clock, caps };
  };
  const a = { address: 'a@x.test', creator: null };
  const b = { address: 'b@x.test', creator: null };

  it('counts an IPv6 sender by its /64, and an IPv4 one written as IPv6 by its address', async () => {
    const { caps } = start();
    expect(await caps.admit({ ip: '2001:db8:1:2::1', mailboxes: [a], bytes: 600 })).not.toBeNull();
    expect(await caps.admit({ ip: '2001:db8:1:2:ffff::9', mailboxes: [a], bytes: 600 })).toBeNull();
    expect(await caps.admit({ ip: '2001:db8:1:3::1', mailboxes: [a], bytes: 600 })).not.toBeNull();
    expect(await caps.admit({ ip: '::ffff:192.0.2.1', mailboxes: [a], bytes: 600 })).not.toBeNull();
    expect(await caps.admit({ ip: '192.0.2.1', mailboxes: [a], bytes: 600 })).toBeNull();
  });

  it('counts every copy, gives back the copies not stored, and starts again when the hour has passed', async () => {
    const { clock, caps } = start();
    const ip = '192.0.2.1';
    const admission = await caps.admit({ ip, mailboxes: [a, b], bytes: 400 });
    expect(admission).not.toBeNull();
    await admission!.refund([b.address]);
    expect(await caps.admit({ ip, mailboxes: [a], bytes: 600 })).not.toBeNull();
    expect(caps.admitsRecipient(ip, a)).toBe(false);
    expect(caps.admitsRecipient('192.0.2.2', a)).toBe(true);
    clock.advance(CAP_WINDOW_MS);
    expect(caps.admitsRecipient(ip, a)).toBe(true);
  });
});
