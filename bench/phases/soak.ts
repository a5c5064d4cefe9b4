import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { get, type ClientRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { CreatedMailbox, MailboxInfo, MessageList } from '@et/common';
import { cpuMs, freePort, percentile, rssMb, sleep } from '../lib/proc';
import { startRedis, type BenchRedis } from '../lib/redis';
import { record } from '../lib/report';
import { startServer, type BenchServer } from '../lib/server';
import {
  LOOP_MONITOR,
  monitorSampler,
  promSampler,
  type ProcessSample,
  type ProcessSampler,
} from '../lib/server-metrics';
import { attachmentMessage } from '../lib/smtp';

/**
 * The soak's load. Moderate on purpose: it must leave room on a 2-core machine for the server
 * to show what time does to it (memory that grows, a loop that slows), not what saturation does.
 */
const LOAD = {
  /** Messages per second over SMTP, spread over the live mailboxes. */
  smtpPerSecond: 20,
  /** One message in this many is the ~100 KB message with a 72 KiB attachment; the rest 1 KB. */
  attachmentEvery: 10,
  /** A connection sends up to this many messages (1..n, drawn) before QUIT and a new one. */
  maxMessagesPerConnection: 20,
  /** Mailboxes kept alive at any time; a new one is made when one ends. */
  liveMailboxes: 30,
  /**
   * At most one new mailbox per this many ms, so that the first ones are spread over half a
   * minute and do not all expire in the same second (steady state needs one every ~2 s).
   */
  createEveryMs: 1000,
  /** Each mailbox lists its messages this often (the page's poll). */
  pollEveryMs: 3000,
  /** Event-stream slots per mailbox (tabs); each opens, lives 10-40 s, closes, reopens. */
  streamSlots: 2,
  /** Share of mailboxes deleted (DELETE /mailbox) at 25-45 s, and extended once at 25-40 s. */
  deleteShare: 0.15,
  extendShare: 0.2,
  /** Of the polls, the share that also reads one message's detail, or deletes one message. */
  detailShare: 0.1,
  deleteMessageShare: 0.05,
};

/** The mailbox TTL of the soak's server: short, so that mailboxes expire all the time. */
const TTL_SECONDS = 60;
/** Nothing is sent to a mailbox this close to its end, so each 250 can be checked in time. */
const SEND_MARGIN_MS = 10_000;
/**
 * How long before the expiry a stream that waits for `mailbox.expired` is opened; the mailbox's
 * last list is read right after.
 */
const WATCH_MS = 6_000;
/** The expiry event must come within this; later counts as an error and as this lag. */
const EXPIRY_EVENT_TIMEOUT_MS = 15_000;
const SAMPLE_EVERY_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** The minute from which RSS growth is measured: past start-up and the first fills. */
const GROWTH_FROM_MINUTE = 5;

export interface SoakOptions {
  minutes: number;
  redis: boolean;
}

/** One printed row per minute; also written to the results file. */
export interface SoakMinute {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  loopMs: { p50: number; p99: number; max: number };
  redisRssMb?: number;
  /** CPU the server process used in the minute (every thread), % of one core. */
  serverCpuPercent: number;
  /** The same for redis-server, in Redis mode. */
  redisCpuPercent?: number;
  /**
   * The worst event-loop delay of the bench itself in the minute (ms): the times it measures
   * (expiry events, 250s) are late by up to this much when the machine is busy.
   */
  benchLagMaxMs: number;
  /** The machine's 1-minute load average at the end of the minute (it is shared). */
  load: number;
  acked: number;
  attachments: number;
  polls: number;
  streamsOpen: number;
  streamsOpened: number;
  created: number;
  extended: number;
  deleted: number;
  expired: number;
  messagesDeleted: number;
  errors: number;
  missing: number;
  /** Expiry → `mailbox.expired` on the stream, the worst of the minute (s). */
  sweeperLagMax: number | null;
  /** Expiry → last answer that still showed the mailbox (s). */
  readableLagMax: number | null;
  /** tempmail_sweeper_lag_seconds, the highest sampled in the minute, when exposed. */
  promSweeperLagMax: number | null;
}

/** A path with its message id replaced, to group errors. */
const route = (path: string) => path.replace(/^\/messages\/[^/]+/, '/messages/:id');
const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const pick = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];

