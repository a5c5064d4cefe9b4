import { Cluster } from 'ioredis';
import type { Logger } from 'pino';
import type { ReadHeadroom } from '../headroom';
import type { RedisClient } from './connection';

/** The `field:value` lines of an INFO section. */
function infoFields(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return fields;
}

/**
 * The memory Redis may still take before it holds `maxPercent` of its `maxmemory`, from
 * `INFO memory` (`used_memory` against `maxmemory`); on a Cluster, the least of its primaries,
 * since a mailbox's keys live on one of them. Past `maxmemory` Redis itself refuses every
 * command that adds data (under `noeviction`), new mailboxes and counters included; refusing
 * new mail a little before keeps room for the rest of the service.
 *
 * With no `maxmemory` set, Redis grows until the machine runs out and the kernel kills it, so
 * the share is taken of the machine's memory (`total_system_memory`) instead, and the first
 * reading warns. So does a `maxmemory-policy` other than `noeviction`, under which Redis would
 * make room by dropping keys: mail, silently.
 */
export function memoryHeadroom(
  redis: RedisClient,
  maxPercent: number,
  logger: Logger,
): ReadHeadroom {
  const warned = new Set<string>();
  const warnOnce = (what: string, fields: object) => {
    if (warned.has(what)) return;
    warned.add(what);
    logger.warn(fields, what);
  };

  async function roomOf(server: { info(section: string): Promise<string> }): Promise<number> {
    const info = infoFields(await server.info('memory'));
    const used = Number(info.get('used_memory'));
    const maxmemory = Number(info.get('maxmemory') ?? 0);
    const policy = info.get('maxmemory_policy');
    if (policy !== undefined && policy !== 'noeviction') {
      warnOnce('redis maxmemory-policy evicts keys: set it to noeviction', { policy });
    }
    let limit = maxmemory;
    if (!(limit > 0)) {
      limit = Number(info.get('total_system_memory') ?? 0);
      warnOnce('redis has no maxmemory: the store watermark is a share of the machine memory', {
        totalSystemMemory: limit,
      });
    }
    if (!(limit > 0) || !Number.isFinite(used)) return Number.POSITIVE_INFINITY;
    return Math.floor((limit * maxPercent) / 100) - used;
  }

  return async () => {
    const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
    const rooms = await Promise.all(servers.map(roomOf));
    return Math.min(...rooms);
  };
}
