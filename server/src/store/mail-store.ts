import type { DeliveryRefusal } from '@et/common';
import type { MessageRecord, NewMessage, StoredReading } from '../domain/message';

/** A mailbox as the store keeps it. The token is never stored, only its hash. */
export interface MailboxRecord {
  /** Full address, lower case; the identity of the mailbox in every store and event. */
  address: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms; the mailbox is dead from this instant on, swept or not. */
  expiresAt: number;
  /** Messages stored now. */
  messageCount: number;
  /** Sum of the raw sizes of the messages stored now, in bytes. */
  sizeBytes: number;
  /**
   * The client key (`domain/client-key.ts`: an IPv4 address or an IPv6 network) of whoever
   * created the mailbox, kept with it for the cap on the mail one client's mailboxes take in
   * together; null for the operator's mailboxes and for mailboxes created before it was kept.
   */
  creator: string | null;
}

/** What `createMailbox` needs. */
export interface NewMailbox extends Omit<MailboxRecord, 'messageCount' | 'sizeBytes' | 'creator'> {
  /** `hashToken(token)`; unique across live mailboxes. */
  tokenHash: string;
  /** See `MailboxRecord.creator`; absent is null. */
  creator?: string | null;
}

/** A live mailbox and its messages, newest first: what the inbox poll reads. */
export interface Inbox {
  mailbox: Readonly<MailboxRecord>;
  messages: readonly MessageRecord[];
}

/** A message with its place in its mailbox's order of arrival. */
export interface PlacedMessage {
  /** Above the place of every message the mailbox held before it, deleted ones included. */
  place: number;
  message: MessageRecord;
}

/** A mailbox's messages after a place in its order (`MailStore.messagesAfter`). */
export interface MessagesAfter {
  /** Oldest first. */
  messages: readonly PlacedMessage[];
  /** The place of the newest message the mailbox holds now; 0 when it holds none. */
  newest: number;
}

/** One message to store for one recipient mailbox. */
export interface Delivery {
  mailbox: string;
  message: NewMessage;
  /**
   * The JSON of the event that tells the mailbox's listeners this message arrived, for a store
   * that `announcesDeliveries`: published by the same write that stores the message, and only
   * if it stores it.
   */
  announcement?: string;
  /**
   * The share of the mailbox the message's sender may hold, when the mailbox gives senders one
   * (the operator's postmaster and abuse, which never expire): the message is kept with its
   * sender's key and refused as `full`, atomically with the write, when that sender's messages
   * in the mailbox would then pass either bound. Absent: only the mailbox's quota applies.
   */
  share?: SenderShare;
}

/** How much of one mailbox the messages of one sender may take. */
export interface SenderShare {
  /** The sending client's key (`domain/client-key.ts`), kept with the message. */
  sender: string;
  maxMessages: number;
  maxBytes: number;
}

/** How much one mailbox may hold; a message that would go over is refused whole. */
export interface Quota {
  maxMessages: number;
  maxBytes: number;
}

/**
 * A refusal of mail addressed to a mailbox, as the mailbox keeps it: the wire's
 * `DeliveryRefusal` with its instant in epoch ms.
 */
export interface RefusalRecord extends Omit<DeliveryRefusal, 'at'> {
  /** Epoch ms. */
  at: number;
}

/** What became of one delivery: stored, refused because the mailbox is full, or no mailbox. */
export type DeliveryOutcome = 'stored' | 'full' | 'gone';

/**
 * Where mailboxes and messages live. Every method that changes data resolves only once the
 * change is durable (committed), so SMTP may answer 250 right after `putMessages` resolves.
 *
 * Liveness is judged against the `now` the caller passes (epoch ms), never the store's own clock:
 * a mailbox whose `expiresAt <= now` is treated as gone even before the sweeper removes it.
 *
 * The store publishes no events, whoever changed the data does; the one exception is
 * `announcesDeliveries`. Every implementation runs the same contract suite, `describeMailStore`
 * in server/test.
 */
export interface MailStore {
  /**
   * True when `putMessages` publishes each stored delivery's `announcement` on the shared bus
   * itself, in the command that stores it (Redis: one round trip per message fewer, and never a
   * stored message whose event was lost between the two). Absent: the caller publishes.
   */
  readonly announcesDeliveries?: boolean;

  /**
   * Creates a mailbox. Resolves false, changing nothing, when the address is already used by a
   * mailbox (live or not yet swept) or is tombstoned until after `createdAt`.
   */
  createMailbox(mailbox: NewMailbox): Promise<boolean>;

  /** The live mailbox whose token hashes to `tokenHash`, or null. */
  findMailboxByTokenHash(tokenHash: string, now: number): Promise<MailboxRecord | null>;

  /** The live mailbox at `address` (lower case), or null. */
  findMailbox(address: string, now: number): Promise<MailboxRecord | null>;

  /** Sets a live mailbox's `expiresAt`. Resolves the updated record, or null if not live. */
  setExpiry(address: string, expiresAt: number, now: number): Promise<MailboxRecord | null>;

