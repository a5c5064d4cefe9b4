/**
 * Cost as a ratio, never a bound in milliseconds: how many times the time of `a` is that of `b`,
 * the two measured in turns so that a busy machine weighs on both alike. Wall time on this
 * thread: in a page that is the main thread, where the visitor feels it.
 */

/** Milliseconds per call of `run`, over at least `minMs` and three calls, after one unmeasured. */
function msPerCall(run: () => unknown, minMs: number): number {
  run();
  const start = performance.now();
  let calls = 0;
  let spent = 0;
  do {
    run();
    calls++;
    spent = performance.now() - start;
  } while (spent < minMs || calls < 3);
  return spent / calls;
}

/** The median over five rounds of the time of `a` over that of `b`, the two in turns. */
export function timeRatio(a: () => unknown, b: () => unknown, minMs = 20): number {
  const ratios: number[] = [];
  for (let round = 0; round < 5; round++) ratios.push(msPerCall(a, minMs) / msPerCall(b, minMs));
  return ratios.sort((x, y) => x - y)[2]!;
}
