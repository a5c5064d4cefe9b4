import type Database from 'better-sqlite3';
import { addressDigest } from '../../domain/address';
import type { StoredReading } from '../../domain/message';
import type {
  Delivery,
  DeliveryOutcome,
  MailboxRecord,
  NewMailbox,
  Quota,
  RefusalRecord,
} from '../mail-store';
import {
  MAILBOX_COLUMNS,
  MESSAGE_COLUMNS,
  RAW_CHUNK_BYTES,
  toMailbox,
  type MailboxRow,
} from './schema';

/** One `putMessages` call waiting for the next batch. */
export interface PutRequest {
  deliveries: Delivery[];
  now: number;
  quota: Quota;
}

/** Per request of a batch: its outcomes, or the error that failed it alone. */
export type PutResult = { outcomes: DeliveryOutcome[] } | { error: string };

/**
 * Every write of the SQLite store, synchronous, on one connection. It runs in the writer
 * worker (writer-worker.ts), so a commit's fsync never blocks the event loop that serves SMTP
 * and HTTP.
 */
export function createWriter(db: Database.Database, { scrubDelayMs }: { scrubDelayMs: number }) {
  const q = {
    insertMailbox: db.prepare(
      `INSERT INTO mailboxes (address, token_hash, created_at, expires_at, creator)
       SELECT @address, @tokenHash, @createdAt, @expiresAt, @creator
       WHERE NOT EXISTS (SELECT 1 FROM tombstones WHERE digest = @digest AND until > @createdAt)
       ON CONFLICT DO NOTHING`,
    ),
    liveMailbox: db.prepare<[string, number], MailboxRow>(
      `SELECT ${MAILBOX_COLUMNS} FROM mailboxes WHERE address = ? AND expires_at > ?`,
    ),
    setExpiry: db.prepare<[number, string, number], MailboxRow>(
      `UPDATE mailboxes SET expires_at = ? WHERE address = ? AND expires_at > ?
       RETURNING ${MAILBOX_COLUMNS}`,
    ),
    deleteMailbox: db.prepare<[string]>('DELETE FROM mailboxes WHERE address = ?'),
    tombstone: db.prepare<[string, number]>(
      `INSERT INTO tombstones (digest, until) VALUES (?, ?)
       ON CONFLICT (digest) DO UPDATE SET until = max(until, excluded.until)`,
    ),
    expired: db.prepare<[number, number], { address: string }>(
      'SELECT address FROM mailboxes WHERE expires_at <= ? ORDER BY expires_at LIMIT ?',
    ),
    purgeTombstones: db.prepare<[number]>('DELETE FROM tombstones WHERE until <= ?'),
    // The place after the last the mailbox gave, in the transaction that stores the message.
    nextPlace: db.prepare<[string], { last_place: number }>(
      'UPDATE mailboxes SET last_place = last_place + 1 WHERE address = ? RETURNING last_place',
    ),
    insertMessage: db.prepare(
      `INSERT INTO messages (place, sender_key, ${MESSAGE_COLUMNS})
       VALUES (@place, @senderKey, @id, @mailbox, @receivedAt, @size, @fromName, @fromAddress,
               @subject, @preview, @attachmentCount, @code, @confirmLink, @authSpf, @authDkim,
               @authDmarc, @authDomain)`,
    ),
    // What one sender holds of a mailbox (messages_sender: the operator's mailboxes only).
    senderUsage: db.prepare<[string, string], { n: number; b: number }>(
      `SELECT count(*) AS n, coalesce(sum(size), 0) AS b FROM messages
       WHERE mailbox = ? AND sender_key = ?`,
    ),
    insertRaw: db.prepare<[number | bigint, Buffer]>(
      'INSERT INTO message_raw (seq, raw) VALUES (?, ?)',
    ),
    insertRawChunk: db.prepare<[number | bigint, number, Buffer]>(
      'INSERT INTO message_raw_chunks (seq, n, bytes) VALUES (?, ?, ?)',
    ),
    putReading: db.prepare<[number | bigint, string, string]>(
      'INSERT OR REPLACE INTO message_reading (seq, view, attachments) VALUES (?, ?, ?)',
    ),
    messageSeq: db.prepare<[string, string], { seq: number }>(
      'SELECT seq FROM messages WHERE id = ? AND mailbox = ?',
    ),
    deleteMessage: db.prepare<[string, string]>(
      'DELETE FROM messages WHERE id = ? AND mailbox = ?',
    ),
    deleteAll: db.prepare<[string]>('DELETE FROM messages WHERE mailbox = ?'),
    insertRefusal: db.prepare(
      `INSERT INTO refusals (mailbox, at, sender, reason, reply, size, size_limit)
       SELECT @mailbox, @at, @sender, @reason, @reply, @size, @limit
       WHERE EXISTS (SELECT 1 FROM mailboxes WHERE address = @mailbox AND expires_at > @now)`,
    ),
    trimRefusals: db.prepare<[string, string, number]>(
      `DELETE FROM refusals WHERE mailbox = ? AND seq NOT IN
       (SELECT seq FROM refusals WHERE mailbox = ? ORDER BY seq DESC LIMIT ?)`,
    ),
  };

  let scrubTimer: NodeJS.Timeout | null = null;
  let closed = false;

  /** After deletions, fold the WAL into the main file and truncate it, so nothing lingers. */
  function scheduleScrub() {
    if (scrubTimer || closed) return;
    scrubTimer = setTimeout(() => {
      scrubTimer = null;
      if (!closed) db.pragma('wal_checkpoint(TRUNCATE)');
    }, scrubDelayMs);
  }

  const removeMailbox = db.transaction((address: string, tombstoneUntil: number) => {
    const { changes } = q.deleteMailbox.run(address);
    if (changes > 0) q.tombstone.run(addressDigest(address), tombstoneUntil);
    return changes > 0;
  });

  const removeExpired = db.transaction((now: number, tombstoneUntil: number, limit: number) => {
    const addresses = q.expired.all(now, limit).map((r) => r.address);
    for (const address of addresses) {
      q.deleteMailbox.run(address);
      q.tombstone.run(addressDigest(address), tombstoneUntil);
    }
    return addresses;
  });

  const insertOne = db.transaction((d: Delivery, now: number, quota: Quota): DeliveryOutcome => {
    const m = d.message;
    const box = q.liveMailbox.get(d.mailbox, now);
    if (!box) return 'gone';
    if (box.message_count + 1 > quota.maxMessages || box.size_bytes + m.size > quota.maxBytes) {
      return 'full';
    }
    const { share } = d;
    if (share) {
      const held = q.senderUsage.get(d.mailbox, share.sender)!;
      if (held.n + 1 > share.maxMessages || held.b + m.size > share.maxBytes) return 'full';
    }
    const { last_place: place } = q.nextPlace.get(d.mailbox)!;
    const { lastInsertRowid } = q.insertMessage.run({
      place,
      senderKey: share?.sender ?? null,
      id: m.id,
      mailbox: d.mailbox,
      receivedAt: m.receivedAt,
      size: m.size,
      fromName: m.from.name,
      fromAddress: m.from.address,
      subject: m.subject,
      preview: m.preview,
      attachmentCount: m.attachmentCount,
      code: m.code,
      confirmLink: m.confirmLink,
      authSpf: m.authentication?.spf ?? null,
      authDkim: m.authentication?.dkim ?? null,
      authDmarc: m.authentication?.dmarc ?? null,
      authDomain: m.authentication?.domain ?? null,
    });
    q.insertRaw.run(lastInsertRowid, m.raw.subarray(0, RAW_CHUNK_BYTES));
    for (let at = RAW_CHUNK_BYTES, n = 1; at < m.raw.length; at += RAW_CHUNK_BYTES, n++) {
      q.insertRawChunk.run(lastInsertRowid, n, m.raw.subarray(at, at + RAW_CHUNK_BYTES));
    }
    if (m.reading) q.putReading.run(lastInsertRowid, m.reading.view, m.reading.attachments);
    return 'stored';
  });

  /** Whether the refusal was kept, and how many older ones it pushed out. */
  const insertRefusal = db.transaction(
    (address: string, refusal: RefusalRecord, now: number, max: number) => {
      const { changes } = q.insertRefusal.run({ ...refusal, mailbox: address, now });
      if (changes === 0) return { kept: false, dropped: 0 };
      return { kept: true, dropped: q.trimRefusals.run(address, address, max).changes };
    },
  );

  /** One transaction, one fsync, for the whole batch; each put is a savepoint of its own. */
  const putBatch = db.transaction((batch: PutRequest[]): PutResult[] =>
    batch.map((p) => {
      try {
        return { outcomes: p.deliveries.map((d) => insertOne(d, p.now, p.quota)) };
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    }),
  );

  return {
    createMailbox(m: NewMailbox): boolean {
      const row = { ...m, creator: m.creator ?? null, digest: addressDigest(m.address) };
      return q.insertMailbox.run(row).changes > 0;
    },
    setExpiry(address: string, expiresAt: number, now: number): MailboxRecord | null {
      const row = q.setExpiry.get(expiresAt, address, now);
      return row ? toMailbox(row) : null;
    },
    deleteMailbox(address: string, _now: number, tombstoneUntil: number): boolean {
      const deleted = removeMailbox(address, tombstoneUntil);
      if (deleted) scheduleScrub();
      return deleted;
    },
    deleteExpired(now: number, tombstoneUntil: number, limit: number): string[] {
      const addresses = removeExpired(now, tombstoneUntil, limit);
      if (addresses.length > 0) scheduleScrub();
      return addresses;
    },
    purgeTombstones(now: number): void {
      q.purgeTombstones.run(now);
    },
    putBatch,
    addRefusal(address: string, refusal: RefusalRecord, now: number, max: number): boolean {
      const { kept, dropped } = insertRefusal(address, refusal, now, max);
      if (dropped > 0) scheduleScrub();
      return kept;
    },
    putReading(mailbox: string, id: string, reading: StoredReading): boolean {
      const message = q.messageSeq.get(id, mailbox);
      if (!message) return false;
      q.putReading.run(message.seq, reading.view, reading.attachments);
      return true;
    },
    deleteMessage(mailbox: string, id: string): boolean {
      const deleted = q.deleteMessage.run(id, mailbox).changes > 0;
      if (deleted) scheduleScrub();
      return deleted;
    },
    deleteAllMessages(mailbox: string): number {
      const { changes } = q.deleteAll.run(mailbox);
      if (changes > 0) scheduleScrub();
      return changes;
    },
    close(): void {
      if (closed) return;
      closed = true;
      if (scrubTimer) clearTimeout(scrubTimer);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

export type Writer = ReturnType<typeof createWriter>;
