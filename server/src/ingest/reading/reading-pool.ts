import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import {
  emptySummary,
  readingView,
  type ArrivalReading,
  type MessageReader,
  type SenderFacts,
  type StoredReading,
} from '../../domain/message';
import type { AuthOutcome } from '../auth';
import { createSenderCosts } from '../../counters/sender-costs';
import { newLockMemory, readHolder, type Step } from './cpu-lock';
import { sharedNow, threadClock, WALL_CLOCK, type ThreadClock } from './thread-clock';
import {
  asBuffer,
  storedAsIs,
  type ArrivalWork,
  type ReadingRequest,
  type ReadingWorkerData,
  type ReadingWorkerMessage,
} from './reading-protocol';

/** The reading worker's entry: the TypeScript source under tsx, the bundle's sibling when built. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./reading-worker.ts', import.meta.url)
  : new URL('./reading-worker.js', import.meta.url);

/** Heap of a reading worker (MB): the largest message read whole fits several times over. */
const WORKER_HEAP_MB = 512;

/** As writer-client.ts starts the SQLite writer: under tsx, a bootstrap registers tsx first. */
function spawn(workerData: ReadingWorkerData): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (!WORKER_URL.pathname.endsWith('.ts')) {
    return new Worker(WORKER_URL, { workerData, resourceLimits });
  }
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/cjs');
  const bootstrap = `require(${JSON.stringify(tsxCjs)}); require(${JSON.stringify(fileURLToPath(WORKER_URL))});`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/**
 * Lock time per message, on a sender's recent average, past which the sender is heavy. An
 * ordinary message costs about 1 ms, 64 KB of HTML some 10 (bench/README.md, "Hostile mail").
 */
export const HEAVY_MESSAGE_MS = 50;
/** The scheduling priority of the lane heavy senders share (Linux nice: 0 normal, 19 lowest). */
const HEAVY_LANE_NICE = 10;
/** Jobs one worker holds at once: the one at its CPU lock and those waiting for DNS or a turn. */
const MAX_JOBS_PER_WORKER = 8;
/**
 * Jobs, and bytes, of one sender sent to an idle worker in one message: each message wakes its
 * thread. Never another sender's, which would then wait behind a job that may be dear.
 */
const MAX_BATCH = 4;
const MAX_BATCH_BYTES = 256 * 1024;
/** Restarts of a job whose worker ended for another's deadline: once, never worker after worker. */
const MAX_RESTARTS = 1;

/** How `startReadingPool` reads: as its workers do, and within `deadlineMs`. */
export interface ReadingPoolOptions
  extends
    Pick<ReadingWorkerData, 'hostname' | 'checks'>,
    Partial<Pick<ReadingWorkerData, 'textRuns'>> {
  /** `READ_DEADLINE_MS`: the longest a job may hold its worker's CPU lock. */
  deadlineMs: number;
  /** Told each deadline a job hit, with the step it was at. */
  onDeadline?: (step: Step) => void;
  /** Where a worker that failed is reported. */
  logger?: Logger;
  /** Tests lower it to make every charged sender heavy. */
  heavyMessageMs?: number;
}

/** The reader on worker threads, and the way to end them. */
export interface ReadingPool extends MessageReader {
  /** Resolves once every lane's worker is ready; work sent meanwhile waits for one. */
  ready(): Promise<void>;
  /** Ends the workers once the jobs in hand are answered; the rest get what a late job gets. */
  close(): Promise<void>;
}

/** How a job ended: its worker's answer, or lost (the deadline caught it at `step`, or not). */
type Outcome = { value: unknown } | { lost: Step | null };

interface Job {
  id: number;
  /** The request to send, made at each send: a job sent again carries what is known by then. */
  request(): Omit<ReadingRequest, 'id'>;
  forWhom: string | undefined;
  /** The sender check, once a worker has posted it. */
  check: AuthOutcome | null;
  /** Lock time charged to its sender so far (ms). */
  charged: number;
  restarts: number;
  finish(outcome: Outcome): void;
}

interface Lane {
  nice: number;
  /** Only senders that are not heavy: the lane that keeps everybody else's mail moving. */
  lightOnly: boolean;
  worker: Worker | null;
  memory: SharedArrayBuffer;
  /** Its worker thread's clock, which the times in `memory` are read on. */
  clock: ThreadClock;
  /** Its worker has loaded its modules. */
  ready: boolean;
  /** Its worker's lock is free with nobody waiting: it may be given a job. */
  idle: boolean;
  /** Requests sent to its worker (the worker's `idle` says how many it had received). */
  sent: number;
  /** When its worker last posted, was sent a job, or its lock's holder gained CPU (sharedNow). */
  heardAt: number;
  /** The holder and its time at the lock at the last tick, to tell whether it moved. */
  lastHeld: { job: number; heldMs: number } | null;
  jobs: Map<number, Job>;
}

