import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createMailbox, listMessages } from '../lib/api';
import { startCpuChild, type CpuChild } from '../lib/cpu-child';
import { cpuPerRoundTrip, processPeer, threadPeer } from '../lib/hops';
import { cpuMs, percentile } from '../lib/proc';
import { recorded, report } from '../lib/report';
import { redisInfo, startRedis, type BenchRedis } from '../lib/redis';
import { startServer, type BenchServer } from '../lib/server';
import { runSource, type Size } from '../lib/smtp';
import type { StoreCpuTurn } from '../lib/store-cpu';
import { runArrival } from './arrival';
import { runInbox } from './inbox';
import { ALL_SCENARIOS, messagesFor, scenarioId, describe, type IngestContext } from './ingest';

/**
 * Turns of each ingest scenario per mode, and of each side of a store line; the figure is the
 * median turn. Five: the turns of one line move by up to 1.9x on this machine, and with fewer the
 * median itself crosses a goal from one run to the next.
 */
const TURNS = 5;

interface Mode {
  name: string;
  server: BenchServer;
  /** Processes whose CPU the mode's messages cost: the node, and redis-server in Redis mode. */
  pids: number[];
}

interface Turn {
  rate: number;
  /** CPU ms per message of each of the mode's pids. */
  cpu: number[];
  lost: number;
  error: string;
}

/** One run of `scenario` against `mode`, to a fresh mailbox; counts only what was listed after. */
async function ingestTurn(
  ctx: IngestContext,
  mode: Mode,
  scenario: (typeof ALL_SCENARIOS)[number],
): Promise<Turn> {
  const messages = messagesFor(scenario, ctx.quick);
  const mailbox = await createMailbox(mode.server.httpUrl);
  const run = await runSource({
    sessions: scenario.sessions,
    messages,
    reuse: scenario.reuse,
    size: scenario.size,
    attachmentFile: ctx.attachmentFile,
    port: mode.server.smtpPort,
    to: mailbox.email,
    pids: mode.pids,
  });
  const stored = (await listMessages(mode.server.httpUrl, mailbox.token)).messages.length;
  const accepted = run.ok ? run.sent : Math.max(0, run.sent - 1);
  const counted = Math.min(accepted, stored);
  return {
    rate: counted / run.seconds,
    cpu: run.cpuMs.map((ms) => ms / Math.max(1, counted)),
    lost: Math.max(0, accepted - stored),
    error: run.error,
  };
}

const median = (values: number[]) => percentile(values, 50);
const range = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;

/**
 * Every ingest scenario on both stores, in turns (SQLite, Redis, Redis, SQLite, …) so that a
 * slow spell of the shared machine falls on both: Redis mode's rate against SQLite mode's, and
 * node plus redis-server CPU per message against the SQLite node's (whose writer thread is in
 * its process).
 */
async function compareIngest(ctx: IngestContext, sqlite: Mode, redis: Mode): Promise<void> {
  const turns = ctx.quick ? 1 : TURNS;
  let lost = 0;
  for (const scenario of ALL_SCENARIOS) {
    const runs = new Map<Mode, Turn[]>([
      [sqlite, []],
      [redis, []],
    ]);
    for (let t = 0; t < turns; t++) {
      for (const mode of t % 2 ? [redis, sqlite] : [sqlite, redis]) {
        runs.get(mode)!.push(await ingestTurn(ctx, mode, scenario));
      }
    }
    const of = (mode: Mode) => {
      const list = runs.get(mode)!;
      const rates = list.map((r) => r.rate);
      const cpu = list.map((r) => r.cpu.reduce((a, b) => a + b, 0));
      const parts = mode.pids.map((_, i) => median(list.map((r) => r.cpu[i]!)));
      return { rates, cpu, parts, lost: list.reduce((a, r) => a + r.lost, 0), list };
    };
    const s = of(sqlite);
    const r = of(redis);
    lost += s.lost + r.lost;
    const problems = [...s.list, ...r.list]
      .map((x) => x.error)
      .filter(Boolean)
      .concat(s.lost + r.lost ? [`${s.lost + r.lost} accepted but not stored`] : []);
    const id = `redis.ingest.${scenarioId(scenario)}`;
    const sink = recorded(`ingest.${scenarioId(scenario)}.rate`)?.baseline?.value;
    report({
      id: `${id}.rate`,
      label: `redis.ingest ${describe(scenario)}`,
      unit: 'msg/s',
      ours: median(r.rates),
      baseline: { name: 'SQLite mode', value: median(s.rates) },
      goal: { on: 'ratio', op: '>=', limit: 0.9 },
      note:
        `median of ${turns} turns; Redis ${range(r.rates, 0)}, SQLite ${range(s.rates, 0)}` +
        (sink ? `; ${(median(r.rates) / sink).toFixed(2)}x of smtp-sink in the ingest phase` : ''),
      invalid: problems.length ? problems.join('; ') : undefined,
    });
    report({
      id: `${id}.cpu`,
      label: `redis.ingest ${describe(scenario)} CPU`,
      unit: 'ms/msg',
      ours: median(r.cpu),
      baseline: { name: 'SQLite node', value: median(s.cpu) },
      goal: { on: 'ratio', op: '<=', limit: 1 },
      note: `node ${r.parts[0]!.toFixed(3)} + redis-server ${r.parts[1]!.toFixed(3)}; Redis ${range(r.cpu, 3)}, SQLite ${range(s.cpu, 3)}`,
    });
  }
  report({
    id: 'redis.ingest.lost',
    label: 'redis.ingest messages lost (250 but not listed)',
    unit: '',
    ours: lost,
    goal: { on: 'value', op: '==', limit: 0 },
  });
}

