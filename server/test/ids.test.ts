import { describe, expect, it } from 'vitest';
import { isWellFormedMessageId, newMessageId } from '../src/domain/ids';

describe('message ids', () => {
  it('are well formed and never repeat, across many refills of the random pool', () => {
    const ids = Array.from({ length: 5000 }, newMessageId);
    expect(ids.every(isWellFormedMessageId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // 16 random bytes each: every base64url character shows up in the first positions.
    expect(new Set(ids.map((id) => id[0])).size).toBeGreaterThan(60);
  });
});