/** The reading of a message past its deadline: no body, nothing read but its header's top. */
const TOO_COMPLEX: StoredReading = {
  view: readingView({ status: 'too-complex', to: [], text: '', html: null, attachments: [] }),
  attachments: '[]',
};

/** `bytes` in an ArrayBuffer of its own, so that posting it copies it and nothing around it. */
function own(bytes: Buffer): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

/**
 * Reading off the event loop on two worker threads, each job within `deadlineMs` of CPU at its
 * worker's lock, a worker past it replaced; a light lane and a heavy one, the cheapest sender
 * first (docs/architecture.md, "Hostile mail": the deadline and the per-sender accounting).
 */
export function startReadingPool(options: ReadingPoolOptions): ReadingPool {
  const { deadlineMs, hostname, checks, textRuns = true, onDeadline, logger } = options;
  const heavyMessageMs = options.heavyMessageMs ?? HEAVY_MESSAGE_MS;
  const senderCosts = createSenderCosts({ now: sharedNow });
  const queue: Job[] = [];
  let nextId = 1;
  let closing = false;
  let ended = false;
  /** The deadline's timer: coarse, one per pool, running while jobs are in hand. */
  const tickMs = Math.max(5, Math.min(100, Math.floor(deadlineMs / 10)));
  let timer: NodeJS.Timeout | null = null;
  /** Silence after which a worker with work in hand is stuck: each job posts within both limits. */
  const wedgedMs = 3 * Math.max(deadlineMs, checks?.timeoutMs ?? 0);

  const waitingReady: (() => void)[] = [];
  const readied = () => {
    if (!lanes.every((l) => l.ready)) return;
    for (const resolve of waitingReady.splice(0)) resolve();
  };

  // The light lane first: work of senders that are not heavy goes there while it is free.
  const lanes: Lane[] = [
    { nice: 0, lightOnly: true },
    { nice: HEAVY_LANE_NICE, lightOnly: false },
  ].map(({ nice, lightOnly }) => ({
    nice,
    lightOnly,
    worker: null,
    memory: newLockMemory(),
    clock: WALL_CLOCK,
    ready: false,
    idle: false,
    sent: 0,
    heardAt: 0,
    lastHeld: null,
    jobs: new Map(),
  }));
  for (const lane of lanes) startWorker(lane);

  function startWorker(lane: Lane) {
    lane.memory = newLockMemory();
    Object.assign(lane, { ready: false, idle: false, sent: 0, lastHeld: null });
    const worker = spawn({ nice: lane.nice, lock: lane.memory, hostname, checks, textRuns });
    lane.worker = worker;
    worker.unref();
    worker.on('message', (message: ReadingWorkerMessage) => {
      if (lane.worker !== worker) return;
      lane.heardAt = sharedNow();
      heard(lane, message);
    });
    const failed = (err: unknown) => {
      if (lane.worker !== worker) return;
      logger?.error({ err }, 'a reading worker failed; replacing it');
      // A worker that fails before it is ready would fail again at once: the next in a while.
      const wasReady = lane.ready;
      replace(lane, null, wasReady);
      if (!wasReady) setTimeout(() => !ended && !lane.worker && startWorker(lane), 1000).unref();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`exited with code ${code}`)));
  }

  function heard(lane: Lane, message: ReadingWorkerMessage) {
    if ('ready' in message) {
      lane.clock = threadClock(message.schedstat);
      lane.ready = lane.idle = true;
      readied();
    } else if ('check' in message) {
      const job = lane.jobs.get(message.id);
      if (job) job.check = message.check;
      return;
    } else if ('id' in message) {
      const job = lane.jobs.get(message.id);
      if (!job) return;
      lane.jobs.delete(message.id);
      if (lane.jobs.size === 0) lane.worker?.unref();
      charge(job, message.heldMs, 1);
      if ('error' in message) logger?.warn({ error: message.error }, 'a reading job failed');
      job.finish('error' in message ? { lost: null } : { value: message.value });
    }
    // An idle said before the worker had our last request is out of date.
    if ('idle' in message && message.idle === lane.sent) lane.idle = true;
    dispatch();
  }

  /** Charges `job`'s sender for what it has held the lock since last charged. */
  function charge(job: Job, heldMs: number, messages: number) {
    if (job.forWhom !== undefined) {
      senderCosts.charge(job.forWhom, Math.max(0, heldMs - job.charged), messages);
    }
    job.charged = heldMs;
  }

  /** Replaces `lane`'s worker: the late job, or the lock's holder, is lost; the others restart. */
  function replace(lane: Lane, late: { job: Job; step: Step } | null, startAgain = true) {
    if (!lane.worker) return;
    const holder = readHolder(lane.memory, lane.clock.now());
    const culprit = late?.job ?? (holder ? lane.jobs.get(holder.job) : undefined);
    const { jobs } = detach(lane);
    const again: Job[] = [];
    for (const job of jobs) {
      if (job === culprit) {
        if (holder && holder.job === job.id) charge(job, holder.heldMs, 1);
        job.finish({ lost: late?.step ?? null });
      } else if (job.restarts++ < MAX_RESTARTS) {
        again.push(job);
      } else {
        job.finish({ lost: null });
      }
    }
    if (closing) for (const job of again) job.finish({ lost: null });
    else queue.unshift(...again);
    if (startAgain && !ended) startWorker(lane);
    dispatch();
  }

  /** Ends `lane`'s worker and takes its jobs off it. */
  function detach(lane: Lane) {
    const terminated = lane.worker?.terminate();
    const jobs = [...lane.jobs.values()];
    lane.jobs.clear();
    lane.worker = null;
    lane.clock.close();
    lane.clock = WALL_CLOCK;
    return { jobs, terminated };
  }

  /** The timer: charges running jobs, and ends a worker whose job is past its deadline. */
  function tick() {
    let inHand = false;
    for (const lane of lanes) {
      if (!lane.worker || lane.jobs.size === 0) continue;
      inHand = true;
      const holder = readHolder(lane.memory, lane.clock.now());
      const last = lane.lastHeld;
      if (holder && (!last || last.job !== holder.job || last.heldMs !== holder.heldMs)) {
        lane.heardAt = sharedNow();
      }
      lane.lastHeld = holder && { job: holder.job, heldMs: holder.heldMs };
      if (sharedNow() - lane.heardAt > wedgedMs) {
        // Work in hand, yet nothing moves: no answer and no CPU at the lock. Stuck outside every
        // deadline (on the CPU clock an idle holder's time does not grow).
        logger?.error('a reading worker stopped answering; replacing it');
        replace(lane, null);
        continue;
      }
      const job = holder && lane.jobs.get(holder.job);
      if (!holder || !job) continue;
      charge(job, holder.heldMs, 0);
      if (holder.heldMs > deadlineMs) {
        onDeadline?.(holder.step);
        replace(lane, { job, step: holder.step });
      }
    }
    if (!inHand && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  /** Senders with work in hand on another lane (at its lock or in DNS): one lane per sender. */
  function sendersElsewhere(lane: Lane): Set<string> {
    const senders = new Set<string>();
    for (const other of lanes) {
      if (other === lane) continue;
      for (const job of other.jobs.values()) {
        if (job.forWhom !== undefined) senders.add(job.forWhom);
      }
    }
    return senders;
  }

  /**
   * The next job for `lane`: the cheapest sender's (or `sender`'s), first come among equals,
   * passing over senders busy on the other lane, and heavy ones on the light lane or while the
   * other is replaced.
   */
  function take(lane: Lane, sender?: string): Job | undefined {
    if (queue.length === 0) return undefined;
    const elsewhere = sendersElsewhere(lane);
    const heavyAllowed = !lane.lightOnly && lanes.every((l) => l.worker && l.ready);
    const senders = new Map<string, { cost: number; skip: boolean }>();
    const senderOf = (forWhom: string | undefined) => {
      if (forWhom === undefined) return { cost: 0, skip: false };
      let found = senders.get(forWhom);
      if (!found) {
        const heavy = senderCosts.perMessage(forWhom) > heavyMessageMs;
        found = {
          cost: senderCosts.costOf(forWhom),
          skip: elsewhere.has(forWhom) || (heavy && !heavyAllowed),
        };
        senders.set(forWhom, found);
      }
      return found;
    };
    let best = -1;
    let bestCost = Infinity;
    for (const [i, job] of queue.entries()) {
      if (sender !== undefined && job.forWhom !== sender) continue;
      const { cost, skip } = senderOf(job.forWhom);
      if (!skip && cost < bestCost) [best, bestCost] = [i, cost];
    }
    return best < 0 ? undefined : queue.splice(best, 1)[0];
  }

  /** Gives each idle lane the jobs it may take now, in one message (MAX_BATCH). */
  function dispatch() {
    for (const lane of lanes) {
      if (!lane.worker || !lane.ready || !lane.idle) continue;
      const batch: ReadingRequest[] = [];
      let bytes = 0;
      let sender: string | undefined;
      while (
        batch.length < MAX_BATCH &&
        bytes < MAX_BATCH_BYTES &&
        lane.jobs.size < MAX_JOBS_PER_WORKER
      ) {
        const job = take(lane, sender);
        if (!job) break;
        lane.jobs.set(job.id, job);
        const request = { id: job.id, ...job.request() } as ReadingRequest;
        bytes += request.args[0].byteLength;
        batch.push(request);
        // A job of no known sender goes alone.
        if ((sender = job.forWhom) === undefined) break;
      }
      if (batch.length === 0) continue;
      lane.sent += batch.length;
      lane.idle = false;
      if (lane.jobs.size === batch.length) lane.worker.ref();
      lane.worker.postMessage(batch);
      lane.heardAt = sharedNow();
      timer ??= setInterval(tick, tickMs).unref();
    }
  }

  function submit<T>(
    forWhom: string | undefined,
    request: (job: Job) => Omit<ReadingRequest, 'id'>,
    finish: (outcome: Outcome, job: Job) => T | Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve) => {
      const job: Job = {
        id: nextId++,
        request: () => request(job),
        forWhom,
        check: null,
        charged: 0,
        restarts: 0,
        finish: (outcome) => resolve(finish(outcome, job)),
      };
      if (closing) return job.finish({ lost: null });
      queue.push(job);
      dispatch();
    });
  }

  /** A message that could not be read (TOO_COMPLEX); rare, so its modules load only then. */
  async function unread(
    raw: Buffer,
    facts: SenderFacts | null,
    check: AuthOutcome | null,
  ): Promise<ArrivalReading> {
    const { ourHeader, scanHeader } = await import('./header-scan');
    const scanned = scanHeader(raw);
    return {
      summary: { ...emptySummary(), from: scanned.from, subject: scanned.subject },
      view: TOO_COMPLEX.view,
      attachments: [],
      multipleFrom: scanned.fromFields > 1 || (check?.headerFrom.length ?? 0) > 1,
      check: check ?? (facts && checks ? (await import('../auth')).temperror(hostname) : null),
      ...ourHeader(raw, hostname),
    };
  }

  return {
    ready() {
      return new Promise<void>((resolve) => {
        waitingReady.push(resolve);
        readied();
      });
    },

    readArrival(raw, facts, forWhom) {
      return submit(
        forWhom,
        (job) => ({ op: 'arrival', args: [own(raw), facts, job.check] }),
        (outcome, job): ArrivalReading | Promise<ArrivalReading> => {
          if ('lost' in outcome) return unread(raw, facts, job.check);
          const work = outcome.value as ArrivalWork;
          return { ...work, header: work.header && asBuffer(work.header) };
        },
      );
    },

    readStored(raw, forWhom) {
      return submit(
        forWhom,
        () => ({ op: 'stored', args: [own(raw)] }),
        (outcome) => ('lost' in outcome ? TOO_COMPLEX : (outcome.value as StoredReading)),
      );
    },

    async attachmentContent(bytes, attachment, forWhom) {
      const { part } = attachment;
      if (part && (storedAsIs(part.encoding) || bytes.length === 0)) return bytes;
      return submit(
        forWhom,
        () =>
          part
            ? { op: 'attachment', args: [own(bytes), { encoding: part.encoding }] }
            : { op: 'attachment', args: [own(bytes), { index: Number(attachment.id) }] },
        (outcome) => {
          if ('lost' in outcome || outcome.value === null) return null;
          return asBuffer(outcome.value as Uint8Array);
        },
      );
    },

    async close() {
      if (closing) return;
      closing = true;
      // Nobody waits for what is queued any more; what is in hand is answered, within wedgedMs.
      for (const job of queue.splice(0)) job.finish({ lost: null });
      const until = sharedNow() + wedgedMs;
      while (lanes.some((l) => l.jobs.size > 0) && sharedNow() < until) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      ended = true;
      if (timer) clearInterval(timer);
      await Promise.all(
        lanes.map((lane) => {
          const { jobs, terminated } = detach(lane);
          for (const job of jobs) job.finish({ lost: null });
          return terminated;
        }),
      );
    },
  };
}
