/**
 * The service's limits as the site's text states them, derived from the shared defaults in
 * `@et/common` (the server's settings fall back to the same constants), so a changed limit
 * changes the FAQ, the terms and the privacy policy with it.
 */
import {
  ADDRESS_LOCAL_PART_LENGTH,
  CREATOR_MAX_BYTES_PER_HOUR,
  HTTP_MAX_CONNECTIONS_PER_IP,
  MAILBOX_MAX_BYTES,
  MAILBOX_MAX_LIFETIME_SECONDS,
  MAILBOX_MAX_MESSAGES,
  MAILBOX_MAX_REFUSALS,
  MAILBOX_TTL_SECONDS,
  MAX_MESSAGE_BYTES,
  MAX_STREAMS_PER_IP,
  RATE_LIMIT_CREATE_MAX,
  RATE_LIMIT_CREATE_WINDOW_SECONDS,
  RATE_LIMIT_IPV6_PREFIX,
  ROLE_MAILBOX_SENDER_SHARE_PERCENT,
  SENDER_MAX_BYTES_PER_HOUR,
  TOMBSTONE_DAYS,
  VIEW_RATE_LIMIT_PER_MINUTE,
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
  /** Life of a mailbox from creation, and what «Estendi» resets it to: `10 minuti`. */
  ttl: formatWindow(MAILBOX_TTL_SECONDS),
  /** Longest whole life of a mailbox from creation, in minutes as the site counts it: `60 minuti`. */
  maxLifetime: `${MAILBOX_MAX_LIFETIME_SECONDS / 60} minuti`,
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
  /** The network an IPv6 client is counted by, e.g. `/64`. */
  ipv6Prefix: `/${RATE_LIMIT_IPV6_PREFIX}`,
  /** Event streams one client IP may hold open at once. */
  streamsPerIp: MAX_STREAMS_PER_IP,
  /** HTTP connections one client IP may hold open at once. */
  connectionsPerIp: HTTP_MAX_CONNECTIONS_PER_IP,
  /** Mail accepted from one sending IP per hour, e.g. `500 MB`. */
  senderBytesPerHour: formatMegabytes(SENDER_MAX_BYTES_PER_HOUR),
  /** Mail accepted per hour into the mailboxes one client IP created, e.g. `500 MB`. */
  creatorBytesPerHour: formatMegabytes(CREATOR_MAX_BYTES_PER_HOUR),
  /** The share of postmaster@ and abuse@ one sending server may fill, e.g. `25%`. */
  roleMailboxSenderShare: `${ROLE_MAILBOX_SENDER_SHARE_PERCENT}%`,
  /** Messages, attachments and originals opened per token per minute. */
  viewsPerMinute: VIEW_RATE_LIMIT_PER_MINUTE,
  /** Refusals of mail a mailbox keeps, the newest. */
  maxRefusals: MAILBOX_MAX_REFUSALS,
} as const;
