import type { DeliveryOutcome } from '../mail-store';
import type { PutRequest, Writer } from './writer';

/**
 * What the writer thread answers to, typed from the writer's own API: every operation of
 * `Writer` that the store calls one at a time, and `putMessages`, which the thread gathers into
 * one transaction with the other puts that arrive meanwhile (group commit, `Writer.putBatch`).
 */
export type WriterApi = Omit<Writer, 'putBatch'> & {
  putMessages(request: PutRequest): DeliveryOutcome[];
};

export type WriterOp = keyof WriterApi;

/** Each operation's arguments, from the writer's own signatures. */
export type WriterArgs = { [K in WriterOp]: Parameters<WriterApi[K]> };

/**
 * A call into the writer thread: the operation and exactly the arguments it takes. Calls go, and
 * answers come back, in arrays: what one turn of the event loop asked, in one message.
 */
export type WriterRequest<K extends WriterOp = WriterOp> = {
  [P in K]: { id: number; op: P; args: WriterArgs[P] };
}[K];

/** The writer's answer to request `id`: what the operation returned, or its error's message. */
export type WriterReply<K extends WriterOp = WriterOp> =
  { id: number; value: ReturnType<WriterApi[K]> } | { id: number; error: string };
