import type { Logger } from 'pino';
import type { Config } from '../config';
import type { RateCounters } from '../counters/rate-counters';
import { createRedisCounters } from '../counters/redis-counters';
import { createRedisBus } from '../events/redis-bus';
import type { EventBus } from '../events/event-bus';
import type { SweepLock } from '../jobs/expiry-sweeper';
import { connectRedis, type RedisClient } from '../store/redis/connection';
import type { ReadHeadroom } from '../store/headroom';
import { createKeys } from '../store/redis/keys';
import { memoryHeadroom } from '../store/redis/memory-headroom';
import { createRedisLock } from '../store/redis/redis-lock';
import { createRedisStore } from '../store/redis/redis-store';
import type { MailStore } from '../store/mail-store';

const DAY_MS = 86_400_000;

/** What a node on a shared Redis runs on. */
export interface RedisBackend {
  store: MailStore;
  bus: EventBus;
  /** Lets one node of several sweep at a time. */
  lock: SweepLock;
  /** The rate limits' counters, shared by every node. */
  counters: RateCounters;
  /** The connection of `counters`, closed with the node. */
  countersRedis: RedisClient;
  /** Reads Redis's memory against `REDIS_MAX_MEMORY_PERCENT`, on the counters' connection. */
  readHeadroom: ReadHeadroom;
}

/**
 * Store, bus, sweep lock, rate-limit counters and headroom of a node on a shared Redis (STORE_URL).
 * Loaded only by nodes that use Redis, so that a SQLite node never loads ioredis.
 */
export async function createRedisBackend(
  url: string,
  config: Pick<
    Config,
    'tombstoneDays' | 'sweepIntervalMs' | 'redisMinReplicasAck' | 'redisMaxMemoryPercent'
  >,
  logger: Logger,
): Promise<RedisBackend> {
  const keys = createKeys('et:');
  const [publisher, subscriber, countersRedis] = await Promise.all([
    connectRedis(url, 'et-bus-pub'),
    connectRedis(url, 'et-bus-sub', true),
    connectRedis(url, 'et-rate-limit'),
  ]);
  const [store, bus, lock] = await Promise.all([
    createRedisStore({
      url,
      tombstoneMs: config.tombstoneDays * DAY_MS,
      minReplicasAck: config.redisMinReplicasAck,
      announceOn: keys.events,
    }),
    createRedisBus({
      publisher,
      subscriber,
      channelOf: keys.events,
      logger: logger.child({ component: 'bus' }),
    }),
    createRedisLock({
      url,
      key: keys.sweepLock,
      ttlMs: Math.max(5000, config.sweepIntervalMs * 5),
    }),
  ]);
  const counters = createRedisCounters({ redis: countersRedis, prefix: 'et:rate:' });
  const readHeadroom = memoryHeadroom(
    countersRedis,
    config.redisMaxMemoryPercent,
    logger.child({ component: 'store' }),
  );
  return { store, bus, lock, counters, countersRedis, readHeadroom };
}
