import { describe, expect, it } from 'vitest';
import {
  checkSession,
  newSessionTimes,
  sweepIntervalMs,
  type TimeLimits,
} from '../src/ingest/smtp/session-deadlines';
import type { WireState } from '../src/ingest/smtp/smtp-server-internals';

const limits: TimeLimits = {
  sessionTimeoutMs: 600_000,
  commandTimeoutMs: 30_000,
  minDataRateBytesPerSecond: 256,
  minDataRateGraceMs: 10_000,
};

const idle: WireState = {
  commandLines: 1,
  partialLineBytes: 0,
  inData: false,
  waitingForServer: false,
};

describe('SMTP session deadlines', () => {
  it('cuts off a session open longer than sessionTimeoutMs, whatever it does', () => {
    const t = newSessionTimes(0);
    expect(checkSession(t, idle, 599_999, limits)).toBe(null);
    expect(checkSession(t, idle, 600_000, limits)).toBe('session');
  });

  it('times one unfinished command line from the sweep that first saw it', () => {
    const t = newSessionTimes(0);
    const partial = { ...idle, partialLineBytes: 4 };
    expect(checkSession(t, partial, 1_000, limits)).toBe(null);
    expect(checkSession(t, { ...partial, partialLineBytes: 9 }, 30_999, limits)).toBe(null);
    expect(checkSession(t, { ...partial, partialLineBytes: 10 }, 31_000, limits)).toBe(
      'commandLine',
    );
  });

  it('starts again for a new line, and never counts silence between lines', () => {
    const t = newSessionTimes(0);
    expect(checkSession(t, { ...idle, partialLineBytes: 4 }, 1_000, limits)).toBe(null);
    // The line ended and another began between two sweeps.
    expect(checkSession(t, { ...idle, commandLines: 2, partialLineBytes: 2 }, 30_000, limits)).toBe(
      null,
    );
    expect(checkSession(t, { ...idle, commandLines: 3 }, 100_000, limits)).toBe(null);
    expect(checkSession(t, { ...idle, commandLines: 3 }, 200_000, limits)).toBe(null);
  });

  it('does not count time the client waits for us', () => {
    const t = newSessionTimes(0);
    const partial = { ...idle, partialLineBytes: 4 };
    expect(checkSession(t, partial, 1_000, limits)).toBe(null);
    expect(checkSession(t, { ...partial, waitingForServer: true }, 20_000, limits)).toBe(null);
    expect(checkSession(t, partial, 40_000, limits)).toBe(null);
    expect(checkSession(t, partial, 70_000, limits)).toBe('commandLine');
  });

  it('judges the DATA rate as an average since the 354, only after the grace', () => {
    const t = newSessionTimes(0);
    t.data = { startedAtMs: 1_000, bytes: 0 };
    const inData = { ...idle, inData: true };
    expect(checkSession(t, inData, 10_999, limits)).toBe(null);
    t.data.bytes = 2_560; // exactly 256 B/s over 10 s
    expect(checkSession(t, inData, 11_000, limits)).toBe(null);
    expect(checkSession(t, inData, 11_001, limits)).toBe('dataRate');
    t.data.bytes = 1_000_000; // a fast start carries a later stall
    expect(checkSession(t, inData, 500_000, limits)).toBe(null);
  });

  it('turns the DATA rate off at 0', () => {
    const t = newSessionTimes(0);
    t.data = { startedAtMs: 0, bytes: 0 };
    expect(checkSession(t, idle, 500_000, { ...limits, minDataRateBytesPerSecond: 0 })).toBe(null);
  });

  it('sweeps at a fifth of the shortest limit, between 10 ms and once a second', () => {
    expect(sweepIntervalMs(limits)).toBe(1000);
    expect(sweepIntervalMs({ ...limits, commandTimeoutMs: 400 })).toBe(80);
    expect(sweepIntervalMs({ ...limits, minDataRateGraceMs: 300 })).toBe(60);
    expect(sweepIntervalMs({ ...limits, sessionTimeoutMs: 20 })).toBe(10);
    expect(
      sweepIntervalMs({ ...limits, minDataRateBytesPerSecond: 0, minDataRateGraceMs: 300 }),
    ).toBe(1000);
  });
});
