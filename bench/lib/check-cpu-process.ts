import { fileURLToPath } from 'node:url';
import type { CheckCpuReady, CheckCpuTurn } from './check-cpu';
import { startCpuChild } from './cpu-child';

const SCRIPT = fileURLToPath(new URL('./check-cpu.ts', import.meta.url));

export interface CheckCpuProcess extends CheckCpuReady {
  /** CPU ms per check (or per round of the floor) over `n` of them. */
  turn(n: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts check-cpu.ts on `file`, checking it with mailauth or, with `floor`, doing the work no
 * DKIM verifier can skip, and waits for its warm-up.
 */
export async function startCheckCpu(o: {
  dnsServer: string;
  file: string;
  floor: boolean;
  warmUp: number;
}): Promise<CheckCpuProcess> {
  const child = await startCpuChild<CheckCpuReady, CheckCpuTurn>(SCRIPT, [
    ...['--dns', o.dnsServer, '--file', o.file, '--warm-up', String(o.warmUp)],
    ...(o.floor ? ['--floor'] : []),
  ]);
  return {
    ...child.ready,
    turn: async (n) => (await child.turn(n)).ms,
    stop: child.stop,
  };
}
