import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { track } from './proc';

/** A bench script in a process of its own, told on stdin how much to do, turn by turn. */
export interface CpuChild<Ready, Turn> {
  /** What it printed once ready (after its warm-up). */
  ready: Ready;
  /** Has it do `n` more and resolves what it printed about them. */
  turn(n: number): Promise<Turn>;
  stop(): Promise<void>;
}

/**
 * Runs `script` (TypeScript, through tsx) with `args`: it prints one JSON line when ready, then
 * one for each number read on stdin. A process of its own gives each measured path its own JIT
 * and heap, and its own CPU figure, as a server has.
 */
export async function startCpuChild<Ready, Turn>(
  script: string,
  args: string[],
): Promise<CpuChild<Ready, Turn>> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await Promise.race([lines.next(), exited.then(() => null)]);
    if (!line || line.done) throw new Error(`${script} exited`);
    return JSON.parse(line.value) as unknown;
  };
  const stop = async () => {
    child.stdin!.end();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const ready = (await next()) as Ready;
    return {
      ready,
      async turn(n) {
        child.stdin!.write(`${n}\n`);
        return (await next()) as Turn;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
