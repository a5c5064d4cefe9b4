import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { track } from './proc';
import { redisInfo } from './redis';

const SCRIPT = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

export interface Baseline {
  httpUrl: string;
  tcpPort: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bare node:http baseline (baseline-server.ts) in its own process. */
export async function startBaseline(bodyFile?: string): Promise<Baseline> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...(bodyFile ? [bodyFile] : [])], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = await new Promise<{ http: number; tcp: number }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    void exited.then(() => reject(new Error('baseline server exited')));
  });
  return {
    httpUrl: `http://127.0.0.1:${ports.http}`,
    tcpPort: ports.tcp,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const FLOOR = fileURLToPath(new URL('./fastify-floor.ts', import.meta.url));

/** Starts the fastify floor (fastify-floor.ts) answering `body` with `headers`. */
export async function startFastifyFloor(bodyFile: string, headersFile: string) {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', FLOOR, bodyFile, headersFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { http } = await new Promise<{ http: number }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    void exited.then(() => reject(new Error('fastify floor exited')));
  });
  return {
    httpUrl: `http://127.0.0.1:${http}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const FILL = fileURLToPath(new URL('./fill.ts', import.meta.url));

/**
 * Waits while the redis-server at `url` rewrites its AOF (or has a rewrite scheduled), which a
 * fill of many messages sets off: the rewrite runs in a forked child that takes one of the
 * machine's two cores for seconds, which would weigh on whatever is measured next. Resolves the
 * seconds waited; gives up after two minutes.
 */
export async function rewriteSettled(url: string): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < 1200; i++) {
    if (!/^aof_rewrite_(?:in_progress|scheduled):1/m.test(redisInfo(url, 'persistence'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return (performance.now() - start) / 1000;
}

/**
 * Runs fill.ts in its own process and resolves what it stored, and for Redis how long its AOF
 * rewrite took to settle afterwards (`rewriteSettled`).
 */
export async function fillStore(
  target: { sqlite: string } | { redis: string },
  messages: number,
): Promise<{ stored: number; seconds: number; settleSeconds?: number }> {
  const where = 'sqlite' in target ? ['--sqlite', target.sqlite] : ['--redis', target.redis];
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', FILL, ...where, '--messages', String(messages)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`fill.ts exited ${code}`);
  const filled = JSON.parse(out.trim().split('\n').at(-1)!) as { stored: number; seconds: number };
  if (!('redis' in target)) return filled;
  return { ...filled, settleSeconds: await rewriteSettled(target.redis) };
}
