/**
 * Formatting of sizes, times and the countdown, as the visitor reads them (Italian locale).
 * Pure functions: every one takes `now` explicitly so tests need no clock.
 */
import { MAILBOX_TTL_SECONDS } from '@et/common';

const KIB = 1024;
const MIB = 1024 * 1024;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * An `Intl` formatter made on first use. The first one a page makes loads the locale data, which
 * costs tens of milliseconds on a phone: at module level it delayed the start of every page,
 * most of which never format a size or a date.
 */
function lazyFormat<T>(make: () => T): () => T {
  let formatter: T | undefined;
  return () => (formatter ??= make());
}

const megabytes = lazyFormat(
  () => new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * Size of a file or message: under 1024 bytes in bytes (`512 B`), under 1 MiB in whole
 * kilobytes (`12 KB`), otherwise megabytes with two decimals in Italian notation (`1,50 MB`).
 * Whole kilobytes are rounded down, so a size under 1 MiB never reads `1024 KB`.
 */
export function formatSize(bytes: number): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? Math.floor(bytes) : 0;
  if (safe < KIB) return `${safe} B`;
  if (safe < MIB) return `${Math.floor(safe / KIB)} KB`;
  return `${megabytes().format(safe / MIB)} MB`;
}

const shortDate = lazyFormat(
  () => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/**
 * How long ago a message arrived: `Adesso` under a minute, `Nm fa` under an hour, `Nh fa` under a
 * day, otherwise the date in Italian (`3 gen 2025`). A time in the future (clock skew) is `Adesso`.
 */
export function formatRelativeTime(date: Date | string, now: Date | number): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = Number(now) - then.getTime();
  if (Number.isNaN(elapsed) || elapsed < MINUTE_MS) return 'Adesso';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m fa`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h fa`;
  return shortDate().format(then);
}

const fullDateTime = lazyFormat(
  () => new Intl.DateTimeFormat('it-IT', { dateStyle: 'full', timeStyle: 'short' }),
);

/** Timestamp of a message in the reader, e.g. `venerdì 21 novembre 2025 alle ore 14:03`. */
export function formatDateTime(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? '' : fullDateTime().format(value);
}

/**
 * Whole seconds left until `expiresAt`, never negative. Rounded up, so the display reads `10:00`
 * for the whole first second after a (re)start and `00:00` only once the instant has passed.
 */
export function remainingSeconds(expiresAt: string | number | Date, now: number): number {
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** Countdown as `mm:ss`, zero padded; negative input reads `00:00`. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** Width of the countdown bar in percent: remaining / 600 s, between 0 and 100. */
export function countdownPercent(seconds: number, totalSeconds = MAILBOX_TTL_SECONDS): number {
  if (totalSeconds <= 0) return 0;
  return Math.min(100, Math.max(0, (seconds / totalSeconds) * 100));
}
