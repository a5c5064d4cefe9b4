import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisServerArgs, waitForRedis } from '../../server/test/helpers/redis-server';
import { freePort, track, trackDir } from './proc';

export interface BenchRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * A throw-away redis-server on a free port with its own data dir, on the tests' command line
 * (`redisServerArgs`): AOF on with fsync always, so an acknowledged write is on disk, as
 * SQLite's commit is. `{ aof: false }` keeps nothing on disk: only to show what the AOF costs.
 */
export async function startRedis({ aof = true } = {}): Promise<BenchRedis> {
  const port = await freePort();
  const dir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-redis-')));
  // The last of an option given twice is the one redis-server takes.
  const args = [
    ...redisServerArgs(port, dir, 'standalone'),
    ...(aof ? [] : ['--appendonly', 'no']),
  ];
  const child = track(spawn('redis-server', args, { stdio: 'ignore' }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForRedis(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One section of `INFO` from the redis-server at `url`, as redis-cli prints it. */
export function redisInfo(url: string, section: string): string {
  return execFileSync('redis-cli', ['-u', url, 'INFO', section], { encoding: 'utf8' });
}
