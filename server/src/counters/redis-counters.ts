import type { Cluster, Redis } from 'ioredis';
import { unavailable } from '../domain/app-error';
import type { RateCounters } from './rate-counters';

/**
 * KEYS: the counter. ARGV: amount, windowMs → {count, resetInMs}. The window is the key's TTL,
 * set by the call that creates the key, so Redis forgets each key when its window ends, and a
 * key is one counter however many nodes count it. An amount of 0 reads, a negative one gives
 * back, and neither creates.
 */
const CONSUME = `
local amount = tonumber(ARGV[1])
if amount <= 0 then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then return {0, 0} end
  if amount == 0 then return {tonumber(redis.call('GET', KEYS[1])), ttl} end
  return {redis.call('INCRBY', KEYS[1], amount), ttl}
end
local count = redis.call('INCRBY', KEYS[1], amount)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl}
`;

type CountersClient = (Redis | Cluster) & {
  etConsume(key: string, amount: number, windowMs: number): Promise<[number, number]>;
};

/**
 * The counters of every node on a shared Redis, one key each (`prefix` + key) with its window
 * as its TTL: one script call per count, atomic on one server or one Cluster shard. Windows run
 * on Redis's clock.
 */
export function createRedisCounters({
  redis,
  prefix,
}: {
  redis: Redis | Cluster;
  /** Before every key, e.g. `et:rate:`. */
  prefix: string;
}): RateCounters {
  const client = redis as CountersClient;
  client.defineCommand('etConsume', { numberOfKeys: 1, lua: CONSUME });
  return {
    async consume(key, amount, windowMs) {
      try {
        const [count, resetInMs] = await client.etConsume(`${prefix}${key}`, amount, windowMs);
        return { count, resetInMs };
      } catch (err) {
        throw unavailable(err);
      }
    },
  };
}
