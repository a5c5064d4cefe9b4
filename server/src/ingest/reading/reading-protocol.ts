import type {
  MessageSummaryFields,
  ReadingAttachment,
  SenderFacts,
  StoredReading,
} from '../../domain/message';
import type { AuthOutcome } from '../auth';

/** A message read on arrival, as a worker answers: what `ArrivalReading` is made of. */
export interface ArrivalWork {
  summary: MessageSummaryFields;
  view: string;
  attachments: ReadingAttachment[];
  multipleFrom: boolean;
  check: AuthOutcome | null;
  /** The header block to store when it differs from the one received. */
  header: Uint8Array | null;
  bodyAt: number;
}

/**
 * Whether a part in this transfer encoding is stored as its content, nothing to decode: mailsplit
 * decodes only base64 and quoted-printable (`MimeNode#getDecoder`), the rest passes as it is.
 */
export const storedAsIs = (encoding: string) =>
  encoding !== 'base64' && encoding !== 'quoted-printable';

/** How to find an attachment's content in the bytes a worker is given. */
export type AttachmentSource =
  /** The bytes are its part's body, in this transfer encoding. */
  | { encoding: string }
  /** The bytes are the whole stored message: read it again, take attachment `index` (from 1). */
  | { index: number };

/**
 * What a reading worker does (reading-worker.ts); each call's arguments and answer cross the
 * thread boundary as typed here.
 */
export interface ReadingWorkerApi {
  /**
   * Reads a message that arrived: checks its sender first when `facts` are given (unless
   * `known`, a check a worker already finished for it), then reads it whole.
   */
  arrival(raw: Uint8Array, facts: SenderFacts | null, known: AuthOutcome | null): ArrivalWork;
  /** Reads a stored message that has no reading yet. */
  stored(raw: Uint8Array): StoredReading;
  /** The content of one attachment (see `AttachmentSource`); null if it is not there. */
  attachment(bytes: Uint8Array, source: AttachmentSource): Uint8Array | null;
}

export type ReadingOp = keyof ReadingWorkerApi;

/** A call into a reading worker: the operation and exactly its arguments. */
export type ReadingRequest = {
  [K in ReadingOp]: { id: number; op: K; args: Parameters<ReadingWorkerApi[K]> };
}[ReadingOp];

/**
 * The answer to a request: its value and the time the job held the worker's lock (ms); with
 * `idle` when the lock came free with no job waiting, as that message says.
 */
export type ReadingReply<K extends ReadingOp = ReadingOp> = {
  id: number;
  heldMs: number;
  idle?: number;
} & ({ value: ReturnType<ReadingWorkerApi[K]> } | { error: string });

/**
 * What a worker posts: `ready` once its modules are loaded, with the schedstat file its lock's
 * times are read on (null: wall time; thread-clock.ts); a sender check as soon as it is
 * known (a deadline later in the reading keeps it); `idle` when its lock comes free with no job
 * waiting while a job waits for DNS, with how many requests it has received by then; and its
 * replies.
 */
export type ReadingWorkerMessage =
  | { ready: true; schedstat: string | null }
  | { id: number; check: AuthOutcome }
  | { idle: number }
  | ReadingReply;

/** What a reading worker starts with. */
export interface ReadingWorkerData {
  /** The thread's scheduling priority (Linux nice). */
  nice: number;
  /** The memory its CPU lock is shared through (cpu-lock.ts). */
  lock: SharedArrayBuffer;
  /** Our host name: the authserv-id of Authentication-Results. */
  hostname: string;
  /** The sender checks' settings; null when they are off (`SENDER_CHECKS=off`). */
  checks: { timeoutMs: number; dnsServers: string[]; dnsTries: number } | null;
  /** The sanitiser's text-runs fast path (html-text-runs.ts). */
  textRuns: boolean;
}
