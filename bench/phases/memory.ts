import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeFlags from '../../server/node-flags.json';
import { createMailbox } from '../lib/api';
import { startBaseline } from '../lib/baseline';
import {
  summarizeHeapSnapshot,
  takeHeapSnapshot,
  type HeapSources,
  type HeapSummary,
} from '../lib/heap-snapshot';
import { rssMb, sleep, trackDir } from '../lib/proc';
import { report } from '../lib/report';
import { parsePrometheus } from '../lib/server-metrics';
import { beforeBuild, OURS, startServer, type ServerBuild } from '../lib/server';
import { describeRss, rssParts, type RssParts } from '../lib/smaps';
import { runSource } from '../lib/smtp';

export interface MemoryContext {
  quick: boolean;
  attachmentFile: string;
}

const STREAMS_PER_MAILBOX = 1000;

/** Messages stored for `mailbox`, read straight from the SQLite file (read-only). */
function countStored(path: string, mailbox: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare('SELECT count(*) AS n FROM messages WHERE mailbox = ?').get(mailbox) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

/** Opens `count` held-open GET streams to `url`, 200 at a time; resolves their requests. */
async function openStreams(url: string, tokens: string[], count: number) {
  const open: ClientRequest[] = [];
  const one = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const req = get(url, { agent: false, headers: { authorization: `Bearer ${token}` } });
      req.once('response', (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        open.push(req);
        resolve();
      });
      req.once('error', reject);
    });
  for (let i = 0; i < count; i += 200) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 200); j++) {
      batch.push(one(tokens[Math.floor(j / STREAMS_PER_MAILBOX)]!));
    }
    await Promise.all(batch);
  }
  return open;
}

/** What the memory phase read of one build: RSS idle and after the messages, and where it lies. */
interface Reading {
  name: string;
  idle: number;
  idleParts: RssParts;
  full: number;
  fullParts: RssParts;
  /** The main thread's V8 heap after the messages (prom-client's figures), MB. */
  heap: { used: number; total: number } | null;
  stored: number;
  fill: { seconds: number; ok: boolean; error: string };
  snapshot: HeapSummary | null;
}

const toMb = (bytes: number) => bytes / 1024 / 1024;

/** The main thread's V8 heap, from the server's metrics listener. */
async function mainHeap(metricsUrl: string | null): Promise<Reading['heap']> {
  if (!metricsUrl) return null;
  const res = await fetch(`${metricsUrl}/metrics`);
  const values = parsePrometheus(await res.text());
  const used = values.get('nodejs_heap_size_used_bytes');
  const total = values.get('nodejs_heap_size_total_bytes');
  return used === undefined || total === undefined
    ? null
    : { used: toMb(used), total: toMb(total) };
}

/**
 * One build's RSS idle (2 s after start) and after `messages` 1 KB messages sent over SMTP by 50
 * reused connections; for ours past the goal, a heap snapshot of the main thread then.
 */
async function measureBuild(
  ctx: MemoryContext,
  build: ServerBuild,
  messages: number,
  snapshotDir: string,
): Promise<Reading> {
  const server = await startServer(
    {},
    { build, nodeArgs: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] },
  );
  try {
    await sleep(2000);
    const idle = rssMb(server.pid);
    const idleParts = rssParts(server.pid);
    const mailbox = await createMailbox(server.httpUrl);
    const fill = await runSource({
      port: server.smtpPort,
      sessions: 50,
      messages,
      reuse: true,
      size: '1k',
      attachmentFile: ctx.attachmentFile,
      to: mailbox.email,
      pids: [],
      timeLimitMs: 900_000,
    });
    await sleep(2000);
    const full = rssMb(server.pid);
    const fullParts = rssParts(server.pid);
    const heap = await mainHeap(server.metricsUrl);
    // Counted in the database file, read-only, from here: listing 100,000 summaries through
    // the API would cost the server memory of its own.
    const stored = countStored(join(server.dataDir, 'mail.sqlite'), mailbox.email);
    const snapshot =
      build === OURS && full > RSS_GOAL_MB
        ? summarizeHeapSnapshot(await takeHeapSnapshot(server.pid, snapshotDir))
        : null;
    return { name: build.name, idle, idleParts, full, fullParts, heap, stored, fill, snapshot };
  } finally {
    await server.stop();
  }
}

