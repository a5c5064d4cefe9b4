import { AppError, unavailable } from '../../domain/app-error';
import type { MessageRecord } from '../../domain/message';
import type {
  Delivery,
  DeliveryOutcome,
  MailboxRecord,
  MailStore,
  NewMailbox,
} from '../mail-store';
import { connectRedis, type RedisClient } from './connection';
import { createKeys, mailboxKeys } from './keys';
import * as lua from './scripts';

export interface RedisStoreOptions {
  /** `redis://host:port[/db]`, or `redis-cluster://host:port,host:port` for a cluster. */
  url: string;
  /** Prepended to every key; lets several deployments or test runs share one Redis. */
  prefix?: string;
  /**
   * How long an address stays reserved after its mailbox ends. The reservation is written when
   * the mailbox is created (and moved on extension), so it holds even if no node ever sweeps.
   */
  tombstoneMs: number;
}

/** The token → address key outlives the mailbox by this much, so a late extend still finds it. */
const TOKEN_GRACE_MS = 60_000;

type StoredSummary = Omit<MessageRecord, 'mailbox'>;

/** A stored summary; ones written before issue 8 have no code or link and read as null. */
function readSummary(json: string, mailbox: string): MessageRecord {
  const stored = JSON.parse(json) as Partial<StoredSummary> &
    Omit<StoredSummary, 'code' | 'confirmLink'>;
  return { ...stored, code: stored.code ?? null, confirmLink: stored.confirmLink ?? null, mailbox };
}

interface Commands {
  etCreate(...args: (string | number)[]): Promise<number>;
  etSetExpiry(
    ...args: (string | number)[]
  ): Promise<[string, string, string, string, string] | null>;
  etDelete(...args: (string | number)[]): Promise<[number, string | null]>;
  etPut(...args: (string | number | Buffer)[]): Promise<number>;
  etList(...args: string[]): Promise<string[]>;
  etDeleteMessage(...args: string[]): Promise<number>;
  etDeleteAll(...args: string[]): Promise<number>;
}

/**
 * The shared store for several nodes: everything of a mailbox under one hash tag, expiry by
 * Redis TTLs (nothing outlives its mailbox even with no node running), atomic multi-key
 * operations as Lua scripts. Writes resolve once Redis has applied them; how durable that is
 * depends on Redis persistence (docs/operations.md).
 */
