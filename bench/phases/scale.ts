import { loadavg } from 'node:os';
import { clusterNodes } from '../../server/src/store/redis/redis-url';
import { startRedisCluster } from '../../server/test/helpers/redis-server';
import {
  runScaleScenario,
  type ScaleNode,
  type ScaleResult,
} from '../../server/test/helpers/scale-scenario';
import { percentile } from '../lib/proc';
import { startRedis } from '../lib/redis';
import { record, report } from '../lib/report';
import { startServer } from '../lib/server';

export interface ScaleContext {
  quick: boolean;
}

/** The full run: 3,000 streams (one per mailbox), 100 msg/s for 20 s; quick: 600 for 5 s. */
const FULL = { streams: 3000, rate: 100, loadSeconds: 20 };
const QUICK = { streams: 600, rate: 50, loadSeconds: 5 };

async function startNode(role: 'smtp' | 'http', env: Record<string, string>): Promise<ScaleNode> {
  const server = await startServer({ ...env, ROLE: role });
  return {
    httpUrl: role === 'http' ? server.httpUrl : '',
    smtpPort: role === 'smtp' ? server.smtpPort : 0,
    pid: server.pid,
    async kill() {
      process.kill(server.pid, 'SIGKILL');
      await server.stop();
    },
    stop: () => server.stop(),
  };
}

/** Prints the figures of one store's run; `store` is `redis` or `cluster`. */
function print(store: string, name: string, r: ScaleResult): void {
  const id = (key: string) => `scale.${store}.${key}`;
  const counts = `${r.streams} streams on ${r.mailboxes} mailboxes, ${r.sent} messages at ${r.achievedRate.toFixed(0)} msg/s`;
  report({
    id: id('delivered'),
    label: `${name}: delivered / expected`,
    unit: '',
    ours: r.delivered,
    baseline: { name: 'expected', value: r.expected },
    goal: { on: 'ratio', op: '==', limit: 1 },
    note: `${counts}, ${r.refused} refused`,
    invalid: r.errors.length ? r.errors.slice(0, 3).join('; ') : undefined,
  });
  for (const p of [50, 99])
    report({
      id: id(`arrival.p${p}`),
      label: `${name}: arrival 250 → event, p${p}`,
      unit: 'ms',
      ours: percentile(r.arrivalMs, p),
      note: `${r.arrivalMs.length} (message, stream) pairs`,
    });
  const killed = `${r.killedStreams} streams of the killed node, the page's 1 s wait included`;
  for (const [p, label] of [
    [50, 'p50'],
    [99, 'p99'],
    [100, 'max'],
  ] as const)
    report({
      id: id(`reconnect.${label}`),
      label: `${name}: kill -9 → stream open again, ${label}`,
      unit: 'ms',
      ours: percentile(r.reconnectMs, p),
      note:
        p === 50
          ? killed
          : p === 100
            ? `every inbox refetched ${percentile(r.refetchMs, 100).toFixed(0)} ms after the kill; ` +
              `the clients' event loop late by up to ${r.gapLoopDelayMaxMs.toFixed(0)} ms meanwhile`
            : undefined,
      invalid: r.notReconnected ? `${r.notReconnected} streams never came back` : undefined,
    });
  report({
    id: id('missing'),
    label: `${name}: missing after reconnect + refetch`,
    unit: '',
    ours: r.missing,
    goal: { on: 'value', op: '==', limit: 0 },
    note: `${r.sentInAll} messages in all, ${r.gapRate.toFixed(0)} msg/s acknowledged from the kill to the last refetch, ${r.sentInGap} sent to the killed streams' mailboxes before their refetch${r.missingExamples.length ? `; e.g. ${r.missingExamples[0]}` : ''}`,
  });
  for (const n of r.nodes) {
    const perStream =
      n.streams > 0 ? ((n.rssStreamsMb - n.rssIdleMb) / n.streams) * 1000 : Number.NaN;
    report({
      id: id(`rss.${n.name}`),
      label: `${name}: RSS ${n.name}`,
      unit: 'MB',
      ours: n.rssAfterLoadMb,
      note:
        n.role === 'http'
          ? `idle ${n.rssIdleMb.toFixed(0)} MB, ${n.streams} streams open (each inbox read once) ${n.rssStreamsMb.toFixed(0)} MB: ${perStream.toFixed(1)} MB per 1,000 streams`
          : `idle ${n.rssIdleMb.toFixed(0)} MB`,
    });
    report({
      id: id(`cpu.${n.name}`),
      label: `${name}: CPU ${n.name} per message`,
      unit: 'ms',
      ours: n.loadCpuMs / r.sent,
      note:
        `${(n.loadCpuMs / 1000).toFixed(1)} s utime+stime over the load, ` +
        `${n.idleCpuMsPerSecond.toFixed(1)} ms/s before it with the streams open` +
        (n.role === 'http'
          ? `; per stream and message ${((n.loadCpuMs / r.sent / n.streams) * 1000).toFixed(2)} µs`
          : ''),
    });
  }
  report({
    id: id('cpu.redis'),
    label: `${name}: CPU redis-server per message`,
    unit: 'ms',
    ours: r.redisLoadCpuMs / r.sent,
    note: `INFO cpu, summed over the servers; the clients' own ${(r.clientLoadCpuMs / r.sent).toFixed(2)} ms per message`,
  });
  const kb = 1024;
  report({
    id: id('memory.mailbox'),
    label: `${name}: Redis used_memory per mailbox`,
    unit: 'KB',
    ours: (r.redisMemory.mailboxes - r.redisMemory.empty) / r.mailboxes / kb,
    note: `INFO memory, summed over the masters: empty ${(r.redisMemory.empty / kb ** 2).toFixed(1)} MB`,
  });
  report({
    id: id('memory.message'),
    label: `${name}: Redis used_memory per message (~1 KB)`,
    unit: 'KB',
    ours: (r.redisMemory.afterLoad - r.redisMemory.mailboxes) / r.sent / kb,
    note: `after the load ${(r.redisMemory.afterLoad / kb ** 2).toFixed(1)} MB`,
  });
  record({
    id: id('load'),
    label: `${name}: load average at the end`,
    unit: '',
    ours: loadavg()[0]!,
  });
}