/**
 * The store alone, in lines like the ingest lines': a message's size and how many puts are on
 * their way at once (SMTP sessions, in the ingest lines).
 */
const STORE_LINES = [
  { size: '1k', bytes: 1_600, inFlight: 1, messages: 5_000 },
  { size: '1k', bytes: 1_600, inFlight: 50, messages: 20_000 },
  { size: '100k', bytes: 102_400, inFlight: 1, messages: 600 },
  { size: '100k', bytes: 102_400, inFlight: 10, messages: 1_200 },
] as const;

/** One turn of one side of a store line, per message: µs of CPU and messages per second. */
interface StoreTurn {
  /** The store's process. */
  store: number;
  server: number;
  /** Of `server`, in the store's scripts. */
  script: number;
  rate: number;
}

const STORE_CPU = fileURLToPath(new URL('../lib/store-cpu.ts', import.meta.url));

/** INFO commandstats' µs in EVALSHA so far: redis-server's time in the store's scripts. */
function scriptUsec(redis: BenchRedis): number {
  const info = redisInfo(redis.url, 'commandstats');
  return Number(/cmdstat_evalsha:calls=\d+,usec=(\d+)/.exec(info)?.[1] ?? 0);
}

/**
 * Where a message's store time goes, apart from SMTP and parsing: the store as ingest calls it
 * (store-cpu.ts), each side in a process of its own, in turns: on SQLite; on Redis as the other
 * lines run it (AOF, fsync always); the bare commands on that Redis (the least a store there
 * could cost); the store on a Redis that keeps nothing on disk. CPU of that process plus
 * redis-server's per message, the part of redis-server's in the scripts (INFO commandstats)
 * and in the AOF (against the one without): the profile beside the ingest lines.
 */
