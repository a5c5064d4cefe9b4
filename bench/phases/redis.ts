import { startRedis } from '../lib/redis';
import { startServer } from '../lib/server';
import { runIngest, type IngestContext, type Scenario } from './ingest';
import { runInbox } from './inbox';

/**
 * Redis mode (STORE_URL): ingest at 50 sessions and inbox read, on a throw-away redis-server
 * (AOF, appendfsync always: a 250 still means the write is on disk), against the same
 * baselines; the SQLite figure of this run, if any, is printed beside. CPU per message is the
 * server's; redis-server's own is in the note.
 */
export async function runRedis(
  ctx: IngestContext & { tmp: string },
  scenarios: Scenario[],
): Promise<void> {
  const redis = await startRedis();
  try {
    const server = await startServer({ STORE_URL: redis.url });
    try {
      await runIngest(ctx, server, {
        scenarios,
        prefix: 'redis.ingest',
        extraPids: [redis.pid],
        beside: 'ingest',
      });
      await runInbox(ctx, server, {
        prefix: 'redis.inbox',
        fill: { redis: redis.url },
        beside: 'inbox',
      });
    } finally {
      await server.stop();
    }
  } finally {
    await redis.stop();
  }
}
