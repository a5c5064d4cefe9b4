import { fileURLToPath } from 'node:url';
import type { CheckCpuReady, CheckCpuTurn } from './check-cpu';
import { startCpuChild } from './cpu-child';

const SCRIPT = fileURLToPath(new URL('./check-cpu.ts', import.meta.url));

export interface CheckCpuProcess extends CheckCpuReady {
  /** CPU ms per check over `n` checks. */
  turn(n: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts check-cpu.ts on `file` with the fast paths but those of `off` (`FAST_PATHS_OFF`'s
 * names) and waits for its warm-up.
 */
export async function startCheckCpu(o: {
  dnsServer: string;
  file: string;
  off: readonly string[];
  warmUp: number;
}): Promise<CheckCpuProcess> {
  const child = await startCpuChild<CheckCpuReady, CheckCpuTurn>(SCRIPT, [
    ...['--dns', o.dnsServer, '--file', o.file],
    ...['--warm-up', String(o.warmUp), '--off', o.off.join(',')],
  ]);
  return {
    ...child.ready,
    turn: async (n) => (await child.turn(n)).ms,
    stop: child.stop,
  };
}
