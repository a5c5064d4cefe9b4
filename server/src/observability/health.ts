import type { Logger } from 'pino';
import type { Health, StoreProbe } from './instruments';

/** How long the store may take to answer the readiness probe before the node counts as unready. */
export const READY_TIMEOUT_MS = 1000;

/**
 * Liveness and readiness of one node. Liveness needs nothing here: a process that answers
 * `/healthz` serves. Readiness asks the store (`oldestExpiry`, one indexed read); the reasons
 * are fixed words, never the store's error text, since `/readyz` is on the public port too.
 * The error itself is logged once when readiness is lost, not on every probe.
 */
export function createHealth({
  oldestExpiry,
  logger,
  timeoutMs = READY_TIMEOUT_MS,
}: {
  /** The store's `oldestExpiry`. */
  oldestExpiry: () => Promise<number | null>;
  logger: Logger;
  timeoutMs?: number;
}): Health {
  let stopping = false;
  let probing: Promise<StoreProbe> | null = null;
  let wasUp = true;

  async function probe(): Promise<StoreProbe> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<StoreProbe>((resolve) => {
      timer = setTimeout(() => resolve({ up: false, reason: 'store_timeout' }), timeoutMs);
      timer.unref();
    });
    const answer = oldestExpiry().then(
      (oldestExpiry): StoreProbe => ({ up: true, oldestExpiry }),
      (err: unknown): StoreProbe => {
        if (wasUp) logger.warn({ err }, 'store probe failed');
        return { up: false, reason: 'store_error' };
      },
    );
    const result = await Promise.race([answer, timeout]);
    clearTimeout(timer);
    if (result.up !== wasUp) {
      if (result.up) logger.info('store reachable again');
      else if (result.reason === 'store_timeout') logger.warn('store probe timed out');
    }
    wasUp = result.up;
    return result;
  }

  const probeStore = () =>
    (probing ??= probe().finally(() => {
      probing = null;
    }));

  return {
    probeStore,
    async readiness() {
      if (stopping) return { ready: false, reason: 'shutting_down' };
      const result = await probeStore();
      if (stopping) return { ready: false, reason: 'shutting_down' };
      return result.up ? { ready: true } : { ready: false, reason: result.reason };
    },
    shuttingDown() {
      stopping = true;
    },
  };
}
