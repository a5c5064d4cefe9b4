import type { AttachmentInfo, MessageAuthentication, MessageSummary } from '@et/common';
import { cleanDisplayName, cleanSubject } from './names';

/**
 * Shapes of a message inside the server. Wire shapes (ISO dates, no mailbox field) are in
 * `@et/common`; these carry epoch milliseconds and are what the store and the parser speak.
 */

/** A mail address with a display name (empty when the header has none). */
export interface MailAddress {
  name: string;
  address: string;
}

/** The small record kept beside the raw bytes: everything the inbox list needs. */
export interface MessageRecord {
  /** Opaque id, see `newMessageId`. */
  id: string;
  /** Address of the mailbox that owns the message. */
  mailbox: string;
  /** When our SMTP server accepted it, epoch ms. */
  receivedAt: number;
  /** Size of the raw message in bytes. */
  size: number;
  from: MailAddress;
  subject: string;
  /** First characters of the body as plain text. */
  preview: string;
  /** Number of attachments found at ingest (inline parts included). */
  attachmentCount: number;
  /** One-time code found at ingest (domain/verification/), separators removed, or null. */
  code: string | null;
  /** Confirmation or magic log-in link found at ingest, an absolute http(s) URL, or null. */
  confirmLink: string | null;
  /** SPF, DKIM and DMARC as checked on arrival (ingest/auth); null if unchecked. */
  authentication: MessageAuthentication | null;
}

/** A message ready to be stored: its summary, its reading and the bytes as stored. */
export interface NewMessage extends Omit<MessageRecord, 'mailbox'> {
  raw: Buffer;
  /**
   * What the detail view shows, made once at ingest and kept beside the summary, so that no view
   * parses the message again. Absent: the message is read on its first view and kept then.
   */
  reading?: StoredReading;
}

/** Where an attachment's body lies in the stored bytes, and how it is encoded there. */
export interface AttachmentPart {
  /** Offset of the part's body (after its header block) in the stored raw bytes. */
  start: number;
  /** Offset just past the part's body. */
  end: number;
  /** Content-Transfer-Encoding of the part, lower case (`base64`, `quoted-printable`, `7bit`…). */
  encoding: string;
}

/** One attachment as the reading keeps it: what the list shows and where its bytes are. */
export interface ReadingAttachment {
  /** Stable id: the attachment's position in the message, from 1. */
  id: string;
  /** Cleaned file name; `attachment` when the message gives none. */
  filename: string;
  contentType: string;
  /** Content-ID without angle brackets, when the part has one (inline images). */
  contentId: string | null;
  /** Size of the decoded content in bytes. */
  size: number;
  /**
   * Where its body lies, read at ingest; null when it could not be placed (a download then reads
   * the message again to find it). An empty body is `{start: 0, end: 0}`.
   */
  part: AttachmentPart | null;
}

/**
 * What the detail view shows of a message, made once (at ingest, in a reading worker) and kept
 * beside the summary.
 */
export interface MessageReading {
  /**
   * `complete`: read whole. `too-complex`: reading it took longer than the server allows
   * (`READ_DEADLINE_MS`): no body and no attachment list, the raw message stays downloadable.
   */
  status: 'complete' | 'too-complex';
  to: MailAddress[];
  text: string;
  /** The sanitised HTML body, or null. */
  html: string | null;
  attachments: ReadingAttachment[];
}

/** Summary fields that ingest derives from the raw bytes, once. */
export type MessageSummaryFields = Pick<
  MessageRecord,
  'from' | 'subject' | 'preview' | 'attachmentCount' | 'code' | 'confirmLink'
>;

/** The summary of a message of which nothing could be read; callers fill in what they know. */
export const emptySummary = (): MessageSummaryFields => ({
  from: { name: '', address: '' },
  subject: '',
  preview: '',
  attachmentCount: 0,
  code: null,
  confirmLink: null,
});

/**
 * A reading as the store keeps it: two JSON texts, so that each view reads only what it needs and
 * none parses the message again.
 */
export interface StoredReading {
  /**
   * JSON object of what the detail shows beside the summary (`ReadingView`): the detail splices
   * it into its answer as it is, never parsing it.
   */
  view: string;
  /** JSON array of the `ReadingAttachment`s, with where each lies in the stored bytes. */
  attachments: string;
}

/** The reading's fields as `GET /messages/:id` shows them (`MessageDetail` less the summary). */
export type ReadingView = Omit<MessageReading, 'attachments'> & { attachments: AttachmentInfo[] };

