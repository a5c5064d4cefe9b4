import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateCounters } from '../counters/rate-counters';

/** What @fastify/rate-limit hands a store: its settings, and for a route's own store the route. */
interface StoreSettings {
  /** Milliseconds, once the plugin has read the setting. */
  timeWindow?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store (its `store` option, a class it makes once and then once per
 * limited route with `child`) on our counters: each route counts under its own name
 * (`POST /api/v1/mailboxes:<client>`), in the window of its `timeWindow`. The plugin's own
 * stores are a bounded LRU table in memory, which forgets a heavy client once enough others
 * passed, and Redis with its own script; ours never forget a client before its window ends and
 * are the counters the rest of the service counts with.
 */
export function rateLimitStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  return class CountersStore implements FastifyRateLimitStore {
    readonly #limit: string;
    readonly #windowMs: number;

    constructor(settings: StoreSettings) {
      const route = settings.routeInfo;
      this.#limit = route ? `${String(route.method)} ${route.url}` : 'all';
      this.#windowMs = typeof settings.timeWindow === 'number' ? settings.timeWindow : 60_000;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ) {
      counters.consume(`${this.#limit}:${key}`, 1, this.#windowMs).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new CountersStore(routeOptions as StoreSettings);
    }
  };
}
