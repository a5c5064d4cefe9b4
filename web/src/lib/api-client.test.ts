import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-client';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-15T10:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('600', now)).toBe(600);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('turns an HTTP-date into seconds from now, never negative', () => {
    expect(parseRetryAfter('Wed, 15 Jan 2025 10:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 15 Jan 2025 09:00:00 GMT', now)).toBe(0);
  });

  it('gives null when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
