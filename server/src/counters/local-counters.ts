import type { RateCounters, RateWindow } from './rate-counters';

/**
 * How often ended windows are dropped, at most: one walk over every key, made by the call that
 * finds this much time passed since the last. Each key is also dropped when it is next counted.
 */
const SWEEP_INTERVAL_MS = 10_000;

interface Window {
  count: number;
  /** Epoch ms at which the window ends. */
  endsAt: number;
}

/**
 * The counters of one node, in memory. Nothing is evicted before its window ends: the memory
 * they take grows with the clients seen in the longest window (some 100 bytes each), which a
 * client cannot multiply by rotating keys beyond the addresses it really holds (IPv6 clients
 * are counted by their /64, `domain/client-key.ts`).
 */
export function createLocalCounters({ now }: { now: () => number }): RateCounters {
  const windows = new Map<string, Window>();
  let nextSweep = 0;

  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_INTERVAL_MS;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };

  return {
    async consume(key, amount, windowMs): Promise<RateWindow> {
      const at = now();
      sweep(at);
      let window = windows.get(key);
      if (window && window.endsAt <= at) {
        windows.delete(key);
        window = undefined;
      }
      if (!window) {
        if (amount <= 0) return { count: 0, resetInMs: 0 };
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += amount;
      return { count: window.count, resetInMs: window.endsAt - at };
    },
  };
}