  /**
   * Deletes a mailbox with all its messages, and tombstones the address until `tombstoneUntil`
   * so it is never handed out again before then. Resolves false if there was no such mailbox.
   */
  deleteMailbox(address: string, now: number, tombstoneUntil: number): Promise<boolean>;

  /**
   * Deletes up to `limit` mailboxes with `expiresAt <= now`, with all their messages, and
   * tombstones each until `tombstoneUntil`. Resolves the deleted addresses.
   */
  deleteExpired(now: number, tombstoneUntil: number, limit: number): Promise<string[]>;

  /**
   * Forgets tombstones that ended at or before `now`. A store whose tombstones expire by
   * themselves (Redis TTLs) may do nothing here; either way an ended tombstone no longer blocks
   * `createMailbox`.
   */
  purgeTombstones(now: number): Promise<void>;

  /**
   * Stores each delivery in its mailbox if that mailbox is still live at `now` and the message
   * fits in its quota and in its sender's share when it has one (checked atomically with the
   * write, so concurrent deliveries never overshoot): its summary, its reading when it has one,
   * and its raw bytes, in one write. Never removes a stored message to make room. Resolves one
   * outcome per delivery, in order, after commit.
   */
  putMessages(deliveries: Delivery[], now: number, quota: Quota): Promise<DeliveryOutcome[]>;

  /** Summaries of a mailbox's messages, newest first. */
  listMessages(mailbox: string): Promise<readonly MessageRecord[]>;

  /**
   * The live mailbox of `tokenHash` and its messages, newest first: what
   * `findMailboxByTokenHash` and `listMessages` resolve together, or null. The list is the same
   * frozen array until the inbox changes, so a caller can keep what it derives from it (the
   * HTTP layer keeps its JSON). Synchronous when the answer needs no waiting (SQLite reads on
   * the caller's thread), so that the inbox poll is answered before the router runs
   * (`http/inbox-read.ts`) without a promise turn; a store that waits for a server returns a
   * promise. Every call sees every write completed before it, on any node.
   */
  readInbox(tokenHash: string, now: number): Inbox | null | Promise<Inbox | null>;

  /**
   * The messages of `mailbox` placed after `after` in its order of arrival, oldest first, and
   * the place of its newest message, read together. Each stored message gets a place above every
   * place the mailbox gave before, on any node, even when the messages that had them are
   * deleted, so a reader that remembers a place never misses a later message. An `after` at or
   * past `newest` reads only `newest`. Every call sees every write completed before it.
   */
  messagesAfter(mailbox: string, after: number): Promise<MessagesAfter>;

  /** One message's summary, or null if it is not in that mailbox. */
  getMessage(mailbox: string, id: string): Promise<MessageRecord | null>;

  /** One message's raw bytes exactly as stored, or null if it is not in that mailbox. */
  getRaw(mailbox: string, id: string): Promise<Buffer | null>;

  /**
   * The bytes `start` to `end` (exclusive) of one message's raw bytes as stored, or null if it is
   * not in that mailbox: one attachment's body, read without the rest of a large message.
   */
  getRawRange(mailbox: string, id: string, start: number, end: number): Promise<Buffer | null>;

  /**
   * Adds `refusal` to the refusals of the mailbox at `address` if it is live at `now`, keeping
   * its newest `max` (older ones are dropped in the same write). Resolves false, changing
   * nothing, when there is no such live mailbox. The refusals go with the mailbox (deleted,
   * expired, swept).
   */
  addRefusal(address: string, refusal: RefusalRecord, now: number, max: number): Promise<boolean>;

  /** The refusals of a mailbox, newest first; empty when it has none or does not exist. */
  listRefusals(address: string): Promise<RefusalRecord[]>;

  /**
   * One message's reading as stored (what the detail and the downloads read, never the raw
   * bytes), or null when the message is not in that mailbox or was stored without one.
   */
  getReading(mailbox: string, id: string): Promise<StoredReading | null>;

  /**
   * The attachment list of a message's stored reading without its view (which may be megabytes
   * of HTML): what a download needs. Null as `getReading`.
   */
  getReadingAttachments(mailbox: string, id: string): Promise<string | null>;

  /**
   * Keeps the reading of a message stored without one (read on its first view), replacing any.
   * Resolves false, keeping nothing, when the message is not in that mailbox (deleted meanwhile).
   */
  putReading(mailbox: string, id: string, reading: StoredReading): Promise<boolean>;

  /** Deletes one message. Resolves false if it was not in that mailbox. */
  deleteMessage(mailbox: string, id: string): Promise<boolean>;

  /** Deletes every message of a mailbox. Resolves how many were deleted. */
  deleteAllMessages(mailbox: string): Promise<number>;

  /**
   * The earliest `expiresAt` (epoch ms) of the mailboxes still stored, expired ones the sweeper
   * has not removed yet included; null when there are none. One indexed read: it is the
   * readiness probe and, against the clock, the sweeper's lag. Rejects when the store cannot
   * serve (a writer that died, an unreachable Redis).
   */
  oldestExpiry(): Promise<number | null>;

  /** Flushes pending writes and releases the store. No method may be called afterwards. */
  close(): Promise<void>;
}
