import { describe, expect, it } from 'vitest';
import { clusterNodes } from '../src/store/redis/redis-url';
import { startRedis, startRedisCluster } from './helpers/redis-server';
import { runScaleScenario, type ScaleNode } from './helpers/scale-scenario';
import { startServerProcess } from './helpers/server-process';

/** The bench's scale scenario (`npm run bench -- scale`), small: 300 streams, 3 s of load. */
async function scenario(storeUrl: string, redisPorts: number[]) {
  return runScaleScenario({
    storeUrl,
    redisPorts,
    startNode: async (role, env): Promise<ScaleNode> => {
      const p = await startServerProcess({ env, args: ['--role', role] });
      return { ...p, kill: () => p.kill(), stop: () => p.stop() };
    },
    streams: 300,
    // Two streams per mailbox, on two different HTTP nodes: each event fans out across nodes.
    streamsPerMailbox: 2,
    rate: 60,
    loadSeconds: 3,
    sessionsPerNode: 2,
  });
}

function expectNothingLost(result: Awaited<ReturnType<typeof scenario>>) {
  expect(result.errors).toEqual([]);
  expect(result.streams).toBe(300);
  expect(result.sent).toBeGreaterThan(100);
  expect(result.refused).toBe(0);
  // Every acknowledged message reached every stream of its mailbox.
  expect(result.delivered).toBe(result.expected);
  // The killed node held a third of the streams; each came back on another node.
  expect(result.killedStreams).toBe(100);
  expect(result.notReconnected).toBe(0);
  expect(result.reconnectMs).toHaveLength(100);
  // Mail arrived for their mailboxes while they were away, and the refetch found all of it.
  expect(result.sentInGap).toBeGreaterThan(0);
  expect(result.missingExamples).toEqual([]);
  expect(result.missing).toBe(0);
}

/**
 * Bounded, but generous: five node processes start in each test, and beside the rest of the
 * suite on two cores that alone takes tens of seconds.
 */
const TIMEOUT_MS = 150_000;

describe('scale: 2 SMTP nodes, 3 HTTP nodes, 300 streams, kill -9 of an HTTP node', () => {
  it(
    'on one Redis, every message reaches its streams, and none is missing after the refetch',
    async () => {
      const redis = await startRedis();
      try {
        expectNothingLost(await scenario(redis.url, [redis.port]));
      } finally {
        await redis.stop();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'on a three-master Redis Cluster, the same',
    async () => {
      const cluster = await startRedisCluster();
      try {
        expectNothingLost(
          await scenario(
            cluster.url,
            clusterNodes(cluster.url).map((n) => n.port),
          ),
        );
      } finally {
        await cluster.stop();
      }
    },
    TIMEOUT_MS,
  );
});
