import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { clusterNodes, isClusterUrl, isSentinelUrl, sentinelTarget } from './redis-url';

/** Either kind of client: commands, scripts and pub/sub look the same on both. */
export type RedisClient = Redis | Cluster;

/**
 * Options of every connection: fail fast while Redis is away (no offline queue: a request gets
 * an error at once and is answered 503 / 451 instead of hanging), reconnect by itself forever
 * with a capped backoff. No auto-pipelining: the store batches its puts and reads itself
 * (batcher.ts), and ioredis's own builds a Pipeline for every turn that sends a command, which
 * costs a node more CPU per message than the writes it saves (bench/README.md, "Redis mode").
 */
export function connectionOptions(name: string, offlineQueue = false): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: offlineQueue,
    maxRetriesPerRequest: 0,
    commandTimeout: 5000,
    connectionName: name,
    retryStrategy: (attempt) => Math.min(50 * attempt, 1000),
  };
}

/**
 * A client for `redis://…` (one server), `redis-cluster://…` (a cluster) or
 * `redis-sentinel://…` (the primary the sentinels name, found again by asking them after a
 * failover; until a sentinel names a new primary, commands fail fast like with Redis away).
 */
export async function connectRedis(
  url: string,
  name: string,
  offlineQueue = false,
): Promise<RedisClient> {
  const options = connectionOptions(name, offlineQueue);
  let client: RedisClient;
  if (isClusterUrl(url)) {
    client = new Cluster(clusterNodes(url), {
      lazyConnect: true,
      enableOfflineQueue: offlineQueue,
      clusterRetryStrategy: (attempt) => Math.min(50 * attempt, 1000),
      redisOptions: options,
    });
  } else if (isSentinelUrl(url)) {
    client = new Redis({
      ...options,
      ...sentinelTarget(url),
      role: 'master',
      // Hears the sentinels' +switch-master at once instead of at the next failed command.
      failoverDetector: true,
      sentinelRetryStrategy: (attempt) => Math.min(50 * attempt, 1000),
    });
  } else {
    client = new Redis(url, options);
  }
  // Errors surface on the commands that hit them; the connection itself just reconnects.
  client.on('error', () => {});
  await client.connect();
  return client;
}
