import type { AuthResult, RefusalReason } from '@et/common';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { addressDigest } from '../../domain/address';
import type { MessageRecord } from '../../domain/message';
import type { MailboxRecord, RefusalRecord } from '../mail-store';

/** Bumped with every schema change; `migrate` brings an older file up to date. */
const SCHEMA_VERSION = 9;

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

/**
 * The refusals of mail addressed to each mailbox (the newest MAILBOX_MAX_REFUSALS are kept),
 * gone with the mailbox.
 */
const REFUSALS = `
CREATE TABLE refusals (
  seq        INTEGER PRIMARY KEY,
  mailbox    TEXT NOT NULL REFERENCES mailboxes (address) ON DELETE CASCADE,
  at         INTEGER NOT NULL,
  sender     TEXT NOT NULL,
  reason     TEXT NOT NULL,
  reply      TEXT NOT NULL,
  size       INTEGER,
  size_limit INTEGER
);
CREATE INDEX refusals_mailbox_seq ON refusals (mailbox, seq);
`;

/** Finds one sender's messages in a mailbox; holds only the messages that carry a sender. */
const SENDER_INDEX = `
CREATE INDEX messages_sender ON messages (mailbox, sender_key) WHERE sender_key IS NOT NULL;
`;

/**
 * What the detail view shows of each message (domain/message.ts, StoredReading), apart from the
 * summary and the raw bytes: the detail reads it, never the raw bytes. The attachment list comes
 * before the view, so that a download reads it without walking the view's overflow pages.
 */
const READING_TABLE = `
CREATE TABLE message_reading (
  seq         INTEGER PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
  attachments TEXT NOT NULL,
  view        TEXT NOT NULL
);
`;

/**
 * The raw bytes of a message past its first RAW_CHUNK_BYTES (kept in message_raw), in pieces of
 * that size: a download of one part reads the pieces it lies in. SQLite reads a value whole, or
 * walks its overflow pages from the first, so a part of one 8 MB blob costs the whole blob.
 */
export const RAW_CHUNK_BYTES = 64 * 1024;
const RAW_CHUNKS = `
CREATE TABLE message_raw_chunks (
  seq   INTEGER NOT NULL REFERENCES messages (seq) ON DELETE CASCADE,
  n     INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (seq, n)
);
`;

const SCHEMA = `
CREATE TABLE mailboxes (
  address    TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Usage counters for the quota, kept by the triggers below.
  message_count INTEGER NOT NULL DEFAULT 0,
  size_bytes    INTEGER NOT NULL DEFAULT 0,
  -- The place given to the mailbox's last message (messages.place), deleted or not.
  last_place    INTEGER NOT NULL DEFAULT 0,
  -- The client key of whoever created it (an IPv4 address or an IPv6 network); NULL for the
  -- operator's mailboxes.
  creator       TEXT
) WITHOUT ROWID;
CREATE INDEX mailboxes_expires_at ON mailboxes (expires_at);

-- digest: addressDigest(address), so an expired address is recognised but not spelled out.
CREATE TABLE tombstones (
  digest TEXT PRIMARY KEY,
  until  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tombstones_until ON tombstones (until);

-- seq orders a mailbox's messages by arrival; id is the opaque public id. place is the
-- message's place in its mailbox's order (the API's cursor): seq is shared by every mailbox
-- (it would tell how much mail the service takes) and SQLite gives a deleted last seq again.
CREATE TABLE messages (
  seq              INTEGER PRIMARY KEY,
  place            INTEGER NOT NULL,
  id               TEXT NOT NULL UNIQUE,
  mailbox          TEXT NOT NULL REFERENCES mailboxes (address) ON DELETE CASCADE,
  received_at      INTEGER NOT NULL,
  size             INTEGER NOT NULL,
  from_name        TEXT NOT NULL,
  from_address     TEXT NOT NULL,
  subject          TEXT NOT NULL,
  preview          TEXT NOT NULL,
  attachment_count INTEGER NOT NULL,
  -- Found at ingest; NULL when the message has none.
  code             TEXT,
  confirm_link     TEXT,
  -- RFC 8601 result words of the checks on arrival; NULL for messages stored before them.
  auth_spf         TEXT,
  auth_dkim        TEXT,
  auth_dmarc       TEXT,
  auth_domain      TEXT,
  -- The sender's client key, kept only where senders have a share of the mailbox (the
  -- operator's postmaster and abuse); NULL elsewhere.
  sender_key       TEXT
);
CREATE INDEX messages_mailbox_seq ON messages (mailbox, seq);
${SENDER_INDEX}
${USAGE_TRIGGERS}
-- Raw bytes apart from the summary, so listing an inbox never reads a blob page.
CREATE TABLE message_raw (
  seq INTEGER PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
  raw BLOB NOT NULL
);
${RAW_CHUNKS}
${REFUSALS}
${READING_TABLE}`;

