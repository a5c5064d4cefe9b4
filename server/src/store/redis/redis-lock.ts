import { randomBytes } from 'node:crypto';
import { connectRedis } from './connection';
import { ACQUIRE_LOCK, RELEASE_LOCK } from './scripts';

export interface RedisLockOptions {
  url: string;
  key: string;
  /** The lock lapses this long after its holder last renewed it (e.g. the holder died). */
  ttlMs: number;
}

/**
 * A renewable lock (after WildDuck's processlock): `tryAcquire` takes the lock or renews it if
 * this node holds it, so a node that keeps calling keeps it, and another takes over within
 * `ttlMs` once it stops.
 */
export async function createRedisLock({ url, key, ttlMs }: RedisLockOptions) {
  const redis = await connectRedis(url, 'et-lock');
  const owner = randomBytes(12).toString('base64url');
  return {
    async tryAcquire(): Promise<boolean> {
      return (await redis.eval(ACQUIRE_LOCK, 1, key, owner, ttlMs)) === 1;
    },
    async release(): Promise<void> {
      await redis.eval(RELEASE_LOCK, 1, key, owner).catch(() => {});
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
