import type { Logger } from 'pino';
import type { Clock } from '../domain/clock';
import type { EventBus } from '../events/event-bus';
import type { MailStore } from '../store/mail-store';

/** Mailboxes deleted per store call; a long backlog is worked off in several calls. */
const BATCH = 500;

const DAY_MS = 86_400_000;

/** Lets one node of several sweep at a time; a single node needs none. */
export interface SweepLock {
  /** Takes or renews the lock; false while another node holds it. */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface ExpirySweeperDeps {
  store: MailStore;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  tombstoneDays: number;
  lock?: SweepLock;
}

export interface ExpirySweeper {
  /** Runs one sweep now; resolves how many mailboxes it deleted. */
  sweep(): Promise<number>;
  /** Starts sweeping every intervalMs (a setTimeout chain, so runs never overlap). */
  start(): void;
  /** Stops the chain and waits for a running sweep to finish. */
  stop(): Promise<void>;
}

/**
 * Deletes expired mailboxes with everything in them, tombstones their addresses, and tells
 * open event streams `mailbox.expired`. Requests already treat an expired mailbox as gone; the
 * sweeper makes that true of the store too, within one interval.
 */
export function createExpirySweeper(deps: ExpirySweeperDeps): ExpirySweeper {
  const { store, bus, clock, logger } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = clock.now();
      const deleted = await store.deleteExpired(now, now + deps.tombstoneDays * DAY_MS, BATCH);
      for (const address of deleted) {
        await bus.publish(address, { type: 'mailbox.expired' });
      }
      total += deleted.length;
      if (deleted.length < BATCH) break;
    }
    await store.purgeTombstones(clock.now());
    if (total > 0) logger.debug({ deleted: total }, 'expired mailboxes deleted');
    return total;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = (deps.lock ? deps.lock.tryAcquire() : Promise.resolve(true))
        .then((mine) => (mine ? sweep() : 0))
        .catch((err: unknown) => {
          logger.error({ err }, 'expiry sweep failed');
          return 0;
        })
        .finally(() => {
          running = null;
          schedule();
        });
    }, deps.intervalMs);
  }

  return {
    sweep,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await deps.lock?.release();
    },
  };
}
