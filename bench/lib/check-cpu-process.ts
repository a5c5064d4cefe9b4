import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { CheckCpuReady, CheckCpuTurn } from './check-cpu';
import { track } from './proc';

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
  const args = ['--import', 'tsx', SCRIPT, '--dns', o.dnsServer, '--file', o.file];
  args.push('--warm-up', String(o.warmUp), '--off', o.off.join(','));
  const child = track(spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await Promise.race([lines.next(), exited.then(() => null)]);
    if (!line || line.done) throw new Error('check-cpu.ts exited');
    return JSON.parse(line.value) as unknown;
  };
  const ready = (await next()) as CheckCpuReady;
  return {
    ...ready,
    async turn(n) {
      child.stdin!.write(`${n}\n`);
      return ((await next()) as CheckCpuTurn).ms;
    },
    async stop() {
      child.stdin!.end();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