/** Counters of one minute. */
function counters() {
  return {
    acked: 0,
    attachments: 0,
    polls: 0,
    streamsOpened: 0,
    created: 0,
    extended: 0,
    deleted: 0,
    expired: 0,
    messagesDeleted: 0,
    errors: 0,
    missing: 0,
    unchecked: 0,
    late: 0,
    sweeperLags: [] as number[],
    readableLags: [] as number[],
  };
}
type Counters = ReturnType<typeof counters>;

interface Box {
  email: string;
  token: string;
  expiresAt: number;
  fate: 'expire' | 'extend' | 'delete';
  /** When the fate acts (extension or deletion). */
  actAt: number;
  acted: boolean;
  phase: 'live' | 'checking' | 'ending' | 'gone';
  /** Acknowledged by a 250, not yet seen in a list or on a stream: id → time of the 250. */
  pending: Map<string, number>;
  seen: Set<string>;
  /** Ids seen and not deleted by us, for detail reads and deletes. */
  listed: string[];
  inflight: number;
  polling: boolean;
  nextPollAt: number;
  slots: { stream: EventStream | null; nextOpenAt: number; closeAt: number }[];
}

interface EventStream {
  close(): void;
  /** Resolves when the stream ends: 'expired' after `mailbox.expired`, else why. */
  ended: Promise<string>;
  expiredAt: Promise<number>;
}

/** An SMTP client connection with reply timeouts; replies are the last line of each reply. */
class SmtpConnection {
  private buffer = '';
  private replies: string[] = [];
  private waiter: ((line: string | Error) => void) | null = null;
  failure: Error | null = null;
  sent = 0;
  lastUsed = Date.now();
  readonly limit = 1 + Math.floor(Math.random() * LOAD.maxMessagesPerConnection);

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('latin1');
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl).replace(/\r$/, '');
        this.buffer = this.buffer.slice(nl + 1);
        if (/^\d{3}-/.test(line)) continue;
        this.deliver(line);
      }
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      this.deliver(this.failure);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  private deliver(item: string | Error) {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(item);
    } else if (typeof item === 'string') this.replies.push(item);
  }

  static async open(port: number, open: Set<SmtpConnection>): Promise<SmtpConnection> {
    const socket = connect(port, '127.0.0.1');
    const conn = new SmtpConnection(socket);
    open.add(conn);
    socket.once('close', () => open.delete(conn));
    await conn.expect('220');
    await conn.command('EHLO soak.bench.test', '250');
    return conn;
  }

  private reply(): Promise<string> {
    const queued = this.replies.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new Error('no SMTP reply within 10 s'));
      }, REQUEST_TIMEOUT_MS);
      this.waiter = (item) => {
        clearTimeout(timer);
        if (item instanceof Error) reject(item);
        else resolve(item);
      };
    });
  }

  async expect(code: string): Promise<string> {
    const line = await this.reply();
    if (!line.startsWith(code)) throw new Error(`SMTP ${line}`);
    return line;
  }

  async command(text: string, code: string): Promise<string> {
    this.socket.write(`${text}\r\n`);
    return this.expect(code);
  }

  /** One transaction; resolves the id the 250 names. */
  async send(to: string, message: string): Promise<string> {
    await this.command('MAIL FROM:<soak@example.org>', '250');
    await this.command(`RCPT TO:<${to}>`, '250');
    await this.command('DATA', '354');
    const done = await this.command(`${message}\r\n.`, '250');
    this.sent++;
    this.lastUsed = Date.now();
    const id = /queued as (\S+)/.exec(done)?.[1];
    if (!id) throw new Error(`250 without an id: ${done}`);
    return id;
  }

  close() {
    this.socket.end('QUIT\r\n');
    this.socket.destroy();
  }
}

/** A 1 KB plain message, or the bench's ~100 KB message with an attachment; CRLF, no dot lines. */
function makeMessages() {
  const attachment = attachmentMessage(randomBytes(73_728), '\r\n', new Date());
  let n = 0;
  return (to: string, withAttachment: boolean): string => {
    n++;
    if (withAttachment) return attachment;
    const body = `Il tuo codice di verifica è ${100000 + (n % 900000)}. `.repeat(24);
    return [
      'From: Soak <soak@example.org>',
      `To: <${to}>`,
      `Subject: Soak ${n}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <soak-${n}-${Date.now()}@example.org>`,
      '',
      body,
    ].join('\r\n');
  };
}

/**
 * The soak: mixed load against the real server for `minutes`, one row per minute with the
 * server's RSS, heap and event-loop lag, and the counts of errors, acknowledged-but-missing
 * messages and the sweeper's lag; goals at the end (bench/README.md, "Soak").
 */
