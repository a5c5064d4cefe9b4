import type { DeliveryRefusal, MessageSummary } from './wire';
import type { MessageCriteria } from './criteria';

/** Every error this package throws on purpose; `instanceof` tells them apart. */
export class EmailTemporaneaError extends Error {
  override name = 'EmailTemporaneaError';
}

/** The server answered with an error none of the classes below describes. */
export class ApiError extends EmailTemporaneaError {
  override name = 'ApiError';
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The API's stable error code, e.g. `BAD_REQUEST`; `HTTP_<status>` without one. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The mailbox expired or was deleted (the token no longer opens it). */
export class MailboxGoneError extends EmailTemporaneaError {
  override name = 'MailboxGoneError';
  constructor(
    readonly address: string,
    message: string,
  ) {
    super(message);
  }
}

/** The server asked the client to slow down and the wait could not absorb the pause. */
export class RateLimitedError extends EmailTemporaneaError {
  override name = 'RateLimitedError';
  constructor(
    /** Seconds the server asked to wait before the next request (`Retry-After`). */
    readonly retryAfter: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a wait that timed out knew: what it awaited, for how long, and what it saw instead. */
export interface MailboxTimeoutDetails {
  address: string;
  /** The criteria in words, e.g. `a message from "noreply@shop.example" with a code`. */
  awaited: string;
  criteria: MessageCriteria;
  /** Milliseconds the wait lasted. */
  waited: number;
  /** The messages that arrived after the read position and did not match, oldest first. */
  seen: MessageSummary[];
  /** The mailbox's recent refusals of mail, newest first (why mail may not have arrived). */
  refusals: DeliveryRefusal[];
}

const MAX_LISTED = 5;

const quoted = (s: string) => JSON.stringify(s);

function describeSeen(seen: MessageSummary[]): string {
  if (seen.length === 0) return 'No other message arrived after the read position.';
  const listed = seen
    .slice(-MAX_LISTED)
    .map((m) => `${quoted(m.subject)} from ${m.from.address || '(no sender)'} at ${m.receivedAt}`);
  const more = seen.length > MAX_LISTED ? ` (the last ${MAX_LISTED} of ${seen.length})` : '';
  const messages = seen.length === 1 ? '1 other message' : `${seen.length} other messages`;
  return `${messages} arrived${more}: ${listed.join('; ')}.`;
}

function describeRefusals(refusals: DeliveryRefusal[]): string {
  if (refusals.length === 0) return '';
  const listed = refusals
    .slice(0, MAX_LISTED)
    .map((r) => `${r.reason} from ${r.sender || '<>'} at ${r.at}: ${r.reply}`);
  const deliveries = refusals.length === 1 ? '1 delivery' : `${refusals.length} deliveries`;
  return ` The server refused ${deliveries} to this mailbox: ${listed.join('; ')}.`;
}

/** No message matching the criteria arrived within the wait's timeout. */
export class MailboxTimeoutError extends EmailTemporaneaError {
  override name = 'MailboxTimeoutError';
  readonly address: string;
  readonly awaited: string;
  readonly criteria: MessageCriteria;
  /** Milliseconds the wait lasted. */
  readonly waited: number;
  readonly seen: MessageSummary[];
  readonly refusals: DeliveryRefusal[];

  constructor(details: MailboxTimeoutDetails) {
    super(
      `Timed out after ${(details.waited / 1000).toFixed(1)} s waiting for ${details.awaited} at ` +
        `${details.address}. ${describeSeen(details.seen)}${describeRefusals(details.refusals)}`,
    );
    this.address = details.address;
    this.awaited = details.awaited;
    this.criteria = details.criteria;
    this.waited = details.waited;
    this.seen = details.seen;
    this.refusals = details.refusals;
  }
}

/** `expectNoMessage` saw a matching message arrive. */
export class UnexpectedMessageError extends EmailTemporaneaError {
  override name = 'UnexpectedMessageError';
  constructor(
    /** The message that arrived. */
    readonly received: MessageSummary,
    message: string,
  ) {
    super(message);
  }
}
