import type { Clock } from '../../src/domain/clock';

/** The one thing tests fake: time. Starts at a fixed instant and moves only when told. */
export function createFakeClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  } satisfies Clock & Record<string, unknown>;
}

export type FakeClock = ReturnType<typeof createFakeClock>;
