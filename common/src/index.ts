/**
 * Wire types and constants shared by the server and the web app.
 * This package has no runtime dependencies: plain types and numbers only.
 */

/** Product name shown to visitors; used in every string that names the service. */
export const PRODUCT_NAME = 'Email Temporanea';

/** Default lifetime of a mailbox, from creation or from the last extension. */
export const MAILBOX_TTL_SECONDS = 600;

/**
 * Length of the random local part of an address (before the `@`): lowercase letters and digits,
 * the first a letter. The server makes addresses of this length and the site's text states it.
 */
export const ADDRESS_LOCAL_PART_LENGTH = 12;

/*
 * Default limits of the service. The server's settings of the same names (`MAX_MESSAGE_BYTES`,
 * `MAILBOX_MAX_BYTES`, `SENDER_MAX_BYTES_PER_HOUR`, …) fall back to these, and the FAQ, the
 * terms and the privacy policy quote them: an operator who changes a limit changes it here, so
 * the pages say it too.
 */
/** Largest message SMTP accepts, in bytes. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Messages one mailbox may hold. */
export const MAILBOX_MAX_MESSAGES = 500;
/** Bytes one mailbox may hold, counting raw message sizes. */
export const MAILBOX_MAX_BYTES = 50 * 1024 * 1024;
/** Days an expired address stays reserved, so it is never handed to someone else meanwhile. */
export const TOMBSTONE_DAYS = 30;
/** Mailboxes one client IP may create per window. */
export const RATE_LIMIT_CREATE_MAX = 20;
/** The window of {@link RATE_LIMIT_CREATE_MAX}, in seconds. */
export const RATE_LIMIT_CREATE_WINDOW_SECONDS = 600;

/**
 * Longest whole life of a mailbox, from its creation, in seconds: «Estendi» resets the lifetime
 * to {@link MAILBOX_TTL_SECONDS} from now but never past this (the site says "10-60 minuti").
 * The operator mailboxes (postmaster, abuse) are exempt.
 */
export const MAILBOX_MAX_LIFETIME_SECONDS = 3600;
/** Open event streams from one client IP (per node); one more is answered 429. */
export const MAX_STREAMS_PER_IP = 20;
/**
 * Open HTTP connections from one client IP when no proxy is trusted; one more is closed at once.
 * Behind a proxy the proxy keeps this cap (docs/operations.md).
 */
export const HTTP_MAX_CONNECTIONS_PER_IP = 64;
/** Rate limits key an IPv6 client on this prefix length (its /64), an IPv4 one on its address. */
export const RATE_LIMIT_IPV6_PREFIX = 64;
/** Bytes SMTP accepts from one sending IP per hour; beyond, 451 4.7.1 until the window moves. */
export const SENDER_MAX_BYTES_PER_HOUR = 500 * 1024 * 1024;
/**
 * Bytes SMTP accepts per hour into the mailboxes one client IP created, together; beyond,
 * 451 4.7.1 until the window moves.
 */
export const CREATOR_MAX_BYTES_PER_HOUR = 500 * 1024 * 1024;
/**
 * The share of the operator's postmaster and abuse mailboxes, in percent of their quota, that
 * the mail of one sending client (an IPv4 address or an IPv6 /64) may hold; beyond, 452 4.2.2
 * for that sender only, so that no one sender can fill them against everyone else's reports.
 * A quarter of the default quota (12.5 MB) still takes one message of the largest size with our
 * trace fields, such as an abuse report carrying the whole mail it reports.
 */
export const ROLE_MAILBOX_SENDER_SHARE_PERCENT = 25;
/** Detail, attachment and raw downloads per token per minute; beyond, 429 with Retry-After. */
export const VIEW_RATE_LIMIT_PER_MINUTE = 120;
/** Refusals of mail addressed to a mailbox that the mailbox keeps (the newest), for the page. */
export const MAILBOX_MAX_REFUSALS = 20;
/** Longest `wait` of a long-poll on `GET /api/v1/messages`, in seconds. */
export const LONG_POLL_MAX_SECONDS = 25;

/** Fallback poll of the inbox when the event stream is down. */
export const INBOX_POLL_MS = 10_000;

/** The server sends a heartbeat comment on every open event stream at least this often. */
export const SSE_HEARTBEAT_MS = 15_000;

