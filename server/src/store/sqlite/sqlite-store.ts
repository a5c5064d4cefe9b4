import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { addressDigest } from '../../domain/address';
import type { MessageRecord } from '../../domain/message';
import type {
  Delivery,
  DeliveryOutcome,
  MailboxRecord,
  MailStore,
  NewMailbox,
  Quota,
} from '../mail-store';

/** Bumped with every schema change; `migrate` brings an older file up to date. */
const SCHEMA_VERSION = 2;

/** Keep mailboxes.message_count and size_bytes equal to what the mailbox holds. */
const USAGE_TRIGGERS = `
CREATE TRIGGER messages_usage_insert AFTER INSERT ON messages BEGIN
  UPDATE mailboxes SET message_count = message_count + 1, size_bytes = size_bytes + NEW.size
  WHERE address = NEW.mailbox;
END;
CREATE TRIGGER messages_usage_delete AFTER DELETE ON messages BEGIN
  UPDATE mailboxes SET message_count = message_count - 1, size_bytes = size_bytes - OLD.size
  WHERE address = OLD.mailbox;
END;
`;

const SCHEMA = `
CREATE TABLE mailboxes (
  address    TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Usage counters for the quota, kept by the triggers below.
  message_count INTEGER NOT NULL DEFAULT 0,
  size_bytes    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX mailboxes_expires_at ON mailboxes (expires_at);

-- digest: addressDigest(address), so an expired address is recognised but not spelled out.
CREATE TABLE tombstones (
  digest TEXT PRIMARY KEY,
  until  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tombstones_until ON tombstones (until);

-- seq orders a mailbox's messages by arrival; id is the opaque public id.
CREATE TABLE messages (
  seq              INTEGER PRIMARY KEY,
  id               TEXT NOT NULL UNIQUE,
  mailbox          TEXT NOT NULL REFERENCES mailboxes (address) ON DELETE CASCADE,
  received_at      INTEGER NOT NULL,
  size             INTEGER NOT NULL,
  from_name        TEXT NOT NULL,
  from_address     TEXT NOT NULL,
  subject          TEXT NOT NULL,
  preview          TEXT NOT NULL,
  attachment_count INTEGER NOT NULL
);
CREATE INDEX messages_mailbox_seq ON messages (mailbox, seq);

${USAGE_TRIGGERS}
-- Raw bytes apart from the summary, so listing an inbox never reads a blob page.
CREATE TABLE message_raw (
  seq INTEGER PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
  raw BLOB NOT NULL
);
`;

interface MessageRow {
  id: string;
  mailbox: string;
  received_at: number;
  size: number;
  from_name: string;
  from_address: string;
  subject: string;
  preview: string;
  attachment_count: number;
}

interface MailboxRow {
  address: string;
  created_at: number;
  expires_at: number;
  message_count: number;
  size_bytes: number;
}

const toMessage = (r: MessageRow): MessageRecord => ({
  id: r.id,
  mailbox: r.mailbox,
  receivedAt: r.received_at,
  size: r.size,
  from: { name: r.from_name, address: r.from_address },
  subject: r.subject,
  preview: r.preview,
  attachmentCount: r.attachment_count,
});

const toMailbox = (r: MailboxRow): MailboxRecord => ({
  address: r.address,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  messageCount: r.message_count,
  sizeBytes: r.size_bytes,
});

const MAILBOX_COLUMNS = 'address, created_at, expires_at, message_count, size_bytes';

const MESSAGE_COLUMNS =
  'id, mailbox, received_at, size, from_name, from_address, subject, preview, attachment_count';

export interface SqliteStoreOptions {
  /** Path of the database file; its folder is created if missing. */
  path: string;
  /**
   * How long after a deletion the write-ahead log is checkpointed and truncated, so deleted
   * content does not linger in the -wal file (secure_delete already zeroes it in the main file).
   */
  scrubDelayMs?: number;
}

interface PendingPut {
  deliveries: Delivery[];
  now: number;
  quota: Quota;
  resolve: (outcomes: DeliveryOutcome[]) => void;
  reject: (err: unknown) => void;
}

/**
 * The embedded default store: one SQLite file in WAL mode with synchronous=FULL, so a commit is
 * on disk before `putMessages` resolves. Concurrent `putMessages` calls that arrive in the same
 * turn of the event loop share one transaction and one fsync (group commit).
 */
