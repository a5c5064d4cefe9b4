import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep, track, trackDir } from './proc';

export interface BenchRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}

/**
 * A throw-away redis-server on a free port with its own data dir, configured as the tests'
 * (server/test/helpers/redis-server.ts): AOF on with fsync always, so an acknowledged write is
 * on disk, as SQLite's commit is.
 */
export async function startRedis(): Promise<BenchRedis> {
  const port = await freePort();
  const dir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-redis-')));
  const child = track(
    spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''].concat([
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ]),
      { stdio: 'ignore' },
    ),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; !(await answersPing(port)); i++) {
    if (i > 200) throw new Error('redis-server did not start');
    await sleep(25);
  }
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
