import type { Logger } from 'pino';

/**
 * How often a node reads its store's room: often enough that a store filling at the fastest
 * rate SMTP can take mail passes its watermark by about a second's worth of mail at most, and
 * rarely enough that a message costs neither a syscall nor a round trip to know it.
 */
export const HEADROOM_INTERVAL_MS = 1000;

/**
 * The store's room for new mail against its watermark (a free-disk floor for SQLite, a share of
 * Redis's memory), read in the background every HEADROOM_INTERVAL_MS. Mail already stored is
 * never removed to make room: past the watermark, new mail is refused until room comes back
 * (expiry sweeps, visitors delete, the operator adds disk or memory).
 */
export interface StoreHeadroom {
  /** Whether the last reading was past the watermark: new mail is refused meanwhile. */
  low(): boolean;
  /**
   * Bytes left above the watermark at the last reading, negative past it; null until a reading
   * succeeded.
   */
  bytes(): number | null;
  /** Stops reading. */
  close(): void;
}

/** Reads the room left above the watermark, in bytes (negative past it). */
export type ReadHeadroom = () => Promise<number>;

/**
 * Reads `read` now and then every `intervalMs`, a reading at a time. Resolves once the first
 * reading is in, so a node knows where it stands before it takes mail. A reading that fails
 * (the disk or Redis cannot answer) keeps the last one: the store's own writes fail meanwhile,
 * and refusing mail for a figure nobody could read would turn a hiccup into an outage.
 */
export async function watchHeadroom({
  read,
  intervalMs = HEADROOM_INTERVAL_MS,
  logger,
}: {
  read: ReadHeadroom;
  intervalMs?: number;
  logger: Logger;
}): Promise<StoreHeadroom> {
  let bytes: number | null = null;
  let failing = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function take() {
    try {
      const next = await read();
      if (failing) logger.info('store headroom readable again');
      failing = false;
      const wasLow = bytes !== null && bytes <= 0;
      bytes = next;
      if (next <= 0 && !wasLow) {
        logger.warn({ headroomBytes: next }, 'store past its watermark: new mail refused');
      } else if (next > 0 && wasLow) {
        logger.info({ headroomBytes: next }, 'store back above its watermark: mail taken again');
      }
    } catch (err) {
      if (!failing) logger.warn({ err }, 'reading the store headroom failed');
      failing = true;
    }
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => void take().finally(schedule), intervalMs);
    timer.unref();
  }

  await take();
  schedule();
  return {
    low: () => bytes !== null && bytes <= 0,
    bytes: () => bytes,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
