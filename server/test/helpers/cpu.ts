/**
 * Main-thread CPU ms per call of `run`, over at least `minMs` (and three calls) after one
 * unmeasured; a first call dearer than `onceMs` is the answer itself (a step that takes minutes
 * a call is timed once).
 */
export async function cpuPerCall(
  run: () => unknown,
  { minMs = 20, onceMs = Infinity }: { minMs?: number; onceMs?: number } = {},
): Promise<number> {
  const first = process.cpuUsage();
  await run();
  const once = process.cpuUsage(first);
  if ((once.user + once.system) / 1000 > onceMs) return (once.user + once.system) / 1000;
  const start = process.cpuUsage();
  let calls = 0;
  let spent = 0;
  do {
    await run();
    calls++;
    const used = process.cpuUsage(start);
    spent = (used.user + used.system) / 1000;
  } while (spent < minMs || calls < 3);
  return spent / calls;
}

/**
 * The median over five rounds of the CPU of `a` over that of `b`, the two in turns within each
 * round, so that a busy machine weighs on both alike: a ratio, never a wall-clock bound.
 */
export async function cpuRatio(a: () => unknown, b: () => unknown) {
  const ratios: number[] = [];
  for (let round = 0; round < 5; round++) {
    ratios.push((await cpuPerCall(a)) / (await cpuPerCall(b)));
  }
  return ratios.sort((x, y) => x - y)[2]!;
}