/**
 * Scale: two SMTP-role and three HTTP-role nodes, as separate processes, on one Redis and then
 * on a three-master Redis Cluster; event streams (one per mailbox) spread over the HTTP nodes;
 * SMTP at a fixed rate; then `kill -9` of one HTTP node under the same load. The clients are the
 * scenario of server/test/helpers/scale-scenario.ts (the test suite runs it small).
 */
export async function runScale(ctx: ScaleContext): Promise<void> {
  const size = ctx.quick ? QUICK : FULL;
  const log = (line: string) => process.stdout.write(`  ${line}\n`);
  const common = {
    ...size,
    streamsPerMailbox: 1,
    sessionsPerNode: 4,
    idleSeconds: ctx.quick ? 2 : 10,
    startNode,
    log,
  };

  const redis = await startRedis();
  try {
    const result = await runScaleScenario({
      ...common,
      storeUrl: redis.url,
      redisPorts: [Number(new URL(redis.url).port)],
    });
    print('redis', 'one Redis', result);
  } finally {
    await redis.stop();
  }

  const cluster = await startRedisCluster();
  // The cluster's servers are not the bench's tracked children: stop them whatever happens.
  const stopCluster = () => void cluster.stop();
  process.once('exit', stopCluster);
  try {
    const result = await runScaleScenario({
      ...common,
      storeUrl: cluster.url,
      redisPorts: clusterNodes(cluster.url).map((n) => n.port),
    });
    print('cluster', 'Cluster', result);
  } finally {
    process.off('exit', stopCluster);
    await cluster.stop();
  }
}