async function compareStoreAlone(ctx: IngestContext & { tmp: string }): Promise<void> {
  const turns = ctx.quick ? 1 : TURNS;
  for (const line of STORE_LINES) {
    const n = ctx.quick ? line.messages / 5 : line.messages;
    const dir = mkdtempSync(join(ctx.tmp, 'store-'));
    const servers: BenchRedis[] = [];
    const children: CpuChild<unknown, StoreCpuTurn>[] = [];
    try {
      const start = async (store: string[]) => {
        const child = await startCpuChild<unknown, StoreCpuTurn>(STORE_CPU, [
          ...store,
          ...['--size', String(line.bytes), '--in-flight', String(line.inFlight)],
          ...['--warm-up', String(n / 2)],
        ]);
        children.push(child);
        return child;
      };
      const onDisk = await startRedis();
      servers.push(onDisk);
      const diskless = await startRedis({ aof: false });
      servers.push(diskless);
      const sides = {
        sqlite: {
          child: await start(['--store', 'sqlite', '--path', join(dir, 'store.sqlite')]),
          redis: null,
        },
        redis: { child: await start(['--store', 'redis', '--url', onDisk.url]), redis: onDisk },
        // On the same server as `redis`: the turns run one at a time, each measures its own.
        bare: { child: await start(['--store', 'bare', '--url', onDisk.url]), redis: onDisk },
        diskless: {
          child: await start(['--store', 'redis', '--url', diskless.url]),
          redis: diskless,
        },
      };
      type Side = keyof typeof sides;
      const order = Object.keys(sides) as Side[];
      const runs = new Map(order.map((name) => [name, [] as StoreTurn[]]));
      for (let t = 0; t < turns; t++) {
        for (const name of t % 2 ? [...order].reverse() : order) {
          const { child, redis } = sides[name];
          // The script time read first, so that redis-cli's own INFO falls outside the CPU.
          const before = redis ? { script: scriptUsec(redis), cpu: cpuMs(redis.pid) } : null;
          const turn = await child.turn(n);
          runs.get(name)!.push({
            store: turn.cpuUs,
            server: before ? ((cpuMs(redis!.pid) - before.cpu) * 1000) / n : 0,
            script: before ? (scriptUsec(redis!) - before.script) / n : 0,
            rate: turn.rate,
          });
        }
      }
      const of = (name: Side) => {
        const list = runs.get(name)!;
        const totals = list.map((r) => r.store + r.server);
        return {
          total: median(totals),
          totals,
          store: median(list.map((r) => r.store)),
          server: median(list.map((r) => r.server)),
          script: median(list.map((r) => r.script)),
          rate: median(list.map((r) => r.rate)),
        };
      };
      const [sqlite, redis, bare] = [of('sqlite'), of('redis'), of('bare')];
      const aof = redis.server - of('diskless').server;
      const label = `${line.size === '1k' ? '1 KB' : '~100 KB'}, ${line.inFlight} in flight`;
      report({
        id: `redis.store.${line.size}.f${line.inFlight}.cpu`,
        label: `redis.store alone, ${label}: CPU`,
        unit: 'µs/msg',
        ours: redis.total,
        baseline: { name: 'SQLite store', value: sqlite.total },
        note:
          `node ${redis.store.toFixed(0)} + redis-server ${redis.server.toFixed(0)} ` +
          `(scripts ${redis.script.toFixed(0)}, AOF ~${aof.toFixed(0)}); ` +
          `bare HMGET + HSET ${bare.total.toFixed(0)} (${bare.store.toFixed(0)} + ${bare.server.toFixed(0)}); ` +
          `${redis.rate.toFixed(0)} msg/s, SQLite ${sqlite.rate.toFixed(0)}, bare ${bare.rate.toFixed(0)}; ` +
          `median of ${turns} turns of ${n}; Redis ${range(redis.totals, 0)}, SQLite ${range(sqlite.totals, 0)}`,
      });
    } finally {
      await Promise.all(children.map((c) => c.stop()));
      await Promise.all(servers.map((r) => r.stop()));
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * What a hop to another process costs against one to a worker thread: both sides' CPU per round
 * trip of 64 bytes, one right after the other and with both sides idle before each (as at one
 * SMTP session). A message costs Redis mode's store two hops to redis-server (the recipient
 * check, the put) and SQLite mode's one to its writer thread.
 */
async function compareHops(ctx: IngestContext): Promise<void> {
  const turns = ctx.quick ? 1 : TURNS;
  const peers = { process: await processPeer(), thread: await threadPeer() };
  try {
    for (const { id, label, n, gapMs } of [
      { id: 'busy', label: 'back to back', n: 20_000, gapMs: 0 },
      { id: 'idle', label: '1 ms apart (both sides idle)', n: 3_000, gapMs: 1 },
    ]) {
      const count = ctx.quick ? n / 10 : n;
      const runs = { process: [] as number[], thread: [] as number[] };
      for (let t = 0; t < turns; t++) {
        for (const name of t % 2
          ? (['thread', 'process'] as const)
          : (['process', 'thread'] as const)) {
          runs[name].push(await cpuPerRoundTrip(peers[name], count, gapMs));
        }
      }
      report({
        id: `redis.hop.${id}`,
        label: `redis.hop round trip, ${label}: CPU`,
        unit: 'µs',
        ours: median(runs.process),
        baseline: { name: 'worker thread', value: median(runs.thread) },
        note:
          `64 B over TCP to another process, both sides' CPU; median of ${turns} turns of ` +
          `${count}; process ${range(runs.process, 1)}, thread ${range(runs.thread, 1)}`,
      });
    }
  } finally {
    await Promise.all(Object.values(peers).map((peer) => peer.stop()));
  }
}

/** Bytes redis-server holds for data (INFO memory's used_memory). */
function redisUsedMemory(redis: BenchRedis): number {
  return Number(/used_memory:(\d+)/.exec(redisInfo(redis.url, 'memory'))?.[1] ?? NaN);
}

/** Bytes of the SQLite database, write-ahead log included (what a read connection sees). */
function sqliteBytes(server: BenchServer): number {
  const db = new Database(join(server.dataDir, 'mail.sqlite'), { readonly: true });
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    return (pages - free) * (db.pragma('page_size', { simple: true }) as number);
  } finally {
    db.close();
  }
}

/** Memory (Redis) and file space (SQLite) per stored message, 1 KB and ~100 KB messages. */
async function storedBytes(
  ctx: IngestContext,
  sqlite: Mode,
  redis: Mode,
  bench: BenchRedis,
): Promise<void> {
  for (const [size, messages] of [
    ['1k', ctx.quick ? 500 : 2000],
    ['100k', ctx.quick ? 50 : 200],
  ] as [Size, number][]) {
    const grow = async (mode: Mode, measure: () => number) => {
      const mailbox = await createMailbox(mode.server.httpUrl);
      const before = measure();
      const run = await runSource({
        sessions: 10,
        messages,
        reuse: true,
        size,
        attachmentFile: ctx.attachmentFile,
        port: mode.server.smtpPort,
        to: mailbox.email,
        pids: [],
      });
      if (!run.ok) throw new Error(`storing for the memory figure failed: ${run.error}`);
      const list = await listMessages(mode.server.httpUrl, mailbox.token);
      const rawSize = list.messages.reduce((a, m) => a + m.size, 0) / list.messages.length;
      return { perMessage: (measure() - before) / messages, rawSize };
    };
    const onSqlite = await grow(sqlite, () => sqliteBytes(sqlite.server));
    const onRedis = await grow(redis, () => redisUsedMemory(bench));
    report({
      id: `redis.stored.${size}`,
      label: `redis memory per stored ${size === '1k' ? '1 KB' : '~100 KB'} message`,
      unit: 'B',
      ours: onRedis.perMessage,
      baseline: { name: 'SQLite file', value: onSqlite.perMessage },
      note: `raw message with our headers ${Math.round(onRedis.rawSize)} B; ${messages} messages; Redis used_memory, SQLite pages in use`,
    });
  }
}

/** A SQLite server and a Redis server (on a fresh redis-server) side by side; stopped by `stop`. */
async function startPair() {
  const bench = await startRedis();
  const servers: BenchServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await bench.stop();
  };
  try {
    const sqliteServer = await startServer();
    servers.push(sqliteServer);
    const redisServer = await startServer({ STORE_URL: bench.url });
    servers.push(redisServer);
    const sqlite: Mode = { name: 'SQLite', server: sqliteServer, pids: [sqliteServer.pid] };
    const redis: Mode = { name: 'Redis', server: redisServer, pids: [redisServer.pid, bench.pid] };
    return { bench, sqlite, redis, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Redis mode (STORE_URL) against SQLite mode: every ingest scenario in turns and memory per
 * stored message on one pair of servers; the store alone and what a hop costs, the profile of
 * those lines; inbox read in the same turns on a fresh pair (its figures name how many messages
 * the store holds); arrival on a fresh Redis. redis-server runs with AOF and appendfsync
 * always, so a 250 still means the message is on disk, as SQLite's commit is.
 */
export async function runRedis(ctx: IngestContext & { tmp: string }): Promise<void> {
  const ingest = await startPair();
  try {
    // Warm-up of both (JIT, connection pools), not counted.
    for (const mode of [ingest.sqlite, ingest.redis]) {
      await ingestTurn({ ...ctx, quick: true }, mode, ALL_SCENARIOS[2]!);
    }
    await compareIngest(ctx, ingest.sqlite, ingest.redis);
    await storedBytes(ctx, ingest.sqlite, ingest.redis, ingest.bench);
  } finally {
    await ingest.stop();
  }
  await compareStoreAlone(ctx);
  await compareHops(ctx);

  const inbox = await startPair();
  try {
    await runInbox(ctx, [
      {
        prefix: 'redis.inbox-sqlite',
        server: inbox.sqlite.server,
        fill: { sqlite: join(inbox.sqlite.server.dataDir, 'mail.sqlite') },
        rateGoal: 0.7,
      },
      {
        prefix: 'redis.inbox',
        server: inbox.redis.server,
        fill: { redis: inbox.bench.url },
        rateGoal: 0.5,
        vs: { prefix: 'redis.inbox-sqlite', name: 'SQLite mode', goal: 0.7 },
      },
    ]);
  } finally {
    await inbox.stop();
  }

  const arrival = await startRedis();
  try {
    await runArrival(ctx, {
      prefix: 'redis.arrival',
      env: { STORE_URL: arrival.url },
      beside: 'arrival',
    });
  } finally {
    await arrival.stop();
  }
}
