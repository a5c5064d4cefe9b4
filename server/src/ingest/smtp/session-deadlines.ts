import type { WireState } from './smtp-server-internals';

/** The time limits of SMTP sessions (part of `SmtpLimits`), each closing with 421 4.4.2. */
export interface TimeLimits {
  /** A connection open this long is closed, however busy: stops clients that dribble. */
  sessionTimeoutMs: number;
  /** A command line must arrive whole within this, from its first byte. */
  commandTimeoutMs: number;
  /** DATA must arrive at this average rate at least, from the 354 on; 0: off. */
  minDataRateBytesPerSecond: number;
  /** The DATA rate is judged only once DATA has lasted this long (TCP slow start, a stall). */
  minDataRateGraceMs: number;
}

/** Which limit a session went over. */
export type Overrun = 'session' | 'commandLine' | 'dataRate';

/** What a sweep remembers of one session until the next. */
export interface SessionTimes {
  openedAtMs: number;
  /** The unfinished command line an earlier sweep saw: which line (by count) and since when. */
  line: { number: number; sinceMs: number } | null;
  /** The message in DATA: when its 354 went out and the bytes received since. */
  data: { startedAtMs: number; bytes: number } | null;
}

export function newSessionTimes(nowMs: number): SessionTimes {
  return { openedAtMs: nowMs, line: null, data: null };
}

/**
 * Whether a session has gone over a time limit at this sweep (pure; `times.line` updated in
 * place). A line is cut off within two sweeps past `commandTimeoutMs`; time the client waits
 * for us never counts; the DATA rate is the average since the 354.
 */
export function checkSession(
  times: SessionTimes,
  wire: WireState,
  nowMs: number,
  limits: TimeLimits,
): Overrun | null {
  if (nowMs - times.openedAtMs >= limits.sessionTimeoutMs) return 'session';
  if (times.data) {
    times.line = null;
    const elapsedMs = nowMs - times.data.startedAtMs;
    const tooSlow = times.data.bytes * 1000 < limits.minDataRateBytesPerSecond * elapsedMs;
    return elapsedMs >= limits.minDataRateGraceMs && tooSlow ? 'dataRate' : null;
  }
  if (wire.inData || wire.waitingForServer || wire.partialLineBytes === 0) {
    times.line = null;
    return null;
  }
  if (times.line?.number !== wire.commandLines) {
    times.line = { number: wire.commandLines, sinceMs: nowMs };
    return null;
  }
  return nowMs - times.line.sinceMs >= limits.commandTimeoutMs ? 'commandLine' : null;
}

/** How often the sweep runs: a fifth of the shortest limit, at most once a second. */
export function sweepIntervalMs(limits: TimeLimits): number {
  const grace = limits.minDataRateBytesPerSecond > 0 ? limits.minDataRateGraceMs : Infinity;
  const shortest = Math.min(limits.sessionTimeoutMs, limits.commandTimeoutMs, grace || Infinity);
  return Math.max(10, Math.min(1000, Math.floor(shortest / 5)));
}