/** Base path of the JSON API. */
export const API_BASE = '/api/v1';

/** Answer of `POST /api/v1/mailboxes`. The token is shown once and never stored in clear. */
export interface CreatedMailbox {
  /** The full address, e.g. `k3q9x0b2mz@example.org`. */
  email: string;
  /** Bearer token (base64url, 256 random bits) that grants access to this mailbox. */
  token: string;
  /** ISO 8601 instant at which the server deletes the mailbox. */
  expiresAt: string;
  /**
   * ISO 8601 instant past which no extension carries the mailbox: its creation plus
   * {@link MAILBOX_MAX_LIFETIME_SECONDS} (the server's setting).
   */
  maxExpiresAt: string;
}

/**
 * Body of `POST /api/v1/mailboxes`, all optional: without `domain` the server picks one of the
 * active domains at random.
 */
export interface CreateMailboxRequest {
  /** One of `GET /api/v1/domains`; another gets 400 `UNKNOWN_DOMAIN` or `DOMAIN_RETIRED`. */
  domain?: string;
}

/** Answer of `GET /api/v1/domains`: the domains new addresses can be made on. */
export interface DomainList {
  /** Lower case, in the operator's order; at least one. */
  domains: string[];
}

/** Answer of `GET /api/v1/mailbox` and `POST /api/v1/mailbox/extend`. */
export interface MailboxInfo {
  email: string;
  /** ISO 8601 instant at which the server deletes the mailbox. */
  expiresAt: string;
  /**
   * ISO 8601 instant past which no extension carries the mailbox; when it equals `expiresAt`,
   * `POST /mailbox/extend` can do no more (409 `LIFETIME_EXCEEDED`). Null for the operator's
   * postmaster and abuse mailboxes, which never end.
   */
  maxExpiresAt: string | null;
}

/** A mail address with an optional display name. */
export interface Address {
  name: string;
  address: string;
}

/** One row of the inbox list, newest first. */
export interface MessageSummary {
  /** Opaque message id, unique per mailbox. */
  id: string;
  from: Address;
  subject: string;
  /** The first characters of the body as plain text, whitespace folded. */
  preview: string;
  /** ISO 8601 instant at which our SMTP server accepted the message. */
  receivedAt: string;
  /** Size of the stored raw message in bytes: as received, with our trace fields on top. */
  size: number;
  hasAttachments: boolean;
  /**
   * SPF, DKIM and DMARC as checked on arrival; null for a message stored before the checks
   * existed.
   */
  authentication: MessageAuthentication | null;
  /**
   * The likely one-time code of a sign-up or log-in mail, as the visitor types it (spaces and
   * dashes removed, e.g. `482913` or `AB12CD`); null when none was found with confidence.
   * Found once at ingest from subject and body; a wrong code is avoided more than a missed one.
   */
  code: string | null;
  /**
   * The likely confirmation link (verify, confirm, activate, magic log-in), an absolute http(s)
   * URL; null when there is none. Open it in a new tab, never in the page.
   */
  confirmLink: string | null;
}

/** One attachment of a message, as listed in the detail. */
export interface AttachmentInfo {
  /** Id to use in `/messages/{id}/attachment/{attachmentId}`. */
  id: string;
  /** Cleaned file name; `attachment` when the message gives none. */
  filename: string;
  contentType: string;
  /** Size of the decoded content in bytes. */
  size: number;
}

/** Answer of `GET /api/v1/messages/{id}`. */
export interface MessageDetail extends MessageSummary {
  /**
   * `complete`: read whole. `too-complex`: the server could not read it within its time limit
   * (`READ_DEADLINE_MS`): no body and no attachment list; the original (`/raw`) is all there is.
   */
  status: 'complete' | 'too-complex';
  to: Address[];
  /** Plain-text body; derived from the HTML part when the message has no text part. */
  text: string;
  /** HTML body as sent, or null. Hostile: render only in a sandboxed iframe. */
  html: string | null;
  attachments: AttachmentInfo[];
}

/** A result word of RFC 8601 §2.7 for one check. */
export type AuthResult =
  'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror';

/**
 * Whether a message comes from who it says: SPF of the envelope sender and client IP (RFC 7208),
 * the best DKIM signature (RFC 6376), DMARC of the From domain (RFC 7489); `domain` is the From
 * domain when DMARC passed, else null.
 */
