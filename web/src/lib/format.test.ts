import { describe, expect, it } from 'vitest';
import {
  countdownPercent,
  formatCountdown,
  formatDateTime,
  formatRelativeTime,
  formatSize,
  remainingSeconds,
} from './format';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1535, '1 KB'],
    [2048, '2 KB'],
    [1048575, '1023 KB'],
    [1048576, '1,00 MB'],
    [1572864, '1,50 MB'],
    [10 * 1048576 - 1, '10,00 MB'],
  ])('%i bytes reads %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });

  it('treats nonsense as zero bytes', () => {
    expect(formatSize(-5)).toBe('0 B');
    expect(formatSize(Number.NaN)).toBe('0 B');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-01-15T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it.each([
    [0, 'Adesso'],
    [59_999, 'Adesso'],
    [60_000, '1m fa'],
    [59 * 60_000 + 59_999, '59m fa'],
    [60 * 60_000, '1h fa'],
    [23 * 3_600_000 + 3_599_999, '23h fa'],
  ])('%i ms ago reads %s', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it('shows the Italian date from 24 hours on', () => {
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('14 gen 2025');
    expect(formatRelativeTime('2024-12-03T08:00:00Z', now)).toBe('3 dic 2024');
  });

  it('reads a time in the future (clock skew) as now', () => {
    expect(formatRelativeTime(ago(-30_000), now)).toBe('Adesso');
  });
});

describe('countdown', () => {
  const now = Date.parse('2025-01-15T12:00:00Z');
  const inMs = (ms: number) => new Date(now + ms).toISOString();

  it('rounds the seconds left up, so a fresh mailbox reads 10:00', () => {
    expect(remainingSeconds(inMs(600_000), now)).toBe(600);
    expect(remainingSeconds(inMs(599_001), now)).toBe(600);
    expect(remainingSeconds(inMs(599_000), now)).toBe(599);
    expect(remainingSeconds(inMs(1), now)).toBe(1);
  });

  it('never goes below zero', () => {
    expect(remainingSeconds(inMs(0), now)).toBe(0);
    expect(remainingSeconds(inMs(-5_000), now)).toBe(0);
    expect(remainingSeconds('not a date', now)).toBe(0);
  });

  it.each([
    [600, '10:00'],
    [599, '09:59'],
    [60, '01:00'],
    [59, '00:59'],
    [9, '00:09'],
    [1, '00:01'],
    [0, '00:00'],
    [-3, '00:00'],
  ])('%i seconds read %s', (seconds, expected) => {
    expect(formatCountdown(seconds)).toBe(expected);
  });

  it('fills the bar with remaining / 600, clamped to 0..100', () => {
    expect(countdownPercent(600)).toBe(100);
    expect(countdownPercent(300)).toBe(50);
    expect(countdownPercent(6)).toBe(1);
    expect(countdownPercent(0)).toBe(0);
    expect(countdownPercent(900)).toBe(100);
  });
});

describe('formatDateTime', () => {
  it('writes the timestamp in Italian', () => {
    const text = formatDateTime('2025-01-15T12:30:00Z');
    expect(text).toMatch(/mercoledì 15 gennaio 2025/);
  });

  it('is empty for an invalid date', () => {
    expect(formatDateTime('nope')).toBe('');
  });
});
