import { AppError, unavailable } from '../../domain/app-error';
import type { MessageRecord, StoredReading } from '../../domain/message';
import { createLruMap } from '../lru-map';
import type {
  Delivery,
  DeliveryOutcome,
  Inbox,
  MailboxRecord,
  MailStore,
  NewMailbox,
  RefusalRecord,
  PlacedMessage,
} from '../mail-store';
import type { ChainableCommander, Redis } from 'ioredis';
import { connectRedis, type RedisClient } from './connection';
import { batcher } from './batcher';
import { createKeys, type MailboxKeys } from './keys';
import { isClusterUrl } from './redis-url';
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
  /**
   * Replicas that must hold a stored message before `putMessages` resolves (Redis `WAIT`);
   * short of that within REPLICA_ACK_TIMEOUT_MS it rejects, and SMTP answers 451. 0: resolve
   * once the primary has applied it.
   */
  minReplicasAck?: number;
  /**
   * The bus's channel of a mailbox's events (redis-bus.ts). Given, the store announces what it
   * stores (`announcesDeliveries`), in PUT, unless puts wait for replicas: then the event waits
   * until WAIT has answered, so that no page hears of a message the replicas may not hold.
   */
  announceOn?: (mailbox: string) => string;
}

/** How long a put waits for its replicas before the sender is told to retry. */
const REPLICA_ACK_TIMEOUT_MS = 1000;

/**
 * A batch of puts this large goes out at once, even while another is on its way: one script
 * holds up the rest of Redis while it runs, and a reply waits for the whole batch.
 */
const MAX_BATCH_BYTES = 1024 * 1024;
const MAX_BATCH_MESSAGES = 128;

/** One message for `PUT`: its mailbox's keys, its raw bytes and its place in PUT's arguments. */
interface PutItem {
  keys: MailboxKeys;
  raw: Buffer;
  /** Its reading as kept (`encodeReading`), or '' for none. */
  reading: string;
  /** now, id, summaryJson; after them PUT takes the raw (or ''), then `rest`, then the reading. */
  head: [number, string, string];
  /**
   * size, maxMessages, maxBytes, channel, announcement ('' for none), sender ('' for none),
   * senderMaxMessages, senderMaxBytes.
   */
  rest: [number, number, number, string, string, string, number, number];
}

/**
 * A reading as the raws hash keeps it (`r:<id>`): the attachments' JSON, a line break, the
 * view's JSON. JSON has no raw line break, so the first one splits them, and the attachments,
 * which a download reads, come first and are short.
 */
const encodeReading = (reading: StoredReading) => `${reading.attachments}\n${reading.view}`;

function decodeReading(kept: string): StoredReading {
  const cut = kept.indexOf('\n');
  return { attachments: kept.slice(0, cut), view: kept.slice(cut + 1) };
}

/**
 * Messages from this size on are written by an HSET of their own beside PUT, in one MULTI,
 * rather than passed to the script: Redis reads an argument this large straight into the
 * string it keeps (PROTO_MBULK_BIG_ARG, 32 KB), while Lua copies it in and out again. Below it,
 * the MULTI and its replies cost more than the copies (bench/README.md, "Redis mode").
 */
const RAW_BESIDE_SCRIPT_BYTES = 32 * 1024;

/** The token → address key outlives the mailbox by this much, so a late extend still finds it. */
const TOKEN_GRACE_MS = 60_000;

type StoredSummary = Omit<MessageRecord, 'mailbox'>;

/** A stored summary; one without a code or link field reads as null for it. */
function readSummary(json: string, mailbox: string): MessageRecord {
  const stored = JSON.parse(json) as Partial<StoredSummary> &
    Omit<StoredSummary, 'code' | 'confirmLink' | 'authentication'>;
  return {
    ...stored,
    code: stored.code ?? null,
    confirmLink: stored.confirmLink ?? null,
    authentication: stored.authentication ?? null,
    mailbox,
  };
}

/** Token → address pairs a node keeps (each ~150 bytes): more than the inboxes it serves. */
const MAX_CACHED_TOKENS = 100_000;

/** The mailbox hash fields a read takes, in the order `readMailbox` reads them. */
const MAILBOX_FIELDS = ['th', 'c', 'e', 'n', 'b', 'v', 'cr'] as const;
type MailboxFields = (string | null)[];

/** Reads of mailboxes sent as one command at most (each reply is a few dozen bytes). */
const MAX_READ_BATCH = 256;

