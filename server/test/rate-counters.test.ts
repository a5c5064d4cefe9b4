import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalCounters } from '../src/counters/local-counters';
import type { RateCounters } from '../src/counters/rate-counters';
import { createRedisCounters } from '../src/counters/redis-counters';
import { AppError } from '../src/domain/app-error';
import { clientKey } from '../src/domain/client-key';
import { connectRedis, type RedisClient } from '../src/store/redis/connection';
import { createFakeClock } from './helpers/fake-clock';
import { startRedis, type TestRedis } from './helpers/redis-server';

/** Keys rotated through by a client that hopes its own count is forgotten meanwhile. */
const ROTATION = 10_000;

/**
 * The contract of the rate limits' counters, on one node's memory and on a real Redis: what a
 * key counts, when its window ends, and that no number of other keys makes it forget.
 */
describe.each(['local', 'redis'] as const)('rate counters, %s', (kind) => {
  let redis: TestRedis | null = null;
  let client: RedisClient | null = null;
  const clock = createFakeClock();
  let counters: RateCounters;
  let prefix = 0;
  /** A fresh set of counters (on Redis: a prefix of its own), each test apart. */
  const fresh = () => {
    counters =
      kind === 'local'
        ? createLocalCounters({ now: clock.now })
        : createRedisCounters({ redis: client!, prefix: `t${++prefix}:` });
    return counters;
  };
  /** Lets a window of `ms` end: the fake clock moves, Redis's own clock is waited for. */
  const pass = async (ms: number, key: string) => {
    if (kind === 'local') return clock.advance(ms);
    await vi.waitFor(async () => expect((await counters.consume(key, 0, ms)).count).toBe(0), {
      timeout: 5000,
      interval: 20,
    });
  };

  beforeAll(async () => {
    if (kind !== 'redis') return;
    redis = await startRedis();
    client = await connectRedis(redis.url, 'test-counters');
  });
  afterAll(async () => {
    await client?.quit();
    await redis?.stop();
  });

  it('adds amounts in a window that the first amount opens, and says when it ends', async () => {
    fresh();
    const first = await counters.consume('bytes:192.0.2.1', 1000, 60_000);
    expect(first).toEqual({ count: 1000, resetInMs: 60_000 });
    if (kind === 'local') clock.advance(20_000);
    const second = await counters.consume('bytes:192.0.2.1', 500, 60_000);
    expect(second.count).toBe(1500);
    // The window is the first call's; later calls do not move its end.
    expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    if (kind === 'local') expect(second.resetInMs).toBe(40_000);
    expect((await counters.consume('bytes:192.0.2.2', 1, 60_000)).count).toBe(1);
  });

  it('reads without counting or opening a window when the amount is 0', async () => {
    fresh();
    expect(await counters.consume('k', 0, 60_000)).toEqual({ count: 0, resetInMs: 0 });
    expect(await counters.consume('k', 0, 60_000)).toEqual({ count: 0, resetInMs: 0 });
    await counters.consume('k', 3, 60_000);
    const read = await counters.consume('k', 0, 60_000);
    expect(read.count).toBe(3);
    expect(read.resetInMs).toBeGreaterThan(0);
  });

  it('gives back a negative amount within the window, and opens none without one', async () => {
    fresh();
    expect(await counters.consume('bytes:k', -500, 60_000)).toEqual({ count: 0, resetInMs: 0 });
    // Nothing was opened: the next amount counts from 0 in a window of its own.
    expect((await counters.consume('bytes:k', 1000, 60_000)).count).toBe(1000);
    const back = await counters.consume('bytes:k', -400, 60_000);
    expect(back.count).toBe(600);
    expect(back.resetInMs).toBeGreaterThan(0);
    expect((await counters.consume('bytes:k', 0, 60_000)).count).toBe(600);
  });

  it('starts a key from 0 once its window has ended', async () => {
    fresh();
    const windowMs = kind === 'local' ? 60_000 : 150;
    expect((await counters.consume('k', 5, windowMs)).count).toBe(5);
    await pass(windowMs, 'k');
    const after = await counters.consume('k', 1, windowMs);
    expect(after.count).toBe(1);
    expect(after.resetInMs).toBeGreaterThan(0);
  });

  it(`never forgets a heavy key while ${ROTATION} others are counted`, async () => {
    fresh();
    await counters.consume('create:heavy', 25, 600_000);
    if (kind === 'local') {
      for (let i = 0; i < ROTATION; i++) await counters.consume(`create:other-${i}`, 1, 600_000);
    } else {
      // One round trip per batch of keys: the same script calls, sent together.
      for (let i = 0; i < ROTATION; i += 500) {
        await Promise.all(
          Array.from({ length: 500 }, (_, j) =>
            counters.consume(`create:other-${i + j}`, 1, 600_000),
          ),
        );
      }
    }
    expect((await counters.consume('create:heavy', 1, 600_000)).count).toBe(26);
  });
});

describe('rate counters on a Redis out of reach', () => {
  it('reject with the 503 of an unavailable store', async () => {
    const redis = await startRedis();
    const client = await connectRedis(redis.url, 'test-counters-gone');
    const counters = createRedisCounters({ redis: client, prefix: 'gone:' });
    await counters.consume('k', 1, 60_000);
    await redis.kill();
    const failure = await counters.consume('k', 1, 60_000).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    client.disconnect();
    await redis.stop();
  });
});

describe('the client a limit counts', () => {
  it('is an IPv4 address itself, also when a dual-stack socket writes it as IPv6', () => {
    expect(clientKey('192.0.2.7', 64)).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7', 64)).toBe('192.0.2.7');
  });

  it('is the network of an IPv6 address: its /64 by default, however the address is written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
    ].map((ip) => clientKey(ip, 64));
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8:1:3::1', 48)).toBe('2001:db8:1::/48');
    expect(clientKey('2001:db8:1:3::1', 128)).toBe('2001:db8:1:3::1');
  });

  it('is what a proxy forwarded as it is, when that is no address', () => {
    expect(clientKey('unknown', 64)).toBe('unknown');
    expect(clientKey('', 64)).toBe('');
  });
});
