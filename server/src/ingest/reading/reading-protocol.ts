import type { ArrivalReading, SenderFacts, StoredReading } from '../../domain/message';
import type { AuthOutcome } from '../auth';

/** A message read on arrival, as a worker answers: `ArrivalReading` across the thread. */
export type ArrivalWork = Omit<ArrivalReading, 'check' | 'header'> & {
  check: AuthOutcome | null;
  header: Uint8Array | null;
};

/** A Buffer over the bytes a message between threads carried, copying nothing. */
export const asBuffer = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

/** Whether a part is stored as its content: mailsplit decodes only base64 and quoted-printable. */
export const storedAsIs = (encoding: string) =>
  encoding !== 'base64' && encoding !== 'quoted-printable';

/** How to find an attachment's content in the bytes a worker is given. */
export type AttachmentSource =
  /** The bytes are its part's body, in this transfer encoding. */
  | { encoding: string }
  /** The bytes are the whole stored message: read it again, take attachment `index` (from 1). */
  | { index: number };

/** What a reading worker does (reading-worker.ts), typed across the thread boundary. */
export interface ReadingWorkerApi {
  /** Reads a message that arrived, its sender checked first unless the check is `known`. */
  arrival(raw: Uint8Array, facts: SenderFacts | null, known: AuthOutcome | null): ArrivalWork;
  /** Reads a stored message that has no reading yet. */
  stored(raw: Uint8Array): StoredReading;
  /** The content of one attachment (see `AttachmentSource`); null if it is not there. */
  attachment(bytes: Uint8Array, source: AttachmentSource): Uint8Array | null;
}

export type ReadingOp = keyof ReadingWorkerApi;

/** A call into a reading worker: the operation and exactly its arguments (sent in arrays). */
export type ReadingRequest = {
  [K in ReadingOp]: { id: number; op: K; args: Parameters<ReadingWorkerApi[K]> };
}[ReadingOp];

/** The answer to a request, with the time its job held the lock (ms) and `idle` if it came free. */
export type ReadingReply = { id: number; heldMs: number; idle?: number } & ReadingAnswer;

/** What a job came to: the operation's value, or the error it threw, as text. */
export type ReadingAnswer = { value: ReturnType<ReadingWorkerApi[ReadingOp]> } | { error: string };

/**
 * What a worker posts: `ready` with its schedstat file (null: wall time), a sender check as soon
 * as known (a later deadline keeps it), `idle` with the requests received when its lock comes
 * free while a job waits for DNS, and its replies.
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