export interface MessageRow {
  id: string;
  mailbox: string;
  received_at: number;
  size: number;
  from_name: string;
  from_address: string;
  subject: string;
  preview: string;
  attachment_count: number;
  code: string | null;
  confirm_link: string | null;
  auth_spf: string | null;
  auth_dkim: string | null;
  auth_dmarc: string | null;
  auth_domain: string | null;
}

export interface MailboxRow {
  address: string;
  created_at: number;
  expires_at: number;
  message_count: number;
  size_bytes: number;
  creator: string | null;
}

export const toMessage = (r: MessageRow): MessageRecord => ({
  id: r.id,
  mailbox: r.mailbox,
  receivedAt: r.received_at,
  size: r.size,
  from: { name: r.from_name, address: r.from_address },
  subject: r.subject,
  preview: r.preview,
  attachmentCount: r.attachment_count,
  code: r.code,
  confirmLink: r.confirm_link,
  authentication:
    r.auth_spf === null
      ? null
      : {
          spf: r.auth_spf as AuthResult,
          dkim: r.auth_dkim as AuthResult,
          dmarc: r.auth_dmarc as AuthResult,
          domain: r.auth_domain,
        },
});

export interface RefusalRow {
  at: number;
  sender: string;
  reason: string;
  reply: string;
  size: number | null;
  size_limit: number | null;
}

export const REFUSAL_COLUMNS = 'at, sender, reason, reply, size, size_limit';

export const toRefusal = (r: RefusalRow): RefusalRecord => ({
  at: r.at,
  sender: r.sender,
  reason: r.reason as RefusalReason,
  reply: r.reply,
  size: r.size,
  limit: r.size_limit,
});

export const toMailbox = (r: MailboxRow): MailboxRecord => ({
  address: r.address,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  messageCount: r.message_count,
  sizeBytes: r.size_bytes,
  creator: r.creator,
});

export const MAILBOX_COLUMNS =
  'address, created_at, expires_at, message_count, size_bytes, creator';

export const MESSAGE_COLUMNS =
  'id, mailbox, received_at, size, from_name, from_address, subject, preview, attachment_count, ' +
  'code, confirm_link, auth_spf, auth_dkim, auth_dmarc, auth_domain';

/**
 * Opens (creating if needed) the database file with the settings every connection needs, and
 * brings its schema up to date.
 *
 * WAL with synchronous=FULL: a commit is on disk (the WAL fsynced) before it returns.
 * secure_delete: deleted content is overwritten with zeros, not left in free pages.
 */
export function openDatabase(path: string): Database.Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
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
  // 2 → 3: the verification code and link of each message. Messages already stored get NULL:
  // they were stored without looking, and the raw bytes are not parsed again for this.
  (db) => {
    db.exec(`
      ALTER TABLE messages ADD COLUMN code TEXT;
      ALTER TABLE messages ADD COLUMN confirm_link TEXT;
    `);
  },
  // 3 → 4: SPF, DKIM and DMARC of each message. Older messages get NULL: their senders' DNS
  // then is not what it is now, so checking them again would tell nothing true.
  (db) => {
    db.exec(`
      ALTER TABLE messages ADD COLUMN auth_spf TEXT;
      ALTER TABLE messages ADD COLUMN auth_dkim TEXT;
      ALTER TABLE messages ADD COLUMN auth_dmarc TEXT;
      ALTER TABLE messages ADD COLUMN auth_domain TEXT;
    `);
  },
  // 4 → 5: the reading of each message. Older messages have none: each is read on its first
  // view and kept then.
  (db) => {
    db.exec(READING_TABLE);
  },
  // 5 → 6: the refusals of each mailbox. Mailboxes already stored start with none.
  (db) => {
    db.exec(REFUSALS);
  },
  // 6 → 7: each message's place in its mailbox's order. Older messages take their seq, which
  // already grows with arrival in each mailbox; the next message of a mailbox goes after them.
  (db) => {
    db.exec(`
      ALTER TABLE mailboxes ADD COLUMN last_place INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN place INTEGER NOT NULL DEFAULT 0;
      UPDATE messages SET place = seq;
      UPDATE mailboxes SET
        last_place = (SELECT coalesce(max(seq), 0) FROM messages WHERE mailbox = address);
    `);
  },
  // 7 → 8: each mailbox's creator, and the sender of each message where senders have a share.
  // Mailboxes already stored have no known creator, messages no known sender: neither counts
  // against a cap (a mailbox lives an hour at most, the operator's mail is read and deleted).
  (db) => {
    db.exec(`
      ALTER TABLE mailboxes ADD COLUMN creator TEXT;
      ALTER TABLE messages ADD COLUMN sender_key TEXT;
      ${SENDER_INDEX}
    `);
  },
  // 8 → 9: the raw bytes of large messages in pieces. Messages already stored keep theirs whole
  // in message_raw, where the reads find them as a first piece with none after it.
  (db) => {
    db.exec(RAW_CHUNKS);
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
