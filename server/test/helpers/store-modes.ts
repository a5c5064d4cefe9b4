import { afterAll, afterEach, beforeAll } from 'vitest';
import { startHarness, type Harness, type HarnessOptions } from './harness';
import { startRedis, type TestRedis } from './redis-server';

/** The stores a test runs the service on, for `describe.each(STORE_MODES)`. */
export const STORE_MODES = ['sqlite', 'redis'] as const;

/**
 * For the body of a `describe.each(STORE_MODES)` block: returns `start(options)`, which opens
 * the harness on that store (on a throw-away redis-server of the block's own in Redis mode);
 * each harness is closed after its test.
 */
export function useHarnessOn(mode: (typeof STORE_MODES)[number]) {
  let redis: TestRedis | undefined;
  let current: Harness | undefined;
  beforeAll(async () => {
    if (mode === 'redis') redis = await startRedis();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await redis?.stop();
  });
  return async (options: HarnessOptions = {}): Promise<Harness> =>
    (current = await startHarness({ ...options, ...(redis ? { storeUrl: redis.url } : {}) }));
}