export function createSqliteStore({ path, scrubDelayMs = 1000 }: SqliteStoreOptions): MailStore {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const q = {
    insertMailbox: db.prepare(
      `INSERT INTO mailboxes (address, token_hash, created_at, expires_at)
       SELECT @address, @tokenHash, @createdAt, @expiresAt
       WHERE NOT EXISTS (SELECT 1 FROM tombstones WHERE digest = @digest AND until > @createdAt)
       ON CONFLICT DO NOTHING`,
    ),
    mailboxByToken: db.prepare<[string, number], MailboxRow>(
      `SELECT ${MAILBOX_COLUMNS} FROM mailboxes WHERE token_hash = ? AND expires_at > ?`,
    ),
    mailboxByAddress: db.prepare<[string, number], MailboxRow>(
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
    insertMessage: db.prepare(
      `INSERT INTO messages (${MESSAGE_COLUMNS})
       VALUES (@id, @mailbox, @receivedAt, @size, @fromName, @fromAddress, @subject, @preview,
               @attachmentCount)`,
    ),
    insertRaw: db.prepare<[number | bigint, Buffer]>(
      'INSERT INTO message_raw (seq, raw) VALUES (?, ?)',
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
    deleteMessage: db.prepare<[string, string]>(
      'DELETE FROM messages WHERE id = ? AND mailbox = ?',
    ),
    deleteAll: db.prepare<[string]>('DELETE FROM messages WHERE mailbox = ?'),
  };

  let scrubTimer: NodeJS.Timeout | null = null;
  let closed = false;

  /** After deletions, fold the WAL into the main file and truncate it (see scrubDelayMs). */
  function scheduleScrub() {
    if (scrubTimer || closed) return;
    scrubTimer = setTimeout(() => {
      scrubTimer = null;
      if (!closed) db.pragma('wal_checkpoint(TRUNCATE)');
    }, scrubDelayMs);
    scrubTimer.unref();
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
    const box = q.mailboxByAddress.get(d.mailbox, now);
    if (!box) return 'gone';
    if (box.message_count + 1 > quota.maxMessages || box.size_bytes + m.size > quota.maxBytes) {
      return 'full';
    }
    const { lastInsertRowid } = q.insertMessage.run({
      id: m.id,
      mailbox: d.mailbox,
      receivedAt: m.receivedAt,
      size: m.size,
      fromName: m.from.name,
      fromAddress: m.from.address,
      subject: m.subject,
      preview: m.preview,
      attachmentCount: m.attachmentCount,
    });
    q.insertRaw.run(lastInsertRowid, m.raw);
    return 'stored';
  });

  /** One transaction for the whole batch; each put is a savepoint, so one failure stays local. */
  const writeBatch = db.transaction((batch: PendingPut[]) =>
    batch.map((p) => {
      try {
        return { outcomes: p.deliveries.map((d) => insertOne(d, p.now, p.quota)) };
      } catch (err) {
        return { err };
      }
    }),
  );

  let pending: PendingPut[] = [];

  function flush() {
    const batch = pending;
    pending = [];
    let results: ({ outcomes: DeliveryOutcome[] } | { err: unknown })[];
    try {
      results = writeBatch(batch);
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    results.forEach((r, i) => {
      const p = batch[i]!;
      if ('err' in r) p.reject(r.err);
      else p.resolve(r.outcomes);
    });
  }

  return {
    async createMailbox(m: NewMailbox) {
      return q.insertMailbox.run({ ...m, digest: addressDigest(m.address) }).changes > 0;
    },

    async findMailboxByTokenHash(tokenHash, now) {
      const row = q.mailboxByToken.get(tokenHash, now);
      return row ? toMailbox(row) : null;
    },

    async findMailbox(address, now) {
      const row = q.mailboxByAddress.get(address, now);
      return row ? toMailbox(row) : null;
    },

    async setExpiry(address, expiresAt, now) {
      const row = q.setExpiry.get(expiresAt, address, now);
      return row ? toMailbox(row) : null;
    },

    async deleteMailbox(address, _now, tombstoneUntil) {
      const deleted = removeMailbox(address, tombstoneUntil);
      if (deleted) scheduleScrub();
      return deleted;
    },

    async deleteExpired(now, tombstoneUntil, limit) {
      const addresses = removeExpired(now, tombstoneUntil, limit);
      if (addresses.length > 0) scheduleScrub();
      return addresses;
    },

    async purgeTombstones(now) {
      q.purgeTombstones.run(now);
    },

    putMessages(deliveries, now, quota) {
      if (closed) return Promise.reject(new Error('store is closed'));
      return new Promise((resolve, reject) => {
        pending.push({ deliveries, now, quota, resolve, reject });
        if (pending.length === 1) setImmediate(flush);
      });
    },

    async listMessages(mailbox) {
      return q.list.all(mailbox).map(toMessage);
    },

    async getMessage(mailbox, id) {
      const row = q.get.get(id, mailbox);
      return row ? toMessage(row) : null;
    },

    async getRaw(mailbox, id) {
      return q.raw.get(id, mailbox)?.raw ?? null;
    },

    async deleteMessage(mailbox, id) {
      const deleted = q.deleteMessage.run(id, mailbox).changes > 0;
      if (deleted) scheduleScrub();
      return deleted;
    },

    async deleteAllMessages(mailbox) {
      const { changes } = q.deleteAll.run(mailbox);
      if (changes > 0) scheduleScrub();
      return changes;
    },

    async close() {
      if (closed) return;
      if (pending.length > 0) flush();
      closed = true;
      if (scrubTimer) clearTimeout(scrubTimer);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

/** Steps from one schema version to the next; index i upgrades version i + 1 to i + 2. */
const MIGRATIONS: ((db: Database.Database) => void)[] = [
  // 1 → 2: tombstones keep a digest of the address instead of the address; usage counters.
  (db) => {
    db.function('address_digest', { deterministic: true }, (a: unknown) =>
      addressDigest(String(a)),
    );
    db.exec(`
      CREATE TABLE tombstones_v2 (digest TEXT PRIMARY KEY, until INTEGER NOT NULL) WITHOUT ROWID;
      INSERT OR REPLACE INTO tombstones_v2 SELECT address_digest(address), until FROM tombstones;
      DROP TABLE tombstones;
      ALTER TABLE tombstones_v2 RENAME TO tombstones;
      CREATE INDEX tombstones_until ON tombstones (until);
      ALTER TABLE mailboxes ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE mailboxes ADD COLUMN size_bytes INTEGER NOT NULL DEFAULT 0;
      UPDATE mailboxes SET
        message_count = (SELECT count(*) FROM messages WHERE mailbox = address),
        size_bytes = (SELECT coalesce(sum(size), 0) FROM messages WHERE mailbox = address);
      ${USAGE_TRIGGERS}
    `);
  },
];

function migrate(db: Database.Database) {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION) {
    throw new Error(`database schema ${version} is newer than this server (${SCHEMA_VERSION})`);
  }
  db.transaction(() => {
    if (version === 0) db.exec(SCHEMA);
    else for (let v = version; v < SCHEMA_VERSION; v++) MIGRATIONS[v - 1]!(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}
