/**
 * The service's limits as the site's text states them, derived from the shared defaults in
 * `@et/common` (the server's settings fall back to the same constants), so a changed limit
 * changes the FAQ, the terms and the privacy policy with it.
 */
import {
  ADDRESS_LOCAL_PART_LENGTH,
  MAILBOX_MAX_BYTES,
  MAILBOX_MAX_MESSAGES,
  MAX_MESSAGE_BYTES,
  RATE_LIMIT_CREATE_MAX,
  RATE_LIMIT_CREATE_WINDOW_SECONDS,
  TOMBSTONE_DAYS,
} from '@et/common';

/** A size in whole megabytes as Italian readers write it (`10 MB`); 1 MB = 1024 × 1024 bytes. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;
}

/** A window of seconds in words: `10 minuti`, `1 ora`, `45 secondi`. */
export function formatWindow(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 ora' : `${seconds / 3600} ore`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minuto' : `${seconds / 60} minuti`;
  return seconds === 1 ? '1 secondo' : `${seconds} secondi`;
}

/** The limits, each in the words the pages use. */
export const limits = {
  /** Largest message a mailbox accepts, e.g. `10 MB`. */
  messageSize: formatMegabytes(MAX_MESSAGE_BYTES),
  /** Messages one mailbox holds. */
  mailboxMessages: MAILBOX_MAX_MESSAGES.toLocaleString('it-IT'),
  /** Total size one mailbox holds, e.g. `50 MB`. */
  mailboxSize: formatMegabytes(MAILBOX_MAX_BYTES),
  /** Days an expired address stays reserved. */
  tombstoneDays: TOMBSTONE_DAYS,
  /** Addresses one connection (IP address) may create per window. */
  createMax: RATE_LIMIT_CREATE_MAX,
  /** That window in words, e.g. `10 minuti`. */
  createWindow: formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS),
  /** Characters of the random part of an address. */
  localPartLength: ADDRESS_LOCAL_PART_LENGTH,
} as const;