export async function runSoak(o: SoakOptions): Promise<{ rows: SoakMinute[]; settings: object }> {
  let redis: BenchRedis | null = null;
  let server: BenchServer | null = null;
  const held = new Set<EventStream>();
  const smtp = new Set<SmtpConnection>();
  try {
    if (o.redis) redis = await startRedis();
    const monitorPort = await freePort();
    const metricsPort = await freePort();
    server = await startServer({
      MAILBOX_TTL_SECONDS: String(TTL_SECONDS),
      // A free port of its own: the default 9464 would be shared with anything else running.
      METRICS_PORT: String(metricsPort),
      BENCH_MONITOR_PORT: String(monitorPort),
      NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', `--import=${LOOP_MONITOR}`].join(' ').trim(),
      ...(redis ? { STORE_URL: redis.url } : {}),
    });
    const srv = server;
    const api = srv.httpUrl + '/api/v1';
    const sampler: ProcessSampler =
      (await promSampler(`http://127.0.0.1:${metricsPort}/metrics`)) ??
      monitorSampler(srv.pid, monitorPort);
    await sampler.sample(); // starts the loop's histogram from here

    const settings = {
      minutes: o.minutes,
      store: o.redis ? 'redis' : 'sqlite',
      ttlSeconds: TTL_SECONDS,
      sweepIntervalMs: 1000,
      ...LOAD,
      source: sampler.source,
    };
    process.stdout.write(
      `soak: ${o.minutes} min, ${o.redis ? 'Redis' : 'SQLite'} store, MAILBOX_TTL_SECONDS=${TTL_SECONDS}, ` +
        `sweep every 1 s (default)\n` +
        `load: SMTP ${LOAD.smtpPerSecond} msg/s (1 in ${LOAD.attachmentEvery} ~100 KB with a ` +
        `72 KiB attachment, the rest 1 KB; connections of 1-${LOAD.maxMessagesPerConnection} msgs), ` +
        `${LOAD.liveMailboxes} live mailboxes (each lives ${TTL_SECONDS} s; ` +
        `${LOAD.extendShare * 100}% extended once, ${LOAD.deleteShare * 100}% deleted early), ` +
        `a poll of each every ${LOAD.pollEveryMs / 1000} s ` +
        `(${((LOAD.liveMailboxes * 1000) / LOAD.pollEveryMs).toFixed(0)}/s; ` +
        `${LOAD.detailShare * 100}% read a detail, ${LOAD.deleteMessageShare * 100}% delete a message), ` +
        `${LOAD.streamSlots} event-stream slots per mailbox (open 10-40 s, closed 2-10 s), ` +
        `a stream watching each expiry\n` +
        `server figures from ${sampler.source}; loop lag = delay of a 10 ms timer beyond 10 ms; ` +
        `CPU % = the server process's, of one core; bench lag = the bench's own worst loop delay ` +
        `(its times are late by up to that); load = the machine's 1-minute load average\n`,
    );

    let now = Date.now();
    const t0 = now;
    const endAt = t0 + o.minutes * 60_000;
    let minute = counters();
    const totals = counters();
    const errorKinds = new Map<string, { count: number; example: string }>();
    const missingExamples: string[] = [];
    const boxes = new Set<Box>();
    const tasks = new Set<Promise<unknown>>();
    let streamsOpenNow = 0;
    let creating = 0;
    let stopping = false;
    const bump = (key: keyof Omit<Counters, 'sweeperLags' | 'readableLags'>, n = 1) => {
      minute[key] += n;
      totals[key] += n;
    };
    const error = (kind: string, detail: string) => {
      bump('errors');
      const e = errorKinds.get(kind) ?? { count: 0, example: detail };
      e.count++;
      errorKinds.set(kind, e);
    };
    const run = (p: Promise<unknown>) => {
      const t = p.catch((err: unknown) => error('bench', String(err)));
      tasks.add(t);
      void t.finally(() => tasks.delete(t));
    };
    const http = async (method: string, path: string, token?: string) => {
      return fetch(api + path, {
        method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    };
    /** Sends a request and checks its status; null when it failed (counted). */
    const call = async (method: string, path: string, expect: number, token?: string) => {
      try {
        const res = await http(method, path, token);
        if (res.status !== expect) {
          error(`${method} ${route(path)} ${res.status}`, (await res.text()).slice(0, 200));
          return null;
        }
        return res;
      } catch (err) {
        error(`${method} ${route(path)} failed`, String(err));
        return null;
      }
    };
    const markSeen = (box: Box, id: string) => {
      if (box.seen.has(id)) return;
      box.seen.add(id);
      box.listed.push(id);
      box.pending.delete(id);
    };

    const openStream = (box: Box): Promise<EventStream | null> =>
      new Promise((resolve) => {
        let closedByUs = false;
        let expired = false;
        let resolveEnded!: (why: string) => void;
        let resolveExpired!: (at: number) => void;
        const ended = new Promise<string>((r) => (resolveEnded = r));
        const expiredAt = new Promise<number>((r) => (resolveExpired = r));
        const req: ClientRequest = get(`${api}/events`, {
          agent: false,
          headers: { authorization: `Bearer ${box.token}` },
          timeout: 0,
        });
        const stream: EventStream = {
          close() {
            closedByUs = true;
            req.destroy();
          },
          ended,
          expiredAt,
        };
        const finish = (why: string) => {
          if (held.delete(stream)) streamsOpenNow--;
          resolveEnded(closedByUs ? 'closed' : expired ? 'expired' : why);
        };
        req.once('error', (err) => {
          if (!closedByUs && !expired && !stopping) error('stream failed', String(err));
          finish(String(err));
          resolve(null);
        });
        req.once('response', (res) => {
          if (res.statusCode !== 200) {
            error(`GET /events ${res.statusCode}`, box.email);
            res.resume();
            resolve(null);
            return;
          }
          held.add(stream);
          streamsOpenNow++;
          bump('streamsOpened');
          resolve(stream);
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let sep: number;
            while ((sep = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, sep);
              buffer = buffer.slice(sep + 2);
              const data = block
                .split('\n')
                .find((l) => l.startsWith('data: '))
                ?.slice(6);
              if (!data) continue;
              const event = JSON.parse(data) as { type: string; message?: { id: string } };
              if (event.type === 'message.received' && event.message)
                markSeen(box, event.message.id);
              if (event.type === 'mailbox.expired') {
                expired = true;
                resolveExpired(Date.now());
              }
            }
          });
          res.on('error', () => {});
          res.on('close', () => {
            if (!closedByUs && !expired && !stopping) {
              error('stream ended without mailbox.expired', box.email);
            }
            finish('ended');
          });
        });
      });

    const poll = async (box: Box) => {
      box.polling = true;
      try {
        const res = await call('GET', '/messages', 200, box.token);
        bump('polls');
        if (!res) return;
        const list = (await res.json()) as MessageList;
        for (const m of list.messages) markSeen(box, m.id);
        if (box.phase !== 'live') return;
        const r = Math.random();
        const id = pick(box.listed);
        if (id && r < LOAD.detailShare) {
          const detail = await call('GET', `/messages/${id}`, 200, box.token);
          await detail?.arrayBuffer();
        } else if (id && r < LOAD.detailShare + LOAD.deleteMessageShare) {
          box.listed = box.listed.filter((x) => x !== id);
          if (await call('DELETE', `/messages/${id}`, 204, box.token)) bump('messagesDeleted');
        }
      } finally {
        box.polling = false;
        box.nextPollAt = Date.now() + LOAD.pollEveryMs;
      }
    };

    /** The last list read while the mailbox lives: every acknowledged message must be in it. */
    const finalCheck = async (box: Box, deadline: number) => {
      box.phase = 'checking';
      while ((box.inflight > 0 || box.polling) && Date.now() < deadline) await sleep(50);
      await poll(box);
      if (box.pending.size) {
        bump('missing', box.pending.size);
        if (missingExamples.length < 5) {
          missingExamples.push(`${box.email}: ${[...box.pending.keys()].join(', ')}`);
        }
        box.pending.clear();
      }
    };

    const closeSlots = (box: Box) => {
      for (const slot of box.slots) slot.stream?.close();
    };

    /** Deleted by its owner: the last check, DELETE /mailbox, then the address must be gone. */
    const deleteBox = async (box: Box) => {
      await finalCheck(box, box.expiresAt - 1000);
      box.phase = 'ending';
      closeSlots(box);
      if (await call('DELETE', '/mailbox', 204, box.token)) bump('deleted');
      await call('GET', '/mailbox', 401, box.token);
      box.phase = 'gone';
    };

    /**
     * Left to expire: the last check, then a stream that waits for `mailbox.expired` (the
     * sweeper publishes it after deleting the mailbox: its lag, seen from outside) and
     * GET /mailbox every 100 ms around the expiry (how long the API still shows it).
     */
    const watchExpiry = async (box: Box) => {
      box.phase = 'checking';
      const watch = await openStream(box);
      const expiresAt = box.expiresAt;
      await finalCheck(box, expiresAt - 1500);
      box.phase = 'ending';
      closeSlots(box);
      const expiredEvent = watch
        ? Promise.race([
            watch.expiredAt,
            sleep(expiresAt + EXPIRY_EVENT_TIMEOUT_MS - Date.now()).then(() => null),
          ])
        : Promise.resolve(null);
      await sleep(expiresAt - 300 - Date.now());
      let readable = 0;
      for (;;) {
        const started = Date.now();
        const res = await http('GET', '/mailbox', box.token).catch(() => null);
        const answered = Date.now();
        if (!res) {
          error('GET /mailbox failed', box.email);
          break;
        }
        await res.arrayBuffer();
        if (res.status === 200 && started >= expiresAt) readable = (started - expiresAt) / 1000;
        if (res.status === 401) {
          if (answered < expiresAt) error('mailbox gone before its expiry', box.email);
          break;
        }
        if (res.status !== 200) {
          error(`GET /mailbox ${res.status}`, box.email);
          break;
        }
        if (started > expiresAt + EXPIRY_EVENT_TIMEOUT_MS) break;
        await sleep(100);
      }
      minute.readableLags.push(readable);
      totals.readableLags.push(readable);
      const at = await expiredEvent;
      if (at === null) {
        error('no mailbox.expired within 15 s of the expiry', box.email);
      } else {
        const lagSeconds = Math.max(0, at - expiresAt) / 1000;
        minute.sweeperLags.push(lagSeconds);
        totals.sweeperLags.push(lagSeconds);
        bump('expired');
      }
      const why = watch ? await Promise.race([watch.ended, sleep(2000).then(() => 'open')]) : '';
      if (watch && why !== 'expired') {
        watch.close();
        if (at !== null) error('stream still open after mailbox.expired', box.email);
      }
      box.phase = 'gone';
    };

    const createBox = async () => {
      creating++;
      try {
        const res = await call('POST', '/mailboxes', 201);
        if (!res) return;
        const created = (await res.json()) as CreatedMailbox;
        bump('created');
        const at = Date.now();
        const r = Math.random();
        const fate =
          r < LOAD.deleteShare
            ? 'delete'
            : r < LOAD.deleteShare + LOAD.extendShare
              ? 'extend'
              : 'expire';
        boxes.add({
          email: created.email,
          token: created.token,
          expiresAt: Date.parse(created.expiresAt),
          fate,
          actAt: at + (fate === 'delete' ? rand(25_000, 45_000) : rand(25_000, 40_000)),
          acted: false,
          phase: 'live',
          pending: new Map(),
          seen: new Set(),
          listed: [],
          inflight: 0,
          polling: false,
          nextPollAt: at + rand(0, LOAD.pollEveryMs),
          slots: Array.from({ length: LOAD.streamSlots }, () => ({
            stream: null,
            nextOpenAt: at + rand(0, 8000),
            closeAt: 0,
          })),
        });
      } finally {
        creating--;
      }
    };

    const extendBox = async (box: Box) => {
      const res = await call('POST', '/mailbox/extend', 200, box.token);
      if (!res) return;
      box.expiresAt = Date.parse(((await res.json()) as MailboxInfo).expiresAt);
      bump('extended');
    };

    // SMTP: a steady rate, each message to a live mailbox outside its last SEND_MARGIN_MS.
    const newMessage = makeMessages();
    const idle: SmtpConnection[] = [];
    let dispatched = 0;
    const sendOne = async (box: Box, withAttachment: boolean) => {
      box.inflight++;
      let conn: SmtpConnection | undefined;
      try {
        // A connection idle for half the server's idle timeout (60 s) is left to close.
        while ((conn = idle.pop()) && (conn.failure || Date.now() - conn.lastUsed > 30_000)) {
          conn.close();
        }
        conn ??= await SmtpConnection.open(srv.smtpPort, smtp);
        const id = await conn.send(box.email, newMessage(box.email, withAttachment));
        bump('acked');
        if (withAttachment) bump('attachments');
        if (!box.seen.has(id)) box.pending.set(id, Date.now());
        if (conn.sent >= conn.limit) conn.close();
        else idle.push(conn);
        if (box.phase !== 'live') run(lateCheck(box, id));
      } catch (err) {
        error('smtp', String(err));
        conn?.close();
      } finally {
        box.inflight--;
      }
    };

    /**
     * A 250 that came after the mailbox's last check began: checked on its own while the
     * mailbox lives; too late for that, it is counted as unchecked rather than missing.
     */
    const lateCheck = async (box: Box, id: string) => {
      if (Date.now() < box.expiresAt - 1000 && box.phase !== 'gone') {
        const res = await call('GET', '/messages', 200, box.token);
        const list = res ? ((await res.json()) as MessageList) : { messages: [] };
        for (const m of list.messages) markSeen(box, m.id);
        if (box.pending.delete(id)) {
          bump('missing');
          missingExamples.push(`${box.email}: ${id} (acknowledged during the last check)`);
        }
      } else if (box.pending.delete(id)) bump('unchecked');
    };

    // Samples of the server process: every SAMPLE_EVERY_MS, gathered into the minute.
    let samples: (ProcessSample & { redisRss?: number })[] = [];
    const rows: SoakMinute[] = [];
    let nextSampleAt = t0 + SAMPLE_EVERY_MS;
    let nextMinuteAt = t0 + 60_000;
    let nextCreateAt = t0;
    const cpuAt = { server: cpuMs(srv.pid), redis: redis ? cpuMs(redis.pid) : 0 };
    const benchDelay = monitorEventLoopDelay({ resolution: 10 });
    benchDelay.enable();
    const f = (n: number | null | undefined, d = 1) => (n == null ? '-' : n.toFixed(d));
    /** The printed columns: title and the row's text; each as wide as the wider of the two. */
    const columns: [string, (r: SoakMinute) => string][] = [
      ['min', (r) => String(r.minute)],
      ['RSS MB', (r) => f(r.rssMb)],
      ['heap MB', (r) => f(r.heapUsedMb)],
      [
        'loop lag ms p50/p99/max',
        (r) => `${f(r.loopMs.p50, 2)}/${f(r.loopMs.p99)}/${f(r.loopMs.max)}`,
      ],
      ...(o.redis
        ? [['redis MB', (r: SoakMinute) => f(r.redisRssMb)] as [string, (r: SoakMinute) => string]]
        : []),
      ['sent (attach)', (r) => `${r.acked} (${r.attachments})`],
      ['polls', (r) => String(r.polls)],
      ['streams open/new', (r) => `${r.streamsOpen}/${r.streamsOpened}`],
      ['boxes new/ext/del/exp', (r) => `${r.created}/${r.extended}/${r.deleted}/${r.expired}`],
      ['msgs del', (r) => String(r.messagesDeleted)],
      ['errors', (r) => String(r.errors)],
      ['missing', (r) => String(r.missing)],
      [
        'sweeper lag s event/read',
        (r) =>
          `${f(r.sweeperLagMax, 2)}/${f(r.readableLagMax, 2)}` +
          (r.promSweeperLagMax === null ? '' : ` (metric ${f(r.promSweeperLagMax, 2)})`),
      ],
      ['CPU %', (r) => f(r.serverCpuPercent, 0)],
      ...(o.redis
        ? [
            ['redis CPU %', (r: SoakMinute) => f(r.redisCpuPercent, 0)] as [
              string,
              (r: SoakMinute) => string,
            ],
          ]
        : []),
      ['bench lag ms', (r) => f(r.benchLagMaxMs, 0)],
      ['load', (r) => f(r.load, 1)],
    ];
    const line = (cells: string[]) =>
      cells.map((c, i) => c.padStart(Math.max(columns[i]![0].length, 7))).join('  ') + '\n';
    process.stdout.write(line(columns.map(([title]) => title)));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const maxOf = (xs: number[]) => (xs.length ? Math.max(...xs) : null);
    const closeMinute = () => {
      const s = samples;
      samples = [];
      const promLags = s
        .map((x) => x.sweeperLagSeconds)
        .filter((x): x is number => x !== undefined);
      const row: SoakMinute = {
        minute: rows.length + 1,
        rssMb: mean(s.map((x) => x.rssBytes)) / 2 ** 20,
        heapUsedMb: mean(s.map((x) => x.heapUsedBytes)) / 2 ** 20,
        // Each sample covers its own 5 s: the minute's median of medians, worst p99 and max.
        loopMs: {
          p50:
            percentile(
              s.map((x) => x.loop.p50),
              50,
            ) * 1000,
          p99: Math.max(...s.map((x) => x.loop.p99)) * 1000,
          max: Math.max(...s.map((x) => x.loop.max)) * 1000,
        },
        redisRssMb: o.redis ? mean(s.map((x) => x.redisRss ?? NaN)) : undefined,
        serverCpuPercent: (cpuMs(srv.pid) - cpuAt.server) / 600,
        redisCpuPercent: redis ? (cpuMs(redis.pid) - cpuAt.redis) / 600 : undefined,
        benchLagMaxMs: Math.max(0, benchDelay.max / 1e6 - 10),
        load: loadavg()[0]!,
        acked: minute.acked,
        attachments: minute.attachments,
        polls: minute.polls,
        streamsOpen: streamsOpenNow,
        streamsOpened: minute.streamsOpened,
        created: minute.created,
        extended: minute.extended,
        deleted: minute.deleted,
        expired: minute.expired,
        messagesDeleted: minute.messagesDeleted,
        errors: minute.errors,
        missing: minute.missing,
        sweeperLagMax: maxOf(minute.sweeperLags),
        readableLagMax: maxOf(minute.readableLags),
        promSweeperLagMax: maxOf(promLags),
      };
      rows.push(row);
      minute = counters();
      benchDelay.reset();
      cpuAt.server = cpuMs(srv.pid);
      if (redis) cpuAt.redis = cpuMs(redis.pid);
      process.stdout.write(line(columns.map(([, cell]) => cell(row))));
    };

    const takeSample = async () => {
      try {
        const s: ProcessSample & { redisRss?: number } = await sampler.sample();
        if (redis) s.redisRss = rssMb(redis.pid);
        samples.push(s);
      } catch (err) {
        error('server sample', String(err));
      }
    };

    // The scheduler: every 100 ms, whatever is due.
    while ((now = Date.now()) < endAt) {
      if (now >= nextSampleAt) {
        nextSampleAt += SAMPLE_EVERY_MS;
        await takeSample();
      }
      if (now >= nextMinuteAt) {
        nextMinuteAt += 60_000;
        closeMinute();
      }
      const live = [...boxes].filter((b) => b.phase === 'live');
      if (live.length + creating < LOAD.liveMailboxes && now >= nextCreateAt) {
        nextCreateAt = now + LOAD.createEveryMs;
        run(createBox());
      }
      const due = Math.floor(((now - t0) / 1000) * LOAD.smtpPerSecond) - dispatched;
      const sendable = live.filter(
        (b) =>
          now < b.expiresAt - SEND_MARGIN_MS &&
          (b.fate !== 'delete' || now < b.actAt - SEND_MARGIN_MS),
      );
      for (let i = 0; i < due; i++) {
        dispatched++;
        const box = pick(sendable);
        if (!box) {
          bump('late');
          continue;
        }
        run(sendOne(box, dispatched % LOAD.attachmentEvery === 0));
      }
      for (const box of boxes) {
        if (box.phase === 'gone') {
          boxes.delete(box);
          continue;
        }
        if (box.phase !== 'live') continue;
        if (box.fate === 'extend' && !box.acted && now >= box.actAt) {
          box.acted = true;
          run(extendBox(box));
        }
        if (box.fate === 'delete' && now >= box.actAt) {
          run(deleteBox(box));
          continue;
        }
        if (box.fate !== 'delete' && now >= box.expiresAt - WATCH_MS) {
          run(watchExpiry(box));
          continue;
        }
        if (!box.polling && now >= box.nextPollAt) run(poll(box));
        const openUntil =
          Math.min(box.expiresAt, box.fate === 'delete' ? box.actAt : Infinity) - 8000;
        for (const slot of box.slots) {
          if (slot.stream && now >= slot.closeAt) {
            slot.stream.close();
            slot.stream = null;
            slot.nextOpenAt = now + rand(2000, 10_000);
          } else if (
            !slot.stream &&
            slot.closeAt >= 0 &&
            now >= slot.nextOpenAt &&
            now < openUntil
          ) {
            slot.closeAt = -1; // opening
            run(
              openStream(box).then((stream) => {
                slot.stream = stream;
                slot.closeAt = Date.now() + rand(10_000, 40_000);
                if (!stream) slot.nextOpenAt = Date.now() + 5000;
                if (stream && box.phase !== 'live') stream.close();
              }),
            );
          }
        }
      }
      await sleep(100);
    }
    if (Date.now() >= nextMinuteAt - 1000) {
      await takeSample();
      closeMinute();
    }
    // The checks still due: every live mailbox's last list, the expiries being watched.
    const before = { errors: totals.errors, missing: totals.missing, expired: totals.expired };
    for (const box of boxes) {
      if (box.phase === 'live') run(finalCheck(box, box.expiresAt - 1000));
      for (const slot of box.slots) slot.stream?.close();
    }
    await Promise.race([Promise.all([...tasks]), sleep(EXPIRY_EVENT_TIMEOUT_MS + 10_000)]);
    process.stdout.write(
      `after the last minute, the last checks: ${totals.errors - before.errors} errors, ` +
        `${totals.missing - before.missing} missing, ${totals.expired - before.expired} expiries\n`,
    );
    stopping = true;
    benchDelay.disable();

    // Goals.
    process.stdout.write('\n');
    const last = rows.at(-1);
    const fromMinute = Math.min(GROWTH_FROM_MINUTE, Math.max(1, Math.floor(rows.length / 2)));
    const base = rows[fromMinute - 1];
    const growth = last && base ? ((last.rssMb - base.rssMb) / base.rssMb) * 100 : NaN;
    const sweeperMax = totals.sweeperLags.length ? Math.max(...totals.sweeperLags) : NaN;
    const readableMax = totals.readableLags.length ? Math.max(...totals.readableLags) : NaN;
    const prefix = o.redis ? 'soak.redis' : 'soak';
    const goals = [
      record({
        id: `${prefix}.rss_growth`,
        label: `RSS growth, minute ${fromMinute} → ${rows.length}`,
        unit: '%',
        ours: growth,
        goal: { on: 'value', op: '<=', limit: 10 },
        note: `${base?.rssMb.toFixed(1)} → ${last?.rssMb.toFixed(1)} MB (means of each minute's samples)`,
      }),
      record({
        id: `${prefix}.errors`,
        label: 'errors',
        unit: '',
        ours: totals.errors,
        goal: { on: 'value', op: '==', limit: 0 },
        note: [...errorKinds].map(([k, v]) => `${k}: ${v.count} (e.g. ${v.example})`).join('; '),
      }),
      record({
        id: `${prefix}.missing`,
        label: 'acknowledged but missing',
        unit: '',
        ours: totals.missing,
        goal: { on: 'value', op: '==', limit: 0 },
        note: `of ${totals.acked} acknowledged${missingExamples.length ? `; ${missingExamples.join('; ')}` : ''}`,
      }),
      record({
        id: `${prefix}.sweeper_lag`,
        label: 'sweeper lag, expiry → mailbox.expired, max',
        unit: 's',
        ours: sweeperMax,
        goal: { on: 'value', op: '<=', limit: 2 },
        note:
          `${totals.sweeperLags.length} expiries, p50 ${percentile(totals.sweeperLags, 50).toFixed(2)} s, ` +
          `p99 ${percentile(totals.sweeperLags, 99).toFixed(2)} s, ` +
          `${totals.sweeperLags.filter((s) => s >= 2).length} of 2 s or more; ` +
          `still readable through the API after expiry: max ${readableMax.toFixed(2)} s`,
      }),
    ];
    for (const g of goals) {
      const goal = g.goal!;
      const value = g.unit === '%' || g.unit === 's' ? g.ours.toFixed(2) : String(g.ours);
      process.stdout.write(
        `${g.label.padEnd(46)} ${`${value}${g.unit ? ` ${g.unit}` : ''}`.padStart(10)}  ` +
          `goal ${goal.op === '==' ? '=' : goal.op === '<=' ? '<' : '>='} ${goal.limit}${g.unit ? ` ${g.unit}` : ''}  ` +
          `${g.met ? 'PASS' : 'FAIL'}${g.note ? `  (${g.note})` : ''}\n`,
      );
    }
    if (totals.unchecked) {
      process.stdout.write(`${totals.unchecked} messages acknowledged too late to check\n`);
    }
    if (totals.late) {
      process.stdout.write(
        `${totals.late} sends had no mailbox open to mail (not counted as errors)\n`,
      );
    }
    return { rows, settings };
  } finally {
    for (const s of held) s.close();
    for (const c of [...smtp]) c.close();
    await server?.stop();
    await redis?.stop();
  }
}
