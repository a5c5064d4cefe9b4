import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MailStore } from '../mail-store';
import { createReadCache } from './read-cache';
import {
  MAILBOX_COLUMNS,
  MESSAGE_COLUMNS,
  openDatabase,
  toMailbox,
  toMessage,
  type MailboxRow,
  type MessageRow,
} from './schema';
import type { WriterRequest, WriterReply } from './writer-worker';

export interface SqliteStoreOptions {
  /** Path of the database file; its folder is created if missing. */
  path: string;
  /**
   * How long after a deletion the write-ahead log is checkpointed and truncated, so deleted
   * content does not linger in the -wal file (secure_delete already zeroes it in the main file).
   */
  scrubDelayMs?: number;
}

/** The writer's entry: the TypeScript source under tsx, the bundle's sibling when built. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./writer-worker.ts', import.meta.url)
  : new URL('./writer-worker.js', import.meta.url);

/**
 * Starts the writer thread. Under tsx (tests, development), whose loader hooks do not reach a
 * worker's entry module in Node 20, a small bootstrap registers tsx in the worker first.
 */
function startWriter(workerData: { path: string; scrubDelayMs: number }): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData });
  // tsx's CommonJS hook registers synchronously, in this thread, and compiles the entry.
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/cjs');
  const bootstrap = `require(${JSON.stringify(tsxCjs)}); require(${JSON.stringify(fileURLToPath(WORKER_URL))});`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * The embedded default store: one SQLite file in WAL mode with synchronous=FULL, so a write is
 * on disk before its promise resolves.
 *
 * Two connections: reads run here, synchronously, on the caller's thread (an indexed read
 * costs microseconds); every write goes to a writer thread (writer-worker.ts), so an fsync
 * never stalls SMTP or HTTP, and concurrent `putMessages` calls share one transaction and one
 * fsync (group commit). WAL lets the reader see each commit as soon as it is made.
 *
 * Mailbox records and inbox lists are served from a bounded cache (read-cache.ts) that every
 * write drops for the mailboxes it touched, before its promise resolves. It is exact because
 * this process is the only writer: the SQLite file belongs to one node (split roles and
 * several nodes need the Redis store).
 */
export function createSqliteStore({ path, scrubDelayMs = 1000 }: SqliteStoreOptions): MailStore {
  // Opening here first also creates or migrates the schema before the writer starts.
  const db = openDatabase(path);
  db.pragma('query_only = ON');

  const q = {
    mailboxByToken: db.prepare<[string, number], MailboxRow>(
      `SELECT ${MAILBOX_COLUMNS} FROM mailboxes WHERE token_hash = ? AND expires_at > ?`,
    ),
    mailboxByAddress: db.prepare<[string, number], MailboxRow>(
      `SELECT ${MAILBOX_COLUMNS} FROM mailboxes WHERE address = ? AND expires_at > ?`,
    ),
    list: db.prepare<[string], MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE mailbox = ? ORDER BY seq DESC`,
    ),
    get: db.prepare<[string, string], MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ? AND mailbox = ?`,
    ),
    raw: db.prepare<[string, string], { raw: Buffer }>(
      `SELECT r.raw FROM messages m JOIN message_raw r ON r.seq = m.seq
       WHERE m.id = ? AND m.mailbox = ?`,
    ),
    oldestExpiry: db.prepare<[], { t: number | null }>(
      'SELECT MIN(expires_at) AS t FROM mailboxes',
    ),
  };

  const cache = createReadCache();
  const worker = startWriter({ path, scrubDelayMs });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  let closed = false;
  // The worker keeps the process alive only while an answer is awaited.
  worker.unref();

  const failAll = (err: Error) => {
    failure ??= err;
    cache.clear();
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (reply: WriterReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ('error' in reply) p.reject(new Error(`sqlite writer: ${reply.error}`));
    else p.resolve(reply.value);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`sqlite writer exited (${code})`)));

  function call<T>(op: WriterRequest['op'], ...args: unknown[]): Promise<T> {
    if (failure) return Promise.reject(failure);
    if (closed) return Promise.reject(new Error('store is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, args } satisfies WriterRequest);
    });
  }

  /** A write that changes these mailboxes: their cached reads go when it has completed. */
  function write<T>(touched: Iterable<string>, op: WriterRequest['op'], ...args: unknown[]) {
    const forget = () => cache.forget(touched);
    return call<T>(op, ...args).finally(forget);
  }

  return {
    createMailbox: (m) => call('createMailbox', m),

    async findMailboxByTokenHash(tokenHash, now) {
      let record = cache.mailboxByToken(tokenHash);
      if (!record) {
        const row = q.mailboxByToken.get(tokenHash, now);
        if (!row) return null;
        record = toMailbox(row);
        cache.putMailbox(record, tokenHash);
      }
      return record.expiresAt > now ? { ...record } : null;
    },

    async findMailbox(address, now) {
      let record = cache.mailbox(address);
      if (!record) {
        const row = q.mailboxByAddress.get(address, now);
        if (!row) return null;
        record = toMailbox(row);
        cache.putMailbox(record);
      }
      return record.expiresAt > now ? { ...record } : null;
    },

    setExpiry: (address, expiresAt, now) => write([address], 'setExpiry', address, expiresAt, now),
    deleteMailbox: (address, now, until) => write([address], 'deleteMailbox', address, now, until),
    async deleteExpired(now, until, limit) {
      try {
        const addresses = await call<string[]>('deleteExpired', now, until, limit);
        cache.forget(addresses);
        return addresses;
      } catch (err) {
        cache.clear();
        throw err;
      }
    },
    purgeTombstones: (now) => call('purgeTombstones', now),
    putMessages: (deliveries, now, quota) =>
      write(
        deliveries.map((d) => d.mailbox),
        'putMessages',
        { deliveries, now, quota },
      ),

    async listMessages(mailbox) {
      // The same frozen array until the inbox changes, so that callers can memoise what they
      // derive from it (the HTTP route keeps its serialised JSON).
      let list = cache.list(mailbox);
      if (!list) {
        list = Object.freeze(q.list.all(mailbox).map((row) => Object.freeze(toMessage(row))));
        cache.putList(mailbox, list);
      }
      return list;
    },

    peekInboxList(tokenHash, now) {
      const mailbox = cache.mailboxByToken(tokenHash);
      return mailbox && mailbox.expiresAt > now ? cache.list(mailbox.address) : undefined;
    },

    async getMessage(mailbox, id) {
      const row = q.get.get(id, mailbox);
      return row ? toMessage(row) : null;
    },

    async getRaw(mailbox, id) {
      return q.raw.get(id, mailbox)?.raw ?? null;
    },

    async oldestExpiry() {
      // Reads keep working when the writer thread is gone; mail could not be stored, though.
      if (failure) throw failure;
      if (closed) throw new Error('store is closed');
      return q.oldestExpiry.get()?.t ?? null;
    },

    deleteMessage: (mailbox, id) => write([mailbox], 'deleteMessage', mailbox, id),
    deleteAllMessages: (mailbox) => write([mailbox], 'deleteAllMessages', mailbox),

    async close() {
      if (closed) return;
      // Puts already sent are committed by the writer before it closes.
      const done = call('close');
      closed = true;
      await done.catch(() => {});
      await worker.terminate();
      db.close();
    },
  };
}
