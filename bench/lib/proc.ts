import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

/** Clock ticks per second of /proc/PID/stat times (almost always 100). */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, every thread) a process has used so far, in ms, from
 * /proc/PID/stat. Worker threads count: they are threads of the same process.
 */
export function cpuMs(pid: number): number {
  const { user, sys } = cpuTimes(pid);
  return user + sys;
}

/** User and system CPU time of a process so far, in ms (system time includes fsync's work). */
export function cpuTimes(pid: number): { user: number; sys: number } {
  return statTimes(`/proc/${pid}/stat`);
}

/**
 * CPU time (user + system) of a process's main thread alone so far, in ms: its task whose id is
 * the process id (`/proc/PID/task/PID/stat`). Worker threads, V8's helpers and libuv's pool are
 * tasks of their own.
 */
export function mainThreadCpuMs(pid: number): number {
  const { user, sys } = statTimes(`/proc/${pid}/task/${pid}/stat`);
  return user + sys;
}

function statTimes(path: string): { user: number; sys: number } {
  const stat = readFileSync(path, 'utf8');
  // The command name may hold spaces and parentheses; the fields after the last ')' do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Counted from the state field (3rd of stat): utime is the 14th, stime the 15th of stat.
  return {
    user: (Number(fields[11]) * 1000) / CLK_TCK,
    sys: (Number(fields[12]) * 1000) / CLK_TCK,
  };
}

/** Resident set size of a process in MB (VmRSS of /proc/PID/status). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Whether `command` is on the PATH (or an absolute path that exists). */
export function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** A free TCP port on 127.0.0.1 (bound and released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The p-th percentile (0..100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

const tracked = new Set<ChildProcess>();
const dirs = new Set<string>();

/** Registers a throw-away folder to be removed if the bench ends early. */
export function trackDir(dir: string): string {
  dirs.add(dir);
  return dir;
}

/**
 * Registers a child process to be killed if the bench itself ends early (Ctrl-C, a crash, a
 * closed pipe), so that no server, sink or baseline outlives it.
 */
export function track(child: ChildProcess): ChildProcess {
  tracked.add(child);
  child.once('exit', () => tracked.delete(child));
  return child;
}

/** Kills every tracked child still running and removes the folders; for an 'exit' handler. */
export function killTracked(): void {
  for (const child of tracked) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