const READING_THREADS = fileURLToPath(new URL('../lib/reading-threads.ts', import.meta.url));

/** reading-threads.ts in a process of its own, with the server's node flags. */
function readingThreads(kind: 'reading' | 'empty') {
  const out = execFileSync(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', READING_THREADS, dirname(OURS.bundle()), kind],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as {
    rss: number[];
    heap: HeapSummary | null;
  };
}

/** "4.7 MB of npm packages' source text (429 scripts): undici 1.36, tldts 0.33, joi 0.30". */
function describeSources(sources: HeapSources): string {
  return (
    `${toMb(sources.bytes).toFixed(1)} MB of npm packages' source text (${sources.scripts} scripts): ` +
    sources.packages
      .slice(0, 4)
      .map((g) => `${g.what} ${toMb(g.bytes).toFixed(2)}`)
      .join(', ')
  );
}

/**
 * What one reading worker adds to a process's RSS (the mean of the first and the second), beside
 * what an empty worker thread adds, and what the first one's heap holds.
 */
function reportReadingThread(): void {
  const reading = readingThreads('reading');
  const empty = readingThreads('empty');
  const each = (rss: number[]) => (rss[2]! - rss[0]!) / 2;
  const heap = reading.heap;
  report({
    id: 'memory.reading-thread',
    label: 'memory RSS added by a reading thread',
    unit: 'MB',
    ours: each(reading.rss),
    baseline: { name: 'an empty worker thread', value: each(empty.rss) },
    note:
      `RSS with 0, 1, 2 reading workers ${reading.rss.map((r) => r.toFixed(0)).join(', ')} MB` +
      (heap
        ? `; the first one's heap after it read: ${toMb(heap.total).toFixed(1)} MB of objects, ` +
          heap.groups
            .slice(0, 4)
            .map((g) => `${g.what} ${toMb(g.bytes).toFixed(1)}`)
            .join(', ') +
          `; of its strings, ${describeSources(heap.sources)}`
        : ''),
  });
}

/** The goal of RSS with 100,000 stored messages (bench/README.md, "Memory"). */
const RSS_GOAL_MB = 150;

/**
 * Memory (RSS of the server process): idle after start, after 100,000 stored messages (sent
 * through SMTP, reused connections, so a leak on the ingest path would show), and with 10,000
 * open event streams. Baseline: a bare node:http process, idle and holding as many streams; the
 * before-build (`BENCH_BEFORE`) measured the same way in the same run. Where the RSS lies
 * (smaps), the main thread's heap, and past the goal what a heap snapshot of it holds.
 */