/**
 * Inbox lists this node has read, each with the version it was read at (the mailbox's `v`,
 * which every script that changes the list moves). A read asks Redis for the version in the
 * same command that checks the mailbox, and reads the list again only when it moved, so a
 * poll between two changes is one small command and no JSON; a change made through any node
 * is seen by the next read on every node. Bounded like the SQLite read cache: least recently
 * used first, by lists and by the summaries they hold.
 */
function createListCache(maxLists = 10_000, maxMessages = 10_000) {
  const lists = createLruMap<{ version: string; messages: readonly MessageRecord[] }>();
  let held = 0;
  const drop = (address: string) => {
    const entry = lists.take(address);
    if (entry) held -= entry.messages.length;
  };
  return {
    get: (address: string) => lists.get(address),
    drop,
    put(address: string, version: string | null, messages: readonly MessageRecord[]) {
      drop(address);
      // No version (no mailbox), or a list larger than the whole budget: read every time.
      if (version === null || messages.length > maxMessages) return;
      lists.set(address, { version, messages });
      held += messages.length;
      while (held > maxMessages || lists.size > maxLists) drop(lists.oldestKey()!);
    },
  };
}

interface Commands {
  etCreate(...args: (string | number)[]): Promise<number>;
  etSetExpiry(
    ...args: (string | number)[]
  ): Promise<[string, string, string, string, string, string | null] | null>;
  etDelete(...args: (string | number)[]): Promise<[number, string | null]>;
  /** PUT with the five keys of one mailbox: every message of the batch is for it. */
  etPut(...args: (string | number | Buffer)[]): Promise<number[]>;
  /** PUT with five keys per message, their count first. */
  etPutMany(...args: (string | number | Buffer)[]): Promise<number[]>;
  etList(...args: string[]): Promise<[string | null, ...string[]]>;
  etAfter(...args: (string | number)[]): Promise<string[]>;
  etReadMailboxes(...args: (string | number)[]): Promise<MailboxFields[]>;
  etAddRefusal(...args: (string | number)[]): Promise<number>;
  etDeleteMessage(...args: string[]): Promise<number>;
  etPutReading(...args: string[]): Promise<number>;
  etRawRange(...args: (string | number)[]): Promise<string | null>;
  etReadingAttachments(...args: string[]): Promise<string | null>;
  /** etRawRange's answer as bytes (ioredis defines a Buffer twin of every script). */
  etRawRangeBuffer(...args: (string | number)[]): Promise<Buffer | null>;
  etDeleteAll(...args: string[]): Promise<number>;
}

/** PUT as a MULTI offers it: queued, resolved by the MULTI's `exec`. */
type PipelineCommands = {
  [K in 'etPut' | 'etPutMany']: (...args: Parameters<Commands[K]>) => ChainableCommander;
};

const SCRIPTS: [keyof Commands, string, number][] = [
  ['etCreate', lua.CREATE, 5],
  ['etSetExpiry', lua.SET_EXPIRY, 5],
  ['etDelete', lua.DELETE, 5],
  ['etPut', lua.PUT, 5],
  // Its key count is its first argument: the keys of many mailboxes, so only ever used on one
  // server (on a Cluster they span slots).
  ['etPutMany', lua.PUT, 0],
  ['etList', lua.LIST, 5],
  ['etAfter', lua.AFTER, 5],
  // As etPutMany: its key count first, only ever used on one server.
  ['etReadMailboxes', lua.READ_MAILBOXES, 0],
  ['etAddRefusal', lua.ADD_REFUSAL, 5],
  ['etDeleteMessage', lua.DELETE_MESSAGE, 5],
  ['etPutReading', lua.PUT_READING, 5],
  ['etRawRange', lua.RAW_RANGE, 5],
  ['etReadingAttachments', lua.READING_ATTACHMENTS, 5],
  ['etDeleteAll', lua.DELETE_ALL_MESSAGES, 5],
];

async function connectWithScripts(url: string, name: string) {
  const client = (await connectRedis(url, name)) as RedisClient & Commands;
  for (const [command, script, numberOfKeys] of SCRIPTS) {
    client.defineCommand(command, { lua: script, numberOfKeys: numberOfKeys || undefined });
  }
  return client;
}

