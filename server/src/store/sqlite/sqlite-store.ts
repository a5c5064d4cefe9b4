import type { MessageRecord } from '../../domain/message';
import type { MailStore, PlacedMessage } from '../mail-store';
import { createReadCache } from './read-cache';
import {
  MAILBOX_COLUMNS,
  MESSAGE_COLUMNS,
  RAW_CHUNK_BYTES,
  REFUSAL_COLUMNS,
  openDatabase,
  toMailbox,
  toMessage,
  toRefusal,
  type MailboxRow,
  type MessageRow,
  type RefusalRow,
} from './schema';
import { startWriterClient } from './writer-client';
import type { WriterArgs, WriterOp } from './writer-protocol';

export interface SqliteStoreOptions {
  /** Path of the database file; its folder is created if missing. */
  path: string;
  /**
   * How long after a deletion the write-ahead log is checkpointed and truncated, so deleted
   * content does not linger in the -wal file (secure_delete already zeroes it in the main file).
   */
  scrubDelayMs?: number;
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
    // Newest first, read until the place asked for: a later message of a mailbox has both the
    // larger place and the larger seq (a new row's seq is above every row's there is).
    newestFirst: db.prepare<[string], MessageRow & { place: number }>(
      `SELECT place, ${MESSAGE_COLUMNS} FROM messages WHERE mailbox = ? ORDER BY seq DESC`,
    ),
    get: db.prepare<[string, string], MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ? AND mailbox = ?`,
    ),
    raw: db.prepare<[string, string], { seq: number; raw: Buffer }>(
      `SELECT r.seq, r.raw FROM messages m JOIN message_raw r ON r.seq = m.seq
       WHERE m.id = ? AND m.mailbox = ?`,
    ),
    rawChunks: db.prepare<[number], { bytes: Buffer }>(
      'SELECT bytes FROM message_raw_chunks WHERE seq = ? ORDER BY n',
    ),
    // length() of a BLOB reads its size from the record, not its pages.
    rawHead: db.prepare<[string, string], { seq: number; length: number }>(
      `SELECT r.seq, length(r.raw) AS length FROM messages m JOIN message_raw r ON r.seq = m.seq
       WHERE m.id = ? AND m.mailbox = ?`,
    ),
    refusals: db.prepare<[string], RefusalRow>(
      `SELECT ${REFUSAL_COLUMNS} FROM refusals WHERE mailbox = ? ORDER BY seq DESC`,
    ),
    // substr on a BLOB counts bytes, from 1; only the range is copied out of SQLite.
    rawHeadRange: db.prepare<[number, number, number], { part: Buffer }>(
      'SELECT substr(raw, ?, ?) AS part FROM message_raw WHERE seq = ?',
    ),
    // Bytes `from` to `to` of the pieces after the first, counted from the end of the first:
    // piece n holds [(n - 1) * size, n * size) of them.
    rawChunkRange: db.prepare<
      [{ seq: number; from: number; to: number; size: number; first: number; last: number }],
      { part: Buffer }
    >(
      `SELECT substr(bytes, max(@from - (n - 1) * @size, 0) + 1,
                     min(@to - (n - 1) * @size, @size) - max(@from - (n - 1) * @size, 0)) AS part
       FROM message_raw_chunks
       WHERE seq = @seq AND n BETWEEN @first AND @last ORDER BY n`,
    ),
    readingAttachments: db.prepare<[string, string], { attachments: string }>(
      `SELECT r.attachments FROM messages m JOIN message_reading r ON r.seq = m.seq
       WHERE m.id = ? AND m.mailbox = ?`,
    ),
    reading: db.prepare<[string, string], { view: string; attachments: string }>(
      `SELECT r.view, r.attachments FROM messages m JOIN message_reading r ON r.seq = m.seq
       WHERE m.id = ? AND m.mailbox = ?`,
    ),
    oldestExpiry: db.prepare<[], { t: number | null }>(
      'SELECT MIN(expires_at) AS t FROM mailboxes',
    ),
  };

  const cache = createReadCache();
  const writer = startWriterClient({ path, scrubDelayMs, onFailure: () => cache.clear() });
  const call = writer.call;

  /** A write that changes these mailboxes: their cached reads go when it has completed. */
  function write<K extends WriterOp>(touched: Iterable<string>, op: K, ...args: WriterArgs[K]) {
    const forget = () => cache.forget(touched);
    return call(op, ...args).finally(forget);
  }

  /** The cached record of a live mailbox; callers copy it before handing it out. */
  function mailboxByToken(tokenHash: string, now: number) {
    let record = cache.mailboxByToken(tokenHash);
    if (!record) {
      const row = q.mailboxByToken.get(tokenHash, now);
      if (!row) return null;
      record = toMailbox(row);
      cache.putMailbox(record, tokenHash);
    }
    return record.expiresAt > now ? record : null;
  }

  /**
   * The same frozen array until the inbox changes, so that callers can memoise what they
   * derive from it (the HTTP layer keeps its serialised JSON).
   */
  function list(mailbox: string): readonly MessageRecord[] {
    let messages = cache.list(mailbox);
    if (!messages) {
      messages = Object.freeze(q.list.all(mailbox).map((row) => Object.freeze(toMessage(row))));
      cache.putList(mailbox, messages);
    }
    return messages;
  }

  return {
    createMailbox: (m) => call('createMailbox', m),

    async findMailboxByTokenHash(tokenHash, now) {
      const record = mailboxByToken(tokenHash, now);
      return record ? { ...record } : null;
    },

    readInbox(tokenHash, now) {
      const mailbox = mailboxByToken(tokenHash, now);
      return mailbox ? { mailbox, messages: list(mailbox.address) } : null;
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
        const addresses = await call('deleteExpired', now, until, limit);
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

    listMessages: async (mailbox) => list(mailbox),

    async messagesAfter(mailbox, after) {
      const messages: PlacedMessage[] = [];
      let newest = 0;
      for (const row of q.newestFirst.iterate(mailbox)) {
        newest ||= row.place;
        if (row.place <= after) break;
        messages.push({ place: row.place, message: toMessage(row) });
      }
      return { messages: messages.reverse(), newest };
    },

    async getMessage(mailbox, id) {
      const row = q.get.get(id, mailbox);
      return row ? toMessage(row) : null;
    },

    async getRaw(mailbox, id) {
      const head = q.raw.get(id, mailbox);
      if (!head) return null;
      const rest = q.rawChunks.all(head.seq);
      return rest.length === 0 ? head.raw : Buffer.concat([head.raw, ...rest.map((c) => c.bytes)]);
    },

    async getRawRange(mailbox, id, start, end) {
      const head = q.rawHead.get(id, mailbox);
      if (!head) return null;
      // The first piece is message_raw's (all of a message stored before the pieces); piece n
      // (from 1) holds the RAW_CHUNK_BYTES after the first n - 1.
      const parts: Buffer[] = [];
      if (start < head.length) {
        const headEnd = Math.min(end, head.length);
        parts.push(q.rawHeadRange.get(start + 1, headEnd - start, head.seq)!.part);
      }
      if (end > head.length) {
        const from = Math.max(start, head.length) - head.length;
        const to = end - head.length;
        const pieces = q.rawChunkRange.all({
          seq: head.seq,
          from,
          to,
          size: RAW_CHUNK_BYTES,
          first: Math.floor(from / RAW_CHUNK_BYTES) + 1,
          last: Math.floor((to - 1) / RAW_CHUNK_BYTES) + 1,
        });
        for (const { part } of pieces) parts.push(part);
      }
      return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    },

    async getReadingAttachments(mailbox, id) {
      return q.readingAttachments.get(id, mailbox)?.attachments ?? null;
    },

    async getReading(mailbox, id) {
      const row = q.reading.get(id, mailbox);
      return row ? { view: row.view, attachments: row.attachments } : null;
    },

    // Neither the mailbox's record nor its list changes: no cached read to drop.
    putReading: (mailbox, id, reading) => call('putReading', mailbox, id, reading),

    async oldestExpiry() {
      // Reads keep working when the writer thread is gone; mail could not be stored, though.
      const problem = writer.problem();
      if (problem) throw problem;
      return q.oldestExpiry.get()?.t ?? null;
    },

    // Refusals are not cached: a page reads them once, then hears of new ones on its stream.
    addRefusal: (address, refusal, now, max) => call('addRefusal', address, refusal, now, max),
    listRefusals: async (address) => q.refusals.all(address).map(toRefusal),

    deleteMessage: (mailbox, id) => write([mailbox], 'deleteMessage', mailbox, id),
    deleteAllMessages: (mailbox) => write([mailbox], 'deleteAllMessages', mailbox),

    async close() {
      await writer.close();
      db.close();
    },
  };
}
