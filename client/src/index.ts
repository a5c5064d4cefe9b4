/**
 * Disposable mailboxes for tests of sign-up flows, from Email Temporanea:
 *
 * ```ts
 * const box = await createMailbox();          // baseUrl from EMAIL_TEMPORANEA_URL
 * const code = await box.waitForCode();       // the code of the next mail that has one
 * ```
 */
export {
  createMailbox,
  DEFAULT_TIMEOUT_MS,
  Mailbox,
  openMailbox,
  type CreateMailboxOptions,
  type MailboxJson,
  type MailboxOptions,
  type OpenMailboxOptions,
  type WaitOptions,
} from './mailbox';
export type { MessageCriteria, TextPattern } from './criteria';
export {
  ApiError,
  EmailTemporaneaError,
  MailboxGoneError,
  MailboxTimeoutError,
  RateLimitedError,
  UnexpectedMessageError,
  type MailboxTimeoutDetails,
} from './errors';
export type { ClientOptions } from './http';
export type * from './wire';
