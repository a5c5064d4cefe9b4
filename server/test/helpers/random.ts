/** A seeded pseudo-random generator (mulberry32), so a fuzz run can be replayed exactly. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    /** A whole number in [0, n). */
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    bytes: (n: number) => Buffer.from(Array.from({ length: n }, () => int(256))),
  };
}

export type Random = ReturnType<typeof seededRandom>;
