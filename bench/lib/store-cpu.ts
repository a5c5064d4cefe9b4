/**
 * The store alone, as ingest calls it for each message (the recipient check, then the put with
 * its event), in a process of its own: what a message costs the store's side of a node, apart
 * from SMTP and parsing.
 *
 *   node --import tsx bench/lib/store-cpu.ts --store sqlite --path FILE | --store redis --url URL
 *     | --store bare --url URL   --size BYTES --in-flight N --warm-up N
 *
 * `bare` is no store but the least one on Redis could do: read the mailbox's fields (HMGET),
 * write the raw (HSET), two plain commands through ioredis, no script, summary or event.
 *
 * Stores `N` messages to warm up, then prints `{}`; then for each line `n` read on stdin stores
 * `n` more, `--in-flight` at a time, all to one mailbox (as the ingest lines send them), prints
 * `{"cpuUs": …, "rate": …}` (this process's CPU per message, messages per second) and empties
 * the mailbox.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { toSummary } from '../../server/src/domain/message';
import { hashToken, newToken } from '../../server/src/domain/token';
import type { Delivery, MailStore } from '../../server/src/store/mail-store';
import { createKeys } from '../../server/src/store/redis/keys';
import { createRedisStore } from '../../server/src/store/redis/redis-store';
import { createSqliteStore } from '../../server/src/store/sqlite/sqlite-store';

export interface StoreCpuTurn {
  cpuUs: number;
  rate: number;
}

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    path: { type: 'string' },
    url: { type: 'string' },
    size: { type: 'string' },
    'in-flight': { type: 'string', default: '1' },
    'warm-up': { type: 'string', default: '2000' },
  },
});
type StoreCalls = Pick<
  MailStore,
  | 'createMailbox'
  | 'findMailbox'
  | 'putMessages'
  | 'deleteAllMessages'
  | 'close'
  | 'announcesDeliveries'
>;

const keys = createKeys('et:');

/** The `bare` side: the store's calls as two plain commands each at most. */
async function bareCalls(url: string): Promise<StoreCalls> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  return {
    async createMailbox(m) {
      await redis.hset(keys.mailbox(m.address), {
        th: m.tokenHash,
        c: m.createdAt,
        e: m.expiresAt,
      });
      return true;
    },
    async findMailbox(address) {
      const [, c, e, n, b, , cr] = await redis.hmget(
        keys.mailbox(address),
        'th',
        'c',
        'e',
        'n',
        'b',
        'v',
        'cr',
      );
      return {
        address,
        createdAt: Number(c),
        expiresAt: Number(e),
        messageCount: Number(n),
        sizeBytes: Number(b),
        creator: cr ?? null,
      };
    },
    async putMessages([d]) {
      await redis.hset(keys.raws(d!.mailbox), d!.message.id, d!.message.raw);
      return ['stored'];
    },
    async deleteAllMessages(address) {
      return redis.del(keys.raws(address));
    },
    async close() {
      await redis.quit();
    },
  };
}

const store: StoreCalls =
  values.store === 'sqlite'
    ? createSqliteStore({ path: values.path! })
    : values.store === 'bare'
      ? await bareCalls(values.url!)
      : await createRedisStore({
          url: values.url!,
          tombstoneMs: 60_000,
          // The bus's channels, as redis-backend.ts gives them; nobody listens here.
          announceOn: keys.events,
        });
const address = `store-cpu-${newToken().slice(0, 8)}@bench.test`;
const now = Date.now();
await store.createMailbox({
  address,
  tokenHash: hashToken(newToken()),
  createdAt: now,
  expiresAt: now + 24 * 3600_000,
});
// Base64 lines, as a message's body mostly is.
const raw = Buffer.from(
  Buffer.alloc(Math.ceil((Number(values.size) * 3) / 4), 7)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n')
    .slice(0, Number(values.size)),
);
const quota = { maxMessages: 1e9, maxBytes: 1e15 };
let sequence = 0;

async function storeOne(): Promise<void> {
  const mailbox = await store.findMailbox(address, Date.now());
  if (!mailbox) throw new Error('the mailbox is gone');
  const receivedAt = Date.now();
  const id = `m${(sequence++).toString(36).padStart(12, '0')}`;
  const delivery: Delivery = {
    mailbox: address,
    message: {
      id,
      receivedAt,
      size: raw.length,
      from: { name: 'Bench', address: 'sender@bench.test' },
      subject: 'Il codice di verifica',
      preview: 'Il tuo codice è 123456',
      attachmentCount: 0,
      code: '123456',
      confirmLink: null,
      authentication: null,
      raw,
    },
  };
  if (store.announcesDeliveries) {
    const message = toSummary({ ...delivery.message, mailbox: address });
    delivery.announcement = JSON.stringify({ type: 'message.received', message });
  }
  const [outcome] = await store.putMessages([delivery], receivedAt, quota);
  if (outcome !== 'stored') throw new Error(`put: ${outcome}`);
}

/** Stores `n` messages, `--in-flight` at a time. */
async function storeMany(n: number): Promise<StoreCpuTurn> {
  let left = n;
  const start = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Number(values['in-flight']) }, async () => {
      while (left-- > 0) await storeOne();
    }),
  );
  const used = process.cpuUsage(start);
  return { cpuUs: (used.user + used.system) / n, rate: (n * 1000) / (performance.now() - t0) };
}

/** A turn of `n`, then the mailbox emptied, uncounted: every turn meets the same small one. */
async function turn(n: number): Promise<StoreCpuTurn> {
  const figures = await storeMany(n);
  await store.deleteAllMessages(address);
  return figures;
}

await turn(Number(values['warm-up']));
process.stdout.write('{}\n');
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(await turn(Number(line)))}\n`);
}
await store.close();
