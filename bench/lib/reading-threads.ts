/**
 * What a reading thread costs a process: its RSS with no worker, then with one and with two of
 * the bundle's `reading-worker.js`, each ready and having read ordinary mail (`reading`); or, for
 * the floor, with one and two worker threads that do nothing (`empty`). Each in a process of its
 * own, so that nothing else moves its RSS meanwhile.
 *
 *   tsx bench/lib/reading-threads.ts DIST_DIR (reading | empty)
 *
 * Prints `{"rss": [rss0, rss1, rss2], "heap": …}` (MB): with `reading`, `heap` is what a snapshot
 * of the first worker's heap holds (heap-snapshot.ts), else null.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { newLockMemory } from '../../server/src/ingest/reading/cpu-lock';
import type {
  ReadingRequest,
  ReadingWorkerData,
  ReadingWorkerMessage,
} from '../../server/src/ingest/reading/reading-protocol';
import { ordinaryMessage } from '../../server/test/helpers/hostile-inputs';
import { summarizeHeapSnapshot } from './heap-snapshot';
import { rssMb, sleep } from './proc';
import { attachmentMessage } from './smtp';

const [dist, kind] = process.argv.slice(2) as [string, 'reading' | 'empty'];
/** What each worker reads before it is measured: a server's first minutes of ordinary mail. */
const SMALL_MESSAGES = 200;
const LARGE_MESSAGES = 20;

const settled = async () => {
  await sleep(1000);
  return rssMb(process.pid);
};

/** A reading worker of the bundle, as the pool starts one (the same data, the same heap cap). */
async function readingWorker(): Promise<Worker> {
  const workerData: ReadingWorkerData = {
    nice: 0,
    lock: newLockMemory(),
    hostname: 'bench.test',
    checks: null,
    textRuns: true,
  };
  const worker = new Worker(join(dist, 'reading-worker.js'), {
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    // Plain node, as in the server: not this process's tsx loader.
    execArgv: [],
  });
  const replies = new Map<number, () => void>();
  await new Promise<void>((ready, failed) => {
    worker.once('error', failed);
    worker.on('message', (message: ReadingWorkerMessage) => {
      if ('ready' in message) ready();
      else if ('heldMs' in message) replies.get(message.id)?.();
    });
  });
  const small = ordinaryMessage(1024);
  const large = Buffer.from(attachmentMessage(randomBytes(73_728), '\r\n'));
  const messages = [
    ...Array.from({ length: SMALL_MESSAGES }, () => small),
    ...Array.from({ length: LARGE_MESSAGES }, () => large),
  ];
  for (const [id, raw] of messages.entries()) {
    const request: ReadingRequest = { id, op: 'arrival', args: [raw, null, null] };
    await new Promise<void>((answered) => {
      replies.set(id, answered);
      worker.postMessage([request]);
    });
  }
  return worker;
}

/** A worker thread that does nothing but stay alive. */
async function emptyWorker(): Promise<Worker> {
  const worker = new Worker(
    'setInterval(() => {}, 60_000); require("node:worker_threads").parentPort.postMessage(0);',
    {
      eval: true,
      execArgv: [],
    },
  );
  await new Promise((ready) => worker.once('message', ready));
  return worker;
}

const rss = [await settled()];
const workers: Worker[] = [];
for (let i = 0; i < 2; i++) {
  workers.push(await (kind === 'reading' ? readingWorker() : emptyWorker()));
  rss.push(await settled());
}
let heap = null;
if (kind === 'reading') {
  const dir = mkdtempSync(join(tmpdir(), 'et-bench-worker-heap-'));
  try {
    const file = join(dir, 'worker.heapsnapshot');
    await pipeline(await workers[0]!.getHeapSnapshot(), createWriteStream(file));
    heap = summarizeHeapSnapshot(file, 8);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
await Promise.all(workers.map((w) => w.terminate()));
process.stdout.write(`${JSON.stringify({ rss, heap })}\n`);