/** The JSON of what the detail shows of `reading` (`StoredReading.view`). */
export function readingView(reading: MessageReading): string {
  const view: ReadingView = {
    status: reading.status,
    to: reading.to,
    text: reading.text,
    html: reading.html,
    attachments: reading.attachments.map(({ id, filename, contentType, size }) => ({
      id,
      filename,
      contentType,
      size,
    })),
  };
  return JSON.stringify(view);
}

/**
 * The JSON of `attachments` with their parts `by` bytes further on (`StoredReading.attachments`):
 * each stored copy starts with trace fields of its own, so the parts lie that far into it.
 */
export function attachmentsJson(attachments: readonly ReadingAttachment[], by = 0): string {
  return JSON.stringify(
    by === 0
      ? attachments
      : attachments.map((a) => ({
          ...a,
          part:
            a.part && a.part.end > 0
              ? { ...a.part, start: a.part.start + by, end: a.part.end + by }
              : a.part,
        })),
  );
}

/** The attachments of a stored reading. */
export function readingAttachments(
  reading: Pick<StoredReading, 'attachments'>,
): ReadingAttachment[] {
  return JSON.parse(reading.attachments) as ReadingAttachment[];
}

/** What the sending session knows of the sender: what SPF and DMARC are checked against. */
export interface SenderFacts {
  /** The client's IP address. */
  ip: string;
  /** Its HELO/EHLO name. */
  helo: string;
  /** MAIL FROM; '' for the null sender. */
  sender: string;
}

/** SPF, DKIM and DMARC of a message, and the `Authentication-Results:` field that says so. */
export interface SenderCheck {
  results: MessageAuthentication;
  /** `Authentication-Results: …` (RFC 8601), folded, without its final line break. */
  header: string;
}

/** What reading a message on arrival gives: its summary, its reading and what to store. */
export interface ArrivalReading {
  summary: MessageSummaryFields;
  /** The detail's JSON (`StoredReading.view`). */
  view: string;
  /** The attachments, their parts placed in the bytes to store (`header` + the rest). */
  attachments: ReadingAttachment[];
  /**
   * More than one From address, in several From fields or in one: refused at DATA (RFC 7489
   * §6.6.1), since nobody can tell which of them DMARC should judge.
   */
  multipleFrom: boolean;
  /** The sender checks, when asked for and finished; null otherwise. */
  check: SenderCheck | null;
  /**
   * The header block to store (bytes up to and including the blank line) when it differs from
   * the one received (an incoming `Authentication-Results:` field with our authserv-id taken
   * out, RFC 8601 §5); null when the message is stored as received.
   */
  header: Buffer | null;
  /** Where the received header block ends, the blank line included: the rest is stored as is. */
  bodyAt: number;
}

/**
 * What reads messages: on arrival, and on the first view of one stored before readings were
 * kept. Reading happens off the event loop, under a deadline per message (ingest/reading/); a
 * message past it gets a `too-complex` reading, never an error. `forWhom` is who the work is
 * for (a sending IP, a mailbox that views): work is shared fairly among them.
 */
export interface MessageReader {
  /** Reads a message that arrived; with `facts`, checks its sender first. Never rejects. */
  readArrival(raw: Buffer, facts: SenderFacts | null, forWhom?: string): Promise<ArrivalReading>;
  /** Reads a stored message (trace fields and all) that has no reading yet. Never rejects. */
  readStored(raw: Buffer, forWhom: string): Promise<StoredReading>;
  /**
   * The content of one attachment of a stored message, exactly as mailparser gives it, from
   * `bytes`: its part's body as stored (`raw[part.start, part.end)`) when the reading placed it,
   * decoded alone, else the whole message as stored. Null when that cannot be done within the
   * deadline.
   */
  attachmentContent(
    bytes: Buffer,
    attachment: ReadingAttachment,
    forWhom: string,
  ): Promise<Buffer | null>;
}

/**
 * The wire summary of a stored message. Its From name and subject are cleaned on the way out
 * too (domain/names.ts), for messages stored before they were cleaned on the way in.
 */
export function toSummary(m: MessageRecord): MessageSummary {
  return {
    id: m.id,
    from: { name: cleanDisplayName(m.from.name), address: m.from.address },
    subject: cleanSubject(m.subject),
    preview: m.preview,
    receivedAt: new Date(m.receivedAt).toISOString(),
    size: m.size,
    hasAttachments: m.attachmentCount > 0,
    code: m.code,
    confirmLink: m.confirmLink,
    authentication: m.authentication,
  };
}