export async function createRedisStore(opts: RedisStoreOptions): Promise<MailStore> {
  const redis = (await connectRedis(opts.url, 'et-store')) as RedisClient & Commands;
  const k = createKeys(opts.prefix ?? 'et:');
  const defs: [keyof Commands, string, number][] = [
    ['etCreate', lua.CREATE, 5],
    ['etSetExpiry', lua.SET_EXPIRY, 5],
    ['etDelete', lua.DELETE, 5],
    ['etPut', lua.PUT, 4],
    ['etList', lua.LIST, 4],
    ['etDeleteMessage', lua.DELETE_MESSAGE, 4],
    ['etDeleteAll', lua.DELETE_ALL_MESSAGES, 4],
  ];
  for (const [name, lua, numberOfKeys] of defs) redis.defineCommand(name, { lua, numberOfKeys });

  const inFlight = new Set<Promise<unknown>>();

  /**
   * Runs a store operation: any failure to reach Redis becomes UNAVAILABLE (HTTP 503, SMTP 451),
   * and close() waits for the operation before it disconnects.
   */
  function guard<T>(operation: () => Promise<T>): Promise<T> {
    const running = operation().catch((err: unknown) => {
      throw err instanceof AppError ? err : unavailable(err);
    });
    inFlight.add(running);
    const forget = () => inFlight.delete(running);
    running.then(forget, forget);
    return running;
  }

  const keys5 = (address: string) => mailboxKeys(k, address);
  const keys4 = (address: string) => mailboxKeys(k, address).slice(0, 4);
  const ttl = (until: number, now: number) => Math.max(1, Math.round(until - now));

  async function readMailbox(address: string, now: number, tokenHash?: string) {
    const [th, c, e, n, b] = await redis.hmget(k.mailbox(address), 'th', 'c', 'e', 'n', 'b');
    if (th === null || c === null || e === null) return null;
    if (tokenHash !== undefined && th !== tokenHash) return null;
    const record: MailboxRecord = {
      address,
      createdAt: Number(c),
      expiresAt: Number(e),
      messageCount: Number(n ?? 0),
      sizeBytes: Number(b ?? 0),
    };
    return record.expiresAt > now ? record : null;
  }

  async function removeMailbox(
    address: string,
    now: number,
    tombstoneUntil: number,
    onlyIfExpired: boolean,
  ) {
    const [status, tokenHash] = await redis.etDelete(
      ...keys5(address),
      tombstoneUntil,
      ttl(tombstoneUntil, now),
      now,
      onlyIfExpired ? '1' : '0',
    );
    if (tokenHash) await redis.del(k.token(tokenHash));
    if (status !== -1) await redis.zrem(k.expiry, address);
    return status;
  }

  return {
    createMailbox: (m: NewMailbox) =>
      guard(async () => {
        const tombUntil = m.expiresAt + opts.tombstoneMs;
        const created = await redis.etCreate(
          ...keys5(m.address),
          m.tokenHash,
          m.createdAt,
          m.expiresAt,
          ttl(m.expiresAt, m.createdAt),
          tombUntil,
          ttl(tombUntil, m.createdAt),
        );
        if (created !== 1) return false;
        // Separate commands, not MULTI: these keys live on other cluster slots than the mailbox.
        await Promise.all([
          redis.set(
            k.token(m.tokenHash),
            m.address,
            'PX',
            ttl(m.expiresAt + TOKEN_GRACE_MS, m.createdAt),
          ),
          redis.zadd(k.expiry, m.expiresAt, m.address),
        ]);
        return true;
      }),

    findMailboxByTokenHash: (tokenHash, now) =>
      guard(async () => {
        const address = await redis.get(k.token(tokenHash));
        return address ? readMailbox(address, now, tokenHash) : null;
      }),

    findMailbox: (address, now) => guard(() => readMailbox(address, now)),

    setExpiry: (address, expiresAt, now) =>
      guard(async () => {
        const tombUntil = expiresAt + opts.tombstoneMs;
        const row = await redis.etSetExpiry(
          ...keys5(address),
          expiresAt,
          now,
          ttl(expiresAt, now),
          tombUntil,
          ttl(tombUntil, now),
        );
        if (!row) return null;
        const [c, e, th, n, b] = row;
        await Promise.all([
          redis.pexpire(k.token(th), ttl(expiresAt + TOKEN_GRACE_MS, now)),
          redis.zadd(k.expiry, expiresAt, address),
        ]);
        return {
          address,
          createdAt: Number(c),
          expiresAt: Number(e),
          messageCount: Number(n),
          sizeBytes: Number(b),
        };
      }),

    deleteMailbox: (address, now, tombstoneUntil) =>
      guard(async () => (await removeMailbox(address, now, tombstoneUntil, false)) === 1),

    deleteExpired: (now, tombstoneUntil, limit) =>
      guard(async () => {
        const due = await redis.zrangebyscore(k.expiry, '-inf', now, 'LIMIT', 0, limit);
        const deleted: string[] = [];
        for (const address of due) {
          const status = await removeMailbox(address, now, tombstoneUntil, true);
          if (status === -1) {
            // Extended after it was indexed: move it to its real expiry.
            const mailbox = await readMailbox(address, now);
            if (mailbox) await redis.zadd(k.expiry, mailbox.expiresAt, address);
          } else {
            deleted.push(address);
          }
        }
        return deleted;
      }),

    // Tombstones carry their end in the value (checked by CREATE) and a TTL (forgotten by Redis).
    purgeTombstones: async () => {},

    putMessages: (deliveries: Delivery[], now, quota) =>
      guard(async () => {
        // One script per mailbox; auto-pipelining sends them in one round trip per node.
        const replies = await Promise.all(
          deliveries.map((d) => {
            const { raw, ...summary } = d.message;
            return redis.etPut(
              ...keys4(d.mailbox),
              now,
              d.message.id,
              JSON.stringify(summary satisfies StoredSummary),
              raw,
              raw.length,
              quota.maxMessages,
              quota.maxBytes,
            );
          }),
        );
        return replies.map((r): DeliveryOutcome =>
          r === 1 ? 'stored' : r === 2 ? 'full' : 'gone',
        );
      }),

    listMessages: (mailbox) =>
      guard(async () => {
        const rows = await redis.etList(...keys4(mailbox));
        return rows.map((json) => readSummary(json, mailbox));
      }),

    getMessage: (mailbox, id) =>
      guard(async () => {
        const json = await redis.hget(k.messages(mailbox), id);
        return json ? readSummary(json, mailbox) : null;
      }),

    getRaw: (mailbox, id) => guard(() => redis.hgetBuffer(k.raws(mailbox), id)),

    oldestExpiry: () =>
      guard(async () => {
        const [, score] = await redis.zrange(k.expiry, 0, 0, 'WITHSCORES');
        return score === undefined ? null : Number(score);
      }),

    deleteMessage: (mailbox, id) =>
      guard(async () => (await redis.etDeleteMessage(...keys4(mailbox), id)) === 1),

    deleteAllMessages: (mailbox) => guard(() => redis.etDeleteAll(...keys4(mailbox))),

    async close() {
      await Promise.allSettled([...inFlight]);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
