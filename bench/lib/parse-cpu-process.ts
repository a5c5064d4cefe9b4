import { fileURLToPath } from 'node:url';
import { startCpuChild } from './cpu-child';
import type { ParseCpuTurn } from './parse-cpu';

const SCRIPT = fileURLToPath(new URL('./parse-cpu.ts', import.meta.url));

/** Starts parse-cpu.ts on `file` and waits for its warm-up; `turn(n)` is CPU ms per reading. */
export async function startParseCpu(file: string, warmUp: number) {
  const child = await startCpuChild<object, ParseCpuTurn>(SCRIPT, [
    ...['--file', file, '--warm-up', String(warmUp)],
  ]);
  return { turn: async (n: number) => (await child.turn(n)).ms, stop: child.stop };
}
