import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** Either kind of client: commands, scripts and pub/sub look the same on both. */
export type RedisClient = Redis | Cluster;

/** `redis-cluster://host:port,host:port` lists seed nodes of a Redis Cluster. */
const CLUSTER_SCHEME = 'redis-cluster://';

export function isClusterUrl(url: string): boolean {
  return url.startsWith(CLUSTER_SCHEME);
}

/** Seed nodes of a `redis-cluster://` URL. */
export function clusterNodes(url: string): { host: string; port: number }[] {
  return url
    .slice(CLUSTER_SCHEME.length)
    .split(',')
    .map((hostPort) => {
      const [host = '', port = '6379'] = hostPort.trim().split(':');
      return { host, port: Number(port) };
    });
}

/**
 * Options of every connection: fail fast while Redis is away (no offline queue: a request gets
 * an error at once and is answered 503 / 451 instead of hanging), reconnect by itself forever
 * with a capped backoff, batch commands issued in the same tick (auto-pipelining).
 */
export function connectionOptions(name: string, offlineQueue = false): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: offlineQueue,
    maxRetriesPerRequest: 0,
    commandTimeout: 5000,
    connectionName: name,
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(50 * attempt, 1000),
  };
}

/** A client for `redis://…` (one server) or `redis-cluster://…` (a cluster), connected. */
export async function connectRedis(
  url: string,
  name: string,
  offlineQueue = false,
): Promise<RedisClient> {
  const options = connectionOptions(name, offlineQueue);
  const client: RedisClient = isClusterUrl(url)
    ? new Cluster(clusterNodes(url), {
        lazyConnect: true,
        enableOfflineQueue: offlineQueue,
        enableAutoPipelining: true,
        clusterRetryStrategy: (attempt) => Math.min(50 * attempt, 1000),
        redisOptions: options,
      })
    : new Redis(url, options);
  // Errors surface on the commands that hit them; the connection itself just reconnects.
  client.on('error', () => {});
  await client.connect();
  return client;
}
