import type { MessageAuthentication, MessageSummary } from '@et/common';

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
  reading?: MessageReading;
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
  part: AttachmentPart;
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

/** One attachment of a parsed message. */
export interface ParsedAttachment {
  /** Stable id: the attachment's position in the parsed message, from 1. */
  id: string;
  filename: string;
  contentType: string;
  /** Content-ID without angle brackets, when the part has one (inline images). */
  contentId: string | null;
  content: Buffer;
}

/** Everything the reader needs from a raw message. */
export interface ParsedMessage extends MessageSummaryFields {
  to: MailAddress[];
  text: string;
  html: string | null;
  attachments: ParsedAttachment[];
}

/** What a parse computes beyond bodies and parts. */
export interface ParseOptions {
  /**
   * Look for the one-time code and confirmation link (default true). Only ingest needs them: a
   * stored message carries them in its record, so reading it again skips the guess (null).
   */
  verification?: boolean;
  /**
   * Only the summary fields, what ingest stores (default false). The same answers for much
   * less work: attachment bodies are not decoded, and a plain message is read without a full
   * MIME parser (ingest/parse.ts).
   */
  summaryOnly?: boolean;
  /**
   * Who the work is for (the sending client's IP at ingest): a parser that shares its threads
   * among senders (ingest/parse-pool.ts) serves a sender whose mail has cost a lot apart from
   * the others. Absent: a reader's request.
   */
  sender?: string;
}

/** Parses raw bytes. Never throws: broken input gives as much as can be recovered. */
export interface MessageParser {
  (raw: Buffer, options: ParseOptions & { summaryOnly: true }): Promise<MessageSummaryFields>;
  (raw: Buffer, options?: ParseOptions & { summaryOnly?: false }): Promise<ParsedMessage>;
}

/** The wire summary of a stored message. */
export function toSummary(m: MessageRecord): MessageSummary {
  return {
    id: m.id,
    from: m.from,
    subject: m.subject,
    preview: m.preview,
    receivedAt: new Date(m.receivedAt).toISOString(),
    size: m.size,
    hasAttachments: m.attachmentCount > 0,
    code: m.code,
    confirmLink: m.confirmLink,
    authentication: m.authentication,
  };
}