/**
 * The shared store for several nodes: everything of a mailbox under one hash tag, expiry by
 * Redis TTLs (nothing outlives its mailbox even with no node running), atomic multi-key
 * operations as Lua scripts. Writes resolve once Redis has applied them; how durable that is
 * depends on Redis persistence (docs/operations.md).
 */
export async function createRedisStore(opts: RedisStoreOptions): Promise<MailStore> {
  const minReplicasAck = opts.minReplicasAck ?? 0;
  const announceOn = minReplicasAck === 0 ? opts.announceOn : undefined;
  const redis = await connectWithScripts(opts.url, 'et-store');
  // WAIT blocks its connection until the replicas answer: puts that wait get their own, so
  // reads never queue behind them.
  const puts = minReplicasAck > 0 ? await connectWithScripts(opts.url, 'et-store-puts') : redis;
  const k = createKeys(opts.prefix ?? 'et:');
  const cluster = isClusterUrl(opts.url);

  /** Operations under way, and close() waiting for there to be none. */
  let running = 0;
  let idle: (() => void) | null = null;
  const settled = () => {
    if (--running === 0) idle?.();
  };

  /**
   * One PUT for `items`: with the raw bytes of large messages written beside it by HSETs in the
   * same MULTI (RAW_BESIDE_SCRIPT_BYTES), else alone. Resolves PUT's replies.
   */
  async function writeBatch(items: PutItem[]): Promise<number[]> {
    const beside = items.filter((item) => item.raw.length >= RAW_BESIDE_SCRIPT_BYTES);
    const args = items.flatMap((item) => {
      const beside = item.raw.length >= RAW_BESIDE_SCRIPT_BYTES;
      return [...item.head, beside ? '' : item.raw, ...item.rest, beside ? '' : item.reading];
    });
    const keys = cluster ? items[0]!.keys : items.flatMap((item) => item.keys);
    if (beside.length === 0) {
      return cluster ? puts.etPut(...keys, ...args) : puts.etPutMany(keys.length, ...keys, ...args);
    }
    const transaction = puts.multi() as ReturnType<typeof puts.multi> & PipelineCommands;
    // One HSET per mailbox, its fields in the batch's order.
    const fields = new Map<string, (string | Buffer)[]>();
    for (const item of beside) {
      const list = fields.get(item.keys[2]) ?? [];
      list.push(item.head[1], item.raw);
      if (item.reading) list.push(`r:${item.head[1]}`, item.reading);
      fields.set(item.keys[2], list);
    }
    for (const [key, values] of fields) transaction.hset(key, ...values);
    if (cluster) transaction.etPut(...keys, ...args);
    else transaction.etPutMany(keys.length, ...keys, ...args);
    const results = await transaction.exec();
    const [err, replies] = results!.at(-1)!;
    if (err) throw err;
    return replies as number[];
  }

  /**
   * Stores one message: batched with the others of its group (batcher), one script for the
   * batch; on a Cluster a batch holds one mailbox's messages, whose keys share a slot.
   */
  const put = batcher<PutItem, number>({
    async send(items) {
      const stored = writeBatch(items);
      // Sent right behind the script on the same connection, WAIT counts the replicas that
      // hold it.
      const replicated =
        minReplicasAck > 0 ? (puts as Redis).wait(minReplicasAck, REPLICA_ACK_TIMEOUT_MS) : null;
      const [replies, replicas] = await Promise.all([stored, replicated]);
      if (replicas !== null && replicas < minReplicasAck) {
        throw unavailable(new Error(`stored on ${replicas} of ${minReplicasAck} replicas in time`));
      }
      return replies;
    },
    groupOf: cluster ? (item) => item.keys[0] : () => '',
    bytesOf: (item) => item.raw.length + item.reading.length,
    maxBatchBytes: MAX_BATCH_BYTES,
    maxBatchItems: MAX_BATCH_MESSAGES,
  });

  /**
   * Runs a store operation: any failure to reach Redis becomes UNAVAILABLE (HTTP 503, SMTP 451),
   * and close() waits for the operation before it disconnects.
   */
  function guard<T>(operation: () => Promise<T>): Promise<T> {
    running++;
    return operation().then(
      (value) => {
        settled();
        return value;
      },
      (err: unknown) => {
        settled();
        throw err instanceof AppError ? err : unavailable(err);
      },
    );
  }

  /**
   * A mailbox hash's fields, read in a batch with the other reads of the moment (batcher): every
   * inbox poll and recipient check asks for one, and a batch is one command, one reply and one
   * promise of ioredis's for all of them. On a Cluster a batch is one key's.
   */
  const readFields = batcher<string, MailboxFields>({
    async send(keys) {
      const distinct = [...new Set(keys)];
      const rows =
        distinct.length === 1
          ? [await redis.hmget(distinct[0]!, ...MAILBOX_FIELDS)]
          : await redis.etReadMailboxes(distinct.length, ...distinct);
      const byKey = new Map(distinct.map((key, i) => [key, rows[i]!]));
      return keys.map((key) => byKey.get(key)!);
    },
    groupOf: cluster ? (key) => key : () => '',
    maxBatchItems: MAX_READ_BATCH,
  });

  const lists = createListCache();
  /** token hash → address: fixed for a mailbox's life, checked against `th` on every read. */
  const addresses = createLruMap<string>();

  /**
   * The mailbox's list at `version` (null: at whatever version Redis holds now): the cached
   * array when the node holds that version, else read anew and kept with the version it was
   * read at, which may be newer.
   */
  async function listAt(address: string, version: string | null) {
    return cachedList(address, version) ?? readList(address);
  }

  /** The list kept at `version`, if this node holds it. */
  function cachedList(address: string, version: string | null) {
    const cached = lists.get(address);
    return cached && version !== null && cached.version === version ? cached.messages : undefined;
  }

  async function readList(address: string) {
    const [listVersion, ...rows] = await redis.etList(...k.of(address));
    const current = lists.get(address);
    if (current && listVersion !== null && current.version === listVersion) return current.messages;
    const messages = Object.freeze(rows.map((json) => Object.freeze(readSummary(json, address))));
    lists.put(address, listVersion, messages);
    return messages;
  }

  /** The live mailbox of `tokenHash` and its list's version; one command once the token is known. */
  async function mailboxOfToken(tokenHash: string, now: number) {
    let address = addresses.get(tokenHash);
    if (address === undefined) {
      const found = await redis.get(k.token(tokenHash));
      if (found === null) return null;
      address = found;
      addresses.set(tokenHash, address);
      while (addresses.size > MAX_CACHED_TOKENS) addresses.take(addresses.oldestKey()!);
    }
    const found = toMailbox(address, now, await readFields(k.mailbox(address)), tokenHash);
    if (!found) {
      addresses.take(tokenHash);
      lists.drop(address);
    }
    return found;
  }

  /** The poll: one batched read while the node knows the token and holds the list's version. */
  async function readInbox(tokenHash: string, now: number): Promise<Inbox | null> {
    const found = await mailboxOfToken(tokenHash, now);
    if (!found) return null;
    const { record, version } = found;
    const messages = cachedList(record.address, version) ?? (await readList(record.address));
    return { mailbox: record, messages };
  }

  const ttl = (until: number, now: number) => Math.max(1, Math.round(until - now));

  /** The live mailbox at `address` (only if it is `tokenHash`'s) and its list's version. */
  async function readMailbox(address: string, now: number) {
    return toMailbox(address, now, await readFields(k.mailbox(address)));
  }

  /** A mailbox hash's fields as the live mailbox they describe, else null. */
  function toMailbox(address: string, now: number, fields: MailboxFields, tokenHash?: string) {
    const [th, c, e, n, b, v, cr] = fields;
    if (th === null || c === null || e === null) return null;
    if (tokenHash !== undefined && th !== tokenHash) return null;
    const record: MailboxRecord = {
      address,
      createdAt: Number(c),
      expiresAt: Number(e),
      messageCount: Number(n ?? 0),
      sizeBytes: Number(b ?? 0),
      creator: cr ?? null,
    };
    return record.expiresAt > now ? { record, version: v ?? null } : null;
  }

  async function removeMailbox(
    address: string,
    now: number,
    tombstoneUntil: number,
    onlyIfExpired: boolean,
  ) {
    const [status, tokenHash] = await redis.etDelete(
      ...k.of(address),
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
    announcesDeliveries: announceOn !== undefined,

    createMailbox: (m: NewMailbox) =>
      guard(async () => {
        const tombUntil = m.expiresAt + opts.tombstoneMs;
        const created = await redis.etCreate(
          ...k.of(m.address),
          m.tokenHash,
          m.createdAt,
          m.expiresAt,
          ttl(m.expiresAt, m.createdAt),
          tombUntil,
          ttl(tombUntil, m.createdAt),
          m.creator ?? '',
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
      guard(async () => (await mailboxOfToken(tokenHash, now))?.record ?? null),

    findMailbox: (address, now) =>
      guard(async () => (await readMailbox(address, now))?.record ?? null),

    setExpiry: (address, expiresAt, now) =>
      guard(async () => {
        const tombUntil = expiresAt + opts.tombstoneMs;
        const row = await redis.etSetExpiry(
          ...k.of(address),
          expiresAt,
          now,
          ttl(expiresAt, now),
          tombUntil,
          ttl(tombUntil, now),
        );
        if (!row) return null;
        const [c, e, th, n, b, cr] = row;
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
          creator: cr ?? null,
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
            if (mailbox) await redis.zadd(k.expiry, mailbox.record.expiresAt, address);
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
        const replies = await Promise.all(
          deliveries.map((d) => {
            const { raw, reading, ...summary } = d.message;
            const { announcement, share } = d;
            const announced = announceOn !== undefined && announcement !== undefined;
            return put({
              keys: k.of(d.mailbox),
              raw,
              reading: reading ? encodeReading(reading) : '',
              head: [now, d.message.id, JSON.stringify(summary satisfies StoredSummary)],
              rest: [
                raw.length,
                quota.maxMessages,
                quota.maxBytes,
                announced ? announceOn(d.mailbox) : '',
                announced ? announcement : '',
                share?.sender ?? '',
                share?.maxMessages ?? 0,
                share?.maxBytes ?? 0,
              ],
            });
          }),
        );
        return replies.map((r): DeliveryOutcome =>
          r === 1 ? 'stored' : r === 2 ? 'full' : 'gone',
        );
      }),

    readInbox: (tokenHash, now) => guard(() => readInbox(tokenHash, now)),

    listMessages: (mailbox) => guard(() => listAt(mailbox, null)),

    messagesAfter: (mailbox, after) =>
      guard(async () => {
        const [newest, ...placed] = await redis.etAfter(...k.of(mailbox), after);
        const messages: PlacedMessage[] = [];
        for (let i = 0; i < placed.length; i += 2) {
          messages.push({
            place: Number(placed[i]),
            message: readSummary(placed[i + 1]!, mailbox),
          });
        }
        return { messages, newest: Number(newest) };
      }),

    getMessage: (mailbox, id) =>
      guard(async () => {
        const json = await redis.hget(k.messages(mailbox), id);
        return json ? readSummary(json, mailbox) : null;
      }),

    getRaw: (mailbox, id) => guard(() => redis.hgetBuffer(k.raws(mailbox), id)),

    getReadingAttachments: (mailbox, id) =>
      guard(() => redis.etReadingAttachments(...k.of(mailbox), id)),

    getRawRange: (mailbox, id, start, end) =>
      guard(() => redis.etRawRangeBuffer(...k.of(mailbox), id, start, end)),

    getReading: (mailbox, id) =>
      guard(async () => {
        const kept = await redis.hget(k.raws(mailbox), `r:${id}`);
        return kept === null ? null : decodeReading(kept);
      }),

    putReading: (mailbox, id, reading) =>
      guard(
        async () => (await redis.etPutReading(...k.of(mailbox), id, encodeReading(reading))) === 1,
      ),

    oldestExpiry: () =>
      guard(async () => {
        const [, score] = await redis.zrange(k.expiry, 0, 0, 'WITHSCORES');
        return score === undefined ? null : Number(score);
      }),

    addRefusal: (address, refusal, now, max) =>
      guard(async () => {
        const json = JSON.stringify(refusal satisfies RefusalRecord);
        return (await redis.etAddRefusal(...k.of(address), now, json, max)) === 1;
      }),

    listRefusals: (address) =>
      guard(async () => {
        const lines = await redis.hget(k.mailbox(address), 'rf');
        return lines ? lines.split('\n').map((line) => JSON.parse(line) as RefusalRecord) : [];
      }),

    deleteMessage: (mailbox, id) =>
      guard(async () => (await redis.etDeleteMessage(...k.of(mailbox), id)) === 1),

    deleteAllMessages: (mailbox) => guard(() => redis.etDeleteAll(...k.of(mailbox))),

    async close() {
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      await Promise.all(
        [...new Set([redis, puts])].map((c) => c.quit().catch(() => c.disconnect())),
      );
    },
  };
}
