/**
 * One reading worker's CPU lock, in memory shared with the pool (docs/architecture.md, "Hostile
 * mail"): jobs take turns at the thread and give it back while they wait for DNS. Cooperative:
 * work between a job's points of taking and giving back counts to whoever holds it then.
 */

/** The steps a deadline can catch, in the order a message meets them. */
export const STEPS = [
  'auth',
  'header',
  'mime',
  'sanitize',
  'preview',
  'verification',
  'parts',
  'decode',
] as const;
export type Step = (typeof STEPS)[number];

/** Bytes of the memory a worker's lock is shared through. */
const LOCK_BYTES = 32;

/** The lock's fields: holder id (0: free) and step as integers, two times (ms) as doubles. */
const HOLDER = 0;
const STEP = 1;
const TAKEN_AT = 0;
const HELD_BEFORE = 1;

function views(buffer: SharedArrayBuffer) {
  return { ints: new Int32Array(buffer, 0, 2), times: new Float64Array(buffer, 16, 2) };
}

/** The shared memory of a new worker's lock. */
export const newLockMemory = () => new SharedArrayBuffer(LOCK_BYTES);

/** Who holds a worker's lock, seen from the pool. */
export interface LockHolder {
  /** The holding job's id. */
  job: number;
  step: Step;
  /** Time the job has held the lock in all, this turn included (ms on the worker's clock). */
  heldMs: number;
}

/** The holder at `now` (the worker's clock), or null; a read across a change of holder is null. */
export function readHolder(memory: SharedArrayBuffer, now: number): LockHolder | null {
  const { ints, times } = views(memory);
  const job = Atomics.load(ints, HOLDER);
  if (job === 0) return null;
  const step = STEPS[Atomics.load(ints, STEP)] ?? 'mime';
  const heldMs = times[HELD_BEFORE]! + (now - times[TAKEN_AT]!);
  return Atomics.load(ints, HOLDER) === job ? { job, step, heldMs } : null;
}

/** A job as the lock knows it: its id and the time it has held the lock so far. */
export interface LockJob {
  id: number;
  /** Ms held in turns already given back. */
  heldMs: number;
  /** Whether it holds the lock now. */
  holding: boolean;
  /** It has answered: a DNS answer that comes in later must not take the lock for it again. */
  ended: boolean;
}

/** The worker's side of the lock, its times read on `clock` (the worker thread's own). */
export function createCpuLock(memory: SharedArrayBuffer, clock: () => number) {
  const { ints, times } = views(memory);
  /** Jobs waiting for the lock, in order, once each however often they ask while waiting. */
  const waiting = new Map<LockJob, { step: Step; granted: Promise<void>; grant: () => void }>();

  function grant(job: LockJob, step: Step) {
    job.holding = true;
    times[TAKEN_AT] = clock();
    times[HELD_BEFORE] = job.heldMs;
    Atomics.store(ints, STEP, STEPS.indexOf(step));
    Atomics.store(ints, HOLDER, job.id);
  }

  return {
    /** Resolves once `job` holds the lock, at `step`; at once when it is free or `job` ended. */
    acquire(job: LockJob, step: Step): Promise<void> {
      if (job.holding || job.ended) return Promise.resolve();
      const queued = waiting.get(job);
      if (queued) return queued.granted;
      if (Atomics.load(ints, HOLDER) === 0 && waiting.size === 0) {
        grant(job, step);
        return Promise.resolve();
      }
      let resolve = () => {};
      const granted = new Promise<void>((r) => (resolve = r));
      waiting.set(job, { step, granted, grant: resolve });
      return granted;
    },

    /** Nobody holds the lock and nobody waits for it. */
    free(): boolean {
      return Atomics.load(ints, HOLDER) === 0 && waiting.size === 0;
    },

    /** The step `job` is at, while it holds the lock. */
    step(job: LockJob, step: Step) {
      if (job.holding) Atomics.store(ints, STEP, STEPS.indexOf(step));
    },

    /** `job` gives the lock back to the next live job in line; true when nobody waits for it. */
    release(job: LockJob): boolean {
      if (!job.holding) return false;
      job.holding = false;
      job.heldMs += clock() - times[TAKEN_AT]!;
      Atomics.store(ints, HOLDER, 0);
      for (const [next, entry] of waiting) {
        waiting.delete(next);
        if (!next.ended) grant(next, entry.step);
        entry.grant();
        if (next.holding) return false;
      }
      return true;
    },
  };
}
