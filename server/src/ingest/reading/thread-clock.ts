import { closeSync, openSync, readlinkSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The clocks a reading job's time is counted on: a thread's CPU time, the first field of its
 * Linux `schedstat` (ns), so waiting for a processor never makes a message look dear; wall
 * time where there is none (docs/architecture.md, "Hostile mail").
 */

/** A clock of one thread, in ms, and the way to let go of it. */
export interface ThreadClock {
  now(): number;
  /** CPU time of the thread; false: wall time. */
  cpu: boolean;
  close(): void;
}

/** Wall time, alike in every thread (performance.now() counts from each thread's own start). */
export const sharedNow = () => performance.timeOrigin + performance.now();

/** Wall time, as a thread clock. */
export const WALL_CLOCK: ThreadClock = { now: sharedNow, cpu: false, close() {} };

/** The calling thread's schedstat, as another thread of the process can open it; null if none. */
export function ownSchedstat(): string | null {
  try {
    // `<pid>/task/<tid>`: /proc/thread-self resolves to the thread that reads it.
    return `/proc/${readlinkSync('/proc/thread-self')}/schedstat`;
  } catch {
    return null;
  }
}

/** The CPU clock of the thread whose schedstat is `path` (wall time for null); NaN once it ended. */
export function threadClock(path: string | null): ThreadClock {
  if (path === null) return WALL_CLOCK;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return WALL_CLOCK;
  }
  const buffer = Buffer.alloc(64);
  return {
    cpu: true,
    now() {
      try {
        const length = readSync(fd, buffer, 0, buffer.length, 0);
        const end = buffer.indexOf(0x20);
        return Number(buffer.toString('latin1', 0, end < 0 || end > length ? length : end)) / 1e6;
      } catch {
        return Number.NaN;
      }
    },
    close: () => closeSync(fd),
  };
}