export interface MessageAuthentication {
  spf: AuthResult;
  dkim: AuthResult;
  dmarc: AuthResult;
  domain: string | null;
}

/** Answer of `GET /api/v1/messages`. */
export interface MessageList {
  messages: MessageSummary[];
}

/**
 * The cursor of a mailbox's start, before its first message: `GET /api/v1/messages?since=0`
 * lists every message, and a stream opened with `Last-Event-ID: 0` replays them all.
 */
export const START_CURSOR = '0';

/** A summary in the answer of `GET /api/v1/messages?since=<cursor>`, with its own cursor. */
export interface FeedMessage extends MessageSummary {
  /**
   * The message's place in its mailbox's order of arrival, as `since` takes it: asking from it
   * lists the messages that came after this one. The `id:` of its `message.received` event.
   */
  cursor: string;
}

/**
 * Answer of `GET /api/v1/messages?since=<cursor>`: the messages that arrived after the cursor,
 * oldest first, and the cursor to ask from next.
 */
export interface MessageFeed {
  messages: FeedMessage[];
  /**
   * Opaque place in the mailbox's order of arrival, which only grows: the place of the newest
   * message the mailbox holds ({@link START_CURSOR} when none). No later message is ever placed
   * at or before it, deleted messages notwithstanding. The same cursor is the `id:` of that
   * message's `message.received` event on `GET /api/v1/events`. Meaningful only for the mailbox
   * that gave it.
   */
  cursor: string;
}

/** Why SMTP refused or cut a message addressed to a live mailbox: a stable code. */
export type RefusalReason =
  /** Larger than the message size limit (552). */
  | 'too-big'
  /** The mailbox held too many messages or bytes (452 4.2.2). */
  | 'mailbox-full'
  /** The sending server, or the mailboxes of one creator, went over a limit (451 4.7.1). */
  | 'sender-limit'
  /** The message arrived too slowly (421 4.4.2). */
  | 'too-slow'
  /** The message broke a rule of mail, e.g. more than one From address (550 5.7.1). */
  | 'rejected';

/**
 * One refusal of mail addressed to a mailbox, kept by the mailbox (the newest
 * {@link MAILBOX_MAX_REFUSALS}) and gone with it: why a mail did not arrive.
 */
export interface DeliveryRefusal {
  /** ISO 8601 instant of the refusal. */
  at: string;
  /** The envelope sender as given in MAIL FROM; '' for the null sender. */
  sender: string;
  reason: RefusalReason;
  /** The SMTP reply we sent, code and text, e.g. `552 5.3.4 Message size exceeds …`. */
  reply: string;
  /** Size of the message in bytes, when known (e.g. from SIZE or what arrived). */
  size: number | null;
  /** The limit that was passed, in the unit of `size` (bytes), when one applies. */
  limit: number | null;
}

/** Answer of `GET /api/v1/mailbox/refusals`: newest first. */
export interface RefusalList {
  refusals: DeliveryRefusal[];
}

/** Stable error codes of the API; the web maps them to Italian text. */
export type ErrorCode =
  | 'BAD_REQUEST'
  /** `POST /mailboxes` named a domain the service does not host. */
  | 'UNKNOWN_DOMAIN'
  /** `POST /mailboxes` named a domain that takes mail for its last addresses but makes no new one. */
  | 'DOMAIN_RETIRED'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  /** `POST /mailbox/extend` on a mailbox already at the end of its longest life. */
  | 'LIFETIME_EXCEEDED'
  /** An attachment that cannot be decoded within the server's time limit (422). */
  | 'TOO_COMPLEX'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** Body of every error answer of the API. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/**
 * Events on `GET /api/v1/events` (server-sent events). The SSE `event:` field carries `type`,
 * the `data:` field the JSON of the whole object.
 */
export type MailboxEvent =
  | { type: 'message.received'; message: MessageSummary }
  | { type: 'message.deleted'; id: string }
  | { type: 'inbox.cleared' }
  | { type: 'mailbox.extended'; expiresAt: string }
  | { type: 'mailbox.expired' }
  /** SMTP refused or cut a message addressed to the mailbox; it is now in its refusals. */
  | { type: 'delivery.refused'; refusal: DeliveryRefusal };

export type MailboxEventType = MailboxEvent['type'];