export async function runMemory(ctx: MemoryContext): Promise<void> {
  const messages = ctx.quick ? 20_000 : 100_000;
  const streams = ctx.quick ? 2000 : 10_000;
  const baseline = await startBaseline();
  const held: ClientRequest[] = [];
  let streamServer: Awaited<ReturnType<typeof startServer>> | null = null;
  const snapshotDir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-heap-')));
  try {
    await sleep(2000);
    const bareIdle = rssMb(baseline.pid);
    const ours = await measureBuild(ctx, OURS, messages, snapshotDir);
    const earlier = beforeBuild();
    const old = earlier ? await measureBuild(ctx, earlier, messages, snapshotDir) : null;
    const heapNote = (r: Reading) =>
      r.heap
        ? `; main thread's V8 heap ${r.heap.used.toFixed(0)} used of ${r.heap.total.toFixed(0)} MB`
        : '';
    const oldNote = (pick: (r: Reading) => number) =>
      old ? `; ${old.name} ${pick(old).toFixed(0)} MB` : '';
    report({
      id: 'memory.idle',
      label: 'memory RSS idle',
      unit: 'MB',
      ours: ours.idle,
      baseline: { name: 'bare node:http', value: bareIdle },
      note: `${describeRss(ours.idleParts)}${oldNote((r) => r.idle)}`,
    });
    report({
      id: 'memory.stored',
      label: `memory RSS after ${messages.toLocaleString('en-US')} stored msgs`,
      unit: 'MB',
      ours: ours.full,
      baseline: { name: 'bare node:http idle', value: bareIdle },
      goal: { on: 'value', op: '<=', limit: RSS_GOAL_MB },
      note:
        `sent over SMTP in ${ours.fill.seconds.toFixed(1)} s, ${ours.stored} in the store; ` +
        `${describeRss(ours.fullParts)}${heapNote(ours)}${oldNote((r) => r.full)}`,
      invalid:
        !ours.fill.ok || ours.stored !== messages
          ? `${ours.stored}/${messages} stored (${ours.fill.error})`
          : undefined,
    });
    if (old) {
      report({
        id: 'memory.stored.before',
        label: `memory RSS after ${messages.toLocaleString('en-US')} stored msgs, builds`,
        unit: 'MB',
        ours: ours.full,
        baseline: { name: old.name, value: old.full },
        note: `${old.name}: idle ${old.idle.toFixed(0)} MB; ${describeRss(old.fullParts)}${heapNote(old)}`,
        invalid:
          !old.fill.ok || old.stored !== messages
            ? `${old.name}: ${old.stored}/${messages} stored (${old.fill.error})`
            : undefined,
      });
    }
    reportReadingThread();
    if (ours.snapshot) {
      const { total, groups, sources } = ours.snapshot;
      process.stdout.write(
        `  heap snapshot of the main thread after the messages: ${toMb(total).toFixed(1)} MB of objects, of which ${describeSources(sources)}; the largest groups by self size:\n` +
          groups
            .map(
              (g) =>
                `    ${toMb(g.bytes).toFixed(2).padStart(7)} MB  ${g.count.toLocaleString('en-US').padStart(9)}  ${g.what}\n`,
            )
            .join(''),
      );
    }

    // The streams are measured on a fresh server: after 100,000 messages the heap is still
    // settling, by more than the streams cost.
    const fresh = await startServer();
    streamServer = fresh;
    const boxes = await Promise.all(
      Array.from({ length: Math.ceil(streams / STREAMS_PER_MAILBOX) }, () =>
        createMailbox(fresh.httpUrl),
      ),
    );
    await sleep(2000);
    const withoutStreams = rssMb(fresh.pid);
    held.push(
      ...(await openStreams(
        `${fresh.httpUrl}/api/v1/events`,
        boxes.map((b) => b.token),
        streams,
      )),
    );
    await sleep(3000);
    const withStreams = rssMb(fresh.pid);
    // Hung up before the baseline's streams are opened: 20,000 sockets at once would need twice
    // the file descriptors.
    for (const req of held.splice(0)) req.destroy();
    await sleep(1000);
    const bareBefore = rssMb(baseline.pid);
    held.push(
      ...(await openStreams(
        `${baseline.httpUrl}/events`,
        boxes.map(() => 'none'),
        streams,
      )),
    );
    await sleep(3000);
    const bareWith = rssMb(baseline.pid);
    report({
      id: 'memory.streams',
      label: `memory RSS added by ${streams.toLocaleString('en-US')} open event streams`,
      unit: 'MB',
      ours: withStreams - withoutStreams,
      baseline: { name: 'bare node:http', value: bareWith - bareBefore },
      goal: { on: 'value', op: '<=', limit: 300 },
      note: `RSS ${withStreams.toFixed(0)} MB with them`,
    });
  } finally {
    for (const req of held) req.destroy();
    await baseline.stop();
    await streamServer?.stop();
  }
}
