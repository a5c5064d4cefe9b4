import type { CreatedMailbox, MessageList } from '@et/common';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The scale scenario, shared by `npm run bench -- scale` and server/test/scale.test.ts: two
 * SMTP-role nodes and three HTTP-role nodes on one store, event streams spread over the HTTP
 * nodes, SMTP load at a fixed rate, then `kill -9` of one HTTP node while the load goes on. The
 * stream clients do what the page does (web/src/features/inbox/hooks/use-live-events.ts): after
 * a drop they wait, reconnect (the load balancer sends them to a node that is up) and refetch the
 * inbox, since events are not replayed. They read the inbox after the first open too, so the
 * nodes' inbox caches are warm when the refetch after the kill comes.
 */

/** A node process of the scenario, however the caller starts it. */
export interface ScaleNode {
  /** Empty on an SMTP-role node. */
  httpUrl: string;
  /** 0 on an HTTP-role node. */
  smtpPort: number;
  pid: number;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  stop(): Promise<unknown>;
}

export interface ScaleOptions {
  /** STORE_URL of the nodes. */
  storeUrl: string;
  /** Ports of the Redis servers behind it (every master of a Cluster), for INFO. */
  redisPorts: number[];
  /** Starts one node with these settings (on top of the caller's own) and its role. */
  startNode(role: 'smtp' | 'http', env: Record<string, string>): Promise<ScaleNode>;
  /** Open event streams in all, spread round-robin over the HTTP nodes. */
  streams: number;
  /** Streams per mailbox, each on a different HTTP node where there are enough. */
  streamsPerMailbox: number;
  /** Messages per second, alternately to each SMTP node, each to a random mailbox. */
  rate: number;
  /** Length of the fixed-rate load before the kill. */
  loadSeconds: number;
  /** A quiet spell with the streams open, before the load, to measure the nodes' idle CPU. */
  idleSeconds?: number;
  /** SMTP sessions per SMTP node (each sends one message after another). */
  sessionsPerNode: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** Figures of one node. */
export interface NodeFigures {
  name: string;
  role: 'smtp' | 'http';
  /** Streams open on it during the load (HTTP nodes). */
  streams: number;
  /** RSS with no stream open, with the streams open (before the load), after the load. */
  rssIdleMb: number;
  rssStreamsMb: number;
  rssAfterLoadMb: number;
  /** utime + stime during the fixed-rate load. */
  loadCpuMs: number;
  /** utime + stime per second of the quiet spell (NaN without one). */
  idleCpuMsPerSecond: number;
}

export interface ScaleResult {
  mailboxes: number;
  streams: number;
  /** Messages acknowledged (250) during the fixed-rate load; messages refused in all. */
  sent: number;
  refused: number;
  /** The load's achieved rate (acknowledged messages per second). */
  achievedRate: number;
  /** (message, stream) pairs of the fixed-rate load: expected, and seen on the stream. */
  expected: number;
  delivered: number;
  /** SMTP 250 → event on the stream, every pair of the fixed-rate load (ms). */
  arrivalMs: number[];
  /** Streams of the killed node; the time from the kill to each one open again (ms). */
  killedStreams: number;
  reconnectMs: number[];
  /** The kill to each one's inbox refetched on its new node (ms). */
  refetchMs: number[];
  /** Streams that never came back. */
  notReconnected: number;
  /** Messages acknowledged after the kill to mailboxes of killed streams, before they refetched. */
  sentInGap: number;
  /** Acknowledged messages per second from the kill until every killed stream had refetched. */
  gapRate: number;
  /** The longest delay of this process's event loop over the same time (ms). */
  gapLoopDelayMaxMs: number;
  /** Acknowledged messages in all, and (message, stream) pairs neither on the stream nor refetched. */
  sentInAll: number;
  missing: number;
  /** Examples of missing pairs, for the failure message. */
  missingExamples: string[];
  nodes: NodeFigures[];
  /** Redis used_memory (bytes, summed over the masters): empty, with the mailboxes, after the load. */
  redisMemory: { empty: number; mailboxes: number; afterLoad: number };
  /** redis-server CPU (used_cpu_user + used_cpu_sys, summed) during the fixed-rate load (ms). */
  redisLoadCpuMs: number;
  /** CPU of this process (the stream and SMTP clients) during the fixed-rate load (ms). */
  clientLoadCpuMs: number;
  /** Errors the clients met (non-200 streams, failed refetches); each should be none. */
  errors: string[];
}

/** The page's first wait after a drop (RECONNECT_DELAYS_MS[0] of use-live-events.ts). */
const RECONNECT_DELAY_MS = 1000;
/** Load after every killed stream has refetched, so the new streams are seen carrying it. */
const AFTER_RECONNECT_MS = 2000;
/** Longest wait for the last events after the load stops. */
const DRAIN_MS = 10_000;
/** Longest wait for the killed streams to come back. */
const RECONNECT_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process so far (ms), from /proc/PID/stat. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** VmRSS of a process (MB). */
function rssMb(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** One field of `INFO <section>`, summed over the servers. */
function redisInfo(ports: number[], section: string, fields: string[]): number {
  let sum = 0;
  for (const port of ports) {
    const info = execFileSync('redis-cli', ['-p', String(port), 'info', section], {
      encoding: 'utf8',
    });
    for (const field of fields) sum += Number(new RegExp(`^${field}:(\\S+)`, 'm').exec(info)?.[1]);
  }
  return sum;
}

const portOf = (url: string) => Number(new URL(url).port);

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

interface RawStream {
  close(): void;
}

interface RawStreamHandlers {
  onOpen(): void;
  /** The `data:` of one event. */
  onEvent(data: string): void;
  /** The connection failed, the answer was not 200, or the stream ended. */
  onEnd(why: string, opened: boolean): void;
}

/**
 * `GET /api/v1/events` on a plain socket with the least parsing the scenario needs (the status,
 * chunked framing, `data:` lines), so that thousands of streams cost the client little.
 * Bytes are read as latin1: chunk sizes count bytes, and the ids the scenario reads are ASCII.
 */
function openRawStream(port: number, token: string, handlers: RawStreamHandlers): RawStream {
  const socket: Socket = connect(port, '127.0.0.1');
  let head = true;
  let opened = false;
  let chunked = false;
  let ended = false;
  let wire = '';
  let body = '';
  const finish = (why: string) => {
    if (ended) return;
    ended = true;
    socket.destroy();
    handlers.onEnd(why, opened);
  };
  const takeEvents = () => {
    let end: number;
    while ((end = body.indexOf('\n\n')) >= 0) {
      const block = body.slice(0, end);
      body = body.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6));
      if (data.length) handlers.onEvent(data.join('\n'));
    }
  };
  socket.setEncoding('latin1');
  socket.on('connect', () =>
    socket.write(
      `GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Authorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
    ),
  );
  socket.on('data', (text: string) => {
    wire += text;
    if (head) {
      const end = wire.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = wire.slice(0, end).split('\r\n');
      wire = wire.slice(end + 4);
      head = false;
      if (!/^HTTP\/1\.1 200 /.test(lines[0]!)) return finish(`answered ${lines[0]}`);
      chunked = lines.some((l) => /^transfer-encoding:\s*chunked/i.test(l));
      opened = true;
      handlers.onOpen();
    }
    if (!chunked) {
      body += wire;
      wire = '';
    } else {
      for (;;) {
        const nl = wire.indexOf('\r\n');
        if (nl < 0) break;
        const size = parseInt(wire.slice(0, nl), 16);
        if (Number.isNaN(size)) return finish('bad chunk size');
        if (size === 0) return finish('ended');
        if (wire.length < nl + 2 + size + 2) break;
        body += wire.slice(nl + 2, nl + 2 + size);
        wire = wire.slice(nl + 2 + size + 2);
      }
    }
    takeEvents();
  });
  socket.on('error', (err) => finish(err.message));
  socket.on('close', () => finish('closed'));
  return {
    close() {
      ended = true;
      socket.destroy();
    },
  };
}

/** A ~1 KB message. */
function message(to: string, n: number): string {
  const body = `Il tuo codice di verifica è ${100000 + n}. `.repeat(24);
  return [
    'From: Scale <scale@example.org>',
    `To: <${to}>`,
    `Subject: Scale ${n}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <scale-${n}-${Date.now()}@example.org>`,
    '',
    body,
    '.',
    '',
  ].join('\r\n');
}

/** One SMTP session on a plain socket: `send` resolves the stored id, or null when refused. */
async function openSmtpSession(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  socket.setEncoding('latin1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = '';
  const replies: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  socket.on('data', (text: string) => {
    buffer += text;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (!/^\d{3} /.test(line)) continue; // continuation lines of a multi-line reply
      const w = waiters.shift();
      if (w) w(line);
      else replies.push(line);
    }
  });
  socket.on('error', () => {});
  const next = () =>
    new Promise<string>((resolve) => {
      const r = replies.shift();
      if (r !== undefined) resolve(r);
      else waiters.push(resolve);
    });
  const command = (text: string) => {
    socket.write(text);
    return next();
  };
  await next(); // banner
  await command('EHLO scale.test\r\n');
  return {
    async send(to: string, n: number): Promise<{ id: string | null; at: number }> {
      const steps = ['MAIL FROM:<scale@example.org>\r\n', `RCPT TO:<${to}>\r\n`, 'DATA\r\n'];
      for (const step of steps) {
        const reply = await command(step);
        if (!/^(250|354) /.test(reply)) {
          await command('RSET\r\n');
          return { id: null, at: performance.now() };
        }
      }
      const done = await command(message(to, n));
      const at = performance.now();
      return {
        id: done.startsWith('250 ') ? (/queued as (\S+)/.exec(done)?.[1] ?? null) : null,
        at,
      };
    },
    close() {
      socket.end('QUIT\r\n');
      socket.destroy();
    },
  };
}

interface Mailbox {
  box: CreatedMailbox;
  /** Acknowledged message ids → time of the 250. */
  acked: Map<string, number>;
  streams: StreamState[];
}

interface StreamState {
  mailbox: Mailbox;
  node: number;
  raw: RawStream | null;
  /** Message ids seen on this stream (on any of its connections) → arrival time. */
  seen: Map<string, number>;
  /** Message ids of the inbox refetched after the reconnect. */
  refetched: Set<string>;
  droppedAt: number | null;
  reopenedAt: number | null;
  refetchedAt: number | null;
}

export async function runScaleScenario(opts: ScaleOptions): Promise<ScaleResult> {
  const log = opts.log ?? (() => {});
  const errors: string[] = [];
  const error = (text: string) => {
    if (errors.length < 50) errors.push(text);
  };
  const mailboxCount = Math.ceil(opts.streams / opts.streamsPerMailbox);
  const env = {
    STORE_URL: opts.storeUrl,
    SMTP_GREETING_DELAY_MS: '0',
    SMTP_MAX_CONNECTIONS_PER_IP: '1000',
    SMTP_MAX_MESSAGES_PER_CONNECTION: '100000',
    MAILBOX_TTL_SECONDS: '86400',
    MAILBOX_MAX_LIFETIME_SECONDS: '86400',
    RATE_LIMIT_CREATE_MAX: '1000000',
    MAX_STREAMS_PER_MAILBOX: String(Math.max(5, opts.streamsPerMailbox)),
    // Every stream of the scenario comes from 127.0.0.1.
    MAX_STREAMS_PER_IP: '1000000',
    HTTP_MAX_CONNECTIONS_PER_IP: '1000000',
  };
  const redisEmpty = redisInfo(opts.redisPorts, 'memory', ['used_memory']);
  const nodes: ScaleNode[] = [];
  let sessions: Awaited<ReturnType<typeof openSmtpSession>>[] = [];
  const states: StreamState[] = [];
  let stopping = false;
  try {
    const started = await Promise.allSettled([
      opts.startNode('smtp', env),
      opts.startNode('smtp', env),
      opts.startNode('http', env),
      opts.startNode('http', env),
      opts.startNode('http', env),
    ]);
    for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const smtpNodes = nodes.slice(0, 2);
    const httpNodes = nodes.slice(2);
    const httpPorts = httpNodes.map((n) => portOf(n.httpUrl));
    const names = ['smtp-1', 'smtp-2', 'http-1', 'http-2', 'http-3'];
    const alive = [true, true, true];
    log(`5 nodes up; creating ${mailboxCount} mailboxes`);

    const mailboxes: Mailbox[] = new Array<Mailbox>(mailboxCount);
    await eachLimited([...Array(mailboxCount).keys()], 16, async (m) => {
      const res = await fetch(`${httpNodes[m % 3]!.httpUrl}/api/v1/mailboxes`, { method: 'POST' });
      if (res.status !== 201) throw new Error(`POST /mailboxes: ${res.status} ${await res.text()}`);
      mailboxes[m] = { box: (await res.json()) as CreatedMailbox, acked: new Map(), streams: [] };
    });
    const redisMailboxes = redisInfo(opts.redisPorts, 'memory', ['used_memory']);
    const rssIdle = nodes.map((n) => rssMb(n.pid));

    /** The inbox read after every open, as the page does; `reopen` marks the one after a drop. */
    const refetch = async (state: StreamState, node: number, reopen: boolean) => {
      try {
        const res = await fetch(`${httpNodes[node]!.httpUrl}/api/v1/messages`, {
          headers: { authorization: `Bearer ${state.mailbox.box.token}` },
        });
        if (res.status !== 200) return error(`refetch answered ${res.status} ${await res.text()}`);
        const { messages } = (await res.json()) as MessageList;
        if (!reopen) return;
        for (const m of messages) state.refetched.add(m.id);
        state.refetchedAt = performance.now();
      } catch (err) {
        error(`refetch failed: ${String(err)}`);
      }
    };

    /**
     * Opens the stream on `node`; resolves once it is open and the inbox read. A node that refuses the connection
     * is skipped at once, as a load balancer's health check would; a drop is followed, after
     * the page's wait, by a connection to the next node that is up and a refetch there.
     */
    const connectStream = (state: StreamState, node: number, reopen: boolean): Promise<boolean> =>
      new Promise((resolve) => {
        state.raw = openRawStream(httpPorts[node]!, state.mailbox.box.token, {
          onOpen: () => {
            state.node = node;
            if (reopen) state.reopenedAt = performance.now();
            void refetch(state, node, reopen).then(() => resolve(true));
          },
          onEvent: (data) => {
            const at = performance.now();
            const id = (JSON.parse(data) as { message?: { id?: string } }).message?.id;
            if (id && !state.seen.has(id)) state.seen.set(id, at);
          },
          onEnd: (why, opened) => {
            if (stopping) return resolve(false);
            if (!opened && /ECONNREFUSED/.test(why)) {
              alive[node] = false;
              const up = [1, 2].map((d) => (node + d) % 3).find((n) => alive[n]);
              if (up === undefined) return resolve(false);
              void connectStream(state, up, reopen).then(resolve);
              return;
            }
            if (!opened) {
              error(`stream on ${names[node + 2]} failed: ${why}`);
              return resolve(false);
            }
            state.droppedAt = performance.now();
            // Wherever the load balancer sends it: one of the other nodes that are up.
            const others = [1, 2].map((d) => (node + d) % 3).filter((n) => alive[n]);
            const up = others[Math.floor(Math.random() * others.length)];
            if (up === undefined) return;
            setTimeout(() => void connectStream(state, up, true), RECONNECT_DELAY_MS);
          },
        });
      });

    for (const mailbox of mailboxes) {
      for (let s = 0; s < opts.streamsPerMailbox && states.length < opts.streams; s++) {
        const state: StreamState = {
          mailbox,
          node: states.length % 3,
          raw: null,
          seen: new Map(),
          refetched: new Set(),
          droppedAt: null,
          reopenedAt: null,
          refetchedAt: null,
        };
        mailbox.streams.push(state);
        states.push(state);
      }
    }
    log(`opening ${states.length} event streams`);
    await eachLimited(states, 64, async (state) => {
      if (!(await connectStream(state, state.node, false)))
        throw new Error('a stream did not open');
    });
    const streamsOn = [0, 1, 2].map((n) => states.filter((s) => s.node === n).length);
    await sleep(500);
    const rssStreams = nodes.map((n) => rssMb(n.pid));
    const idleMs = (opts.idleSeconds ?? 0) * 1000;
    let idleCpuMsPerSecond = nodes.map(() => Number.NaN);
    if (idleMs > 0) {
      log(`${opts.idleSeconds} s quiet with the streams open`);
      const before = nodes.map((n) => cpuMs(n.pid));
      await sleep(idleMs);
      idleCpuMsPerSecond = nodes.map((n, i) => ((cpuMs(n.pid) - before[i]!) * 1000) / idleMs);
    }

    sessions = await Promise.all(
      smtpNodes.flatMap((n) =>
        Array.from({ length: opts.sessionsPerNode }, () => openSmtpSession(n.smtpPort)),
      ),
    );
    let numbered = 0;
    let refused = 0;
    let sent = 0;
    /**
     * Sends at `opts.rate` until `until()` holds: a tick every 10 ms queues the messages due by
     * then, alternately for each SMTP node; a free session of that node takes the next.
     */
    const load = async (until: () => boolean) => {
      const queues: number[][] = [[], []];
      const wake: (() => void)[] = [];
      const start = performance.now();
      let due = 0;
      let done = false;
      const timer = setInterval(() => {
        if (until()) {
          done = true;
          clearInterval(timer);
        } else {
          const target = Math.floor(((performance.now() - start) / 1000) * opts.rate);
          for (; due < target; due++) queues[due % 2]!.push(numbered++);
        }
        wake.splice(0).forEach((w) => w());
      }, 10);
      await Promise.all(
        sessions.map(async (session, i) => {
          const queue = queues[Math.floor(i / opts.sessionsPerNode)]!;
          for (;;) {
            const n = queue.shift();
            if (n === undefined) {
              if (done) return;
              await new Promise<void>((r) => wake.push(r));
              continue;
            }
            const mailbox = mailboxes[Math.floor(Math.random() * mailboxes.length)]!;
            const { id, at } = await session.send(mailbox.box.email, n);
            if (id === null) refused++;
            else {
              sent++;
              mailbox.acked.set(id, at);
            }
          }
        }),
      );
    };

    // The fixed-rate load.
    log(`load: ${opts.rate} msg/s for ${opts.loadSeconds} s over ${sessions.length} SMTP sessions`);
    const cpuBefore = nodes.map((n) => cpuMs(n.pid));
    const redisCpuBefore = redisInfo(opts.redisPorts, 'cpu', ['used_cpu_user', 'used_cpu_sys']);
    const clientCpuBefore = process.cpuUsage();
    const loadStart = performance.now();
    await load(() => performance.now() - loadStart >= opts.loadSeconds * 1000);
    const loadEnd = performance.now();
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const loadCpuMs = nodes.map((n, i) => cpuMs(n.pid) - cpuBefore[i]!);
    const redisLoadCpuMs =
      (redisInfo(opts.redisPorts, 'cpu', ['used_cpu_user', 'used_cpu_sys']) - redisCpuBefore) *
      1000;
    const loadSent = sent;
    const pairsOf = () =>
      states.flatMap((s) => [...s.mailbox.acked.keys()].map((id) => ({ s, id })));
    const loadPairs = pairsOf();
    const drainStart = performance.now();
    while (
      performance.now() - drainStart < DRAIN_MS &&
      loadPairs.some(({ s, id }) => !s.seen.has(id))
    ) {
      await sleep(100);
    }
    const delivered = loadPairs.filter(({ s, id }) => s.seen.has(id)).length;
    const arrivalMs = loadPairs.flatMap(({ s, id }) => {
      const at = s.seen.get(id);
      return at === undefined ? [] : [Math.max(0, at - s.mailbox.acked.get(id)!)];
    });
    const rssAfterLoad = nodes.map((n) => rssMb(n.pid));
    const redisAfterLoad = redisInfo(opts.redisPorts, 'memory', ['used_memory']);
    log(`delivered ${delivered} / ${loadPairs.length}; killing http-1 under load`);

    // The kill, under the same load.
    const killed = states.filter((s) => s.node === 0);
    // The clients' own event loop: a late loop delays both the 250s and the reconnects.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let killAt = 0;
    let allBackAt = 0;
    const killing = (async () => {
      await sleep(1000);
      loopDelay.enable();
      killAt = performance.now();
      await httpNodes[0]!.kill();
      const deadline = performance.now() + RECONNECT_TIMEOUT_MS;
      while (performance.now() < deadline && killed.some((s) => s.refetchedAt === null)) {
        await sleep(50);
      }
      allBackAt = performance.now();
      loopDelay.disable();
    })();
    await load(() => allBackAt > 0 && performance.now() - allBackAt >= AFTER_RECONNECT_MS);
    await killing;
    const allPairs = pairsOf();
    const found = ({ s, id }: { s: StreamState; id: string }) =>
      s.seen.has(id) || s.refetched.has(id);
    const drainAfterKill = performance.now();
    while (performance.now() - drainAfterKill < DRAIN_MS && !allPairs.every(found)) {
      await sleep(100);
    }
    const missingPairs = allPairs.filter((p) => !found(p));
    const sentInGap = killed.reduce(
      (sum, s) =>
        sum +
        [...s.mailbox.acked.values()].filter(
          (at) => at > killAt && (s.refetchedAt === null || at < s.refetchedAt),
        ).length,
      0,
    );
    return {
      mailboxes: mailboxCount,
      streams: states.length,
      sent: loadSent,
      refused,
      achievedRate: loadSent / ((loadEnd - loadStart) / 1000),
      expected: loadPairs.length,
      delivered,
      arrivalMs,
      killedStreams: killed.length,
      reconnectMs: killed.flatMap((s) => (s.reopenedAt === null ? [] : [s.reopenedAt - killAt])),
      refetchMs: killed.flatMap((s) => (s.refetchedAt === null ? [] : [s.refetchedAt - killAt])),
      notReconnected: killed.filter((s) => s.refetchedAt === null).length,
      sentInGap,
      gapRate:
        mailboxes.reduce(
          (sum, m) =>
            sum + [...m.acked.values()].filter((at) => at > killAt && at <= allBackAt).length,
          0,
        ) /
        ((allBackAt - killAt) / 1000),
      sentInAll: sent,
      missing: missingPairs.length,
      missingExamples: missingPairs
        .slice(0, 5)
        .map(({ s, id }) => `${id} to ${s.mailbox.box.email} (stream on ${names[s.node + 2]})`),
      gapLoopDelayMaxMs: loopDelay.max / 1e6,
      nodes: nodes.map((n, i) => ({
        name: names[i]!,
        role: i < 2 ? 'smtp' : 'http',
        streams: i < 2 ? 0 : streamsOn[i - 2]!,
        rssIdleMb: rssIdle[i]!,
        rssStreamsMb: rssStreams[i]!,
        rssAfterLoadMb: rssAfterLoad[i]!,
        loadCpuMs: loadCpuMs[i]!,
        idleCpuMsPerSecond: idleCpuMsPerSecond[i]!,
      })),
      redisMemory: { empty: redisEmpty, mailboxes: redisMailboxes, afterLoad: redisAfterLoad },
      redisLoadCpuMs,
      clientLoadCpuMs: (clientCpu.user + clientCpu.system) / 1000,
      errors,
    };
  } finally {
    stopping = true;
    for (const s of sessions) s.close();
    for (const s of states) s.raw?.close();
    await Promise.all(nodes.map((n) => n.stop()));
  }
}
