import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on 127.0.0.1 (bound and released; good enough for a test). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
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

/** Resolves once the redis-server on `port` answers PING; throws after about 5 s. */
export async function waitForRedis(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await answersPing(port)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server on port ${port} did not start`);
}

/**
 * The command line of a throw-away redis-server on 127.0.0.1, its files in `dir`, no RDB
 * snapshots. A standalone server keeps an AOF with fsync always, so a restart keeps every
 * acknowledged write, as SQLite's commit does; the tests and the bench both run it so. A
 * cluster node keeps nothing: its cluster lives as long as the test.
 */
export function redisServerArgs(port: number, dir: string, role: 'standalone' | 'cluster-node') {
  const base = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  if (role === 'standalone') return [...base, '--appendonly', 'yes', '--appendfsync', 'always'];
  return [
    ...base,
    '--appendonly',
    'no',
    '--cluster-enabled',
    'yes',
    '--cluster-config-file',
    `nodes-${port}.conf`,
  ];
}

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for it. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data dir. */
  restart(): Promise<void>;
  /** Stops it hard (SIGKILL). */
  kill(): Promise<void>;
}

/**
 * A throw-away `redis-server` on a free port with its own data dir (AOF on, fsync always, so a
 * restart keeps every acknowledged write). There is no skipping: without redis-server the
 * Redis tests fail, so CI cannot pass while silently not testing the Redis store.
 */
export async function startRedis(): Promise<TestRedis> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      'redis-server is not installed: run npm test, which installs it (scripts/prepare-tests.mjs)',
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'et-redis-'));
  let child: ChildProcess | null = null;

  async function launch() {
    child = spawn('redis-server', redisServerArgs(port, dir, 'standalone'), { stdio: 'ignore' });
    await waitForRedis(port);
  }

  async function end(signal: NodeJS.Signals) {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
    child = null;
  }

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await end('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await end('SIGTERM');
      await launch();
    },
    async kill() {
      await end('SIGKILL');
    },
  };
}

export interface TestCluster {
  /** `redis-cluster://127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3` */
  url: string;
  stop(): Promise<void>;
}

/** A throw-away three-master Redis Cluster on free ports (no replicas), ready when resolved. */
export async function startRedisCluster(): Promise<TestCluster> {
  if (spawnSync('redis-cli', ['--version']).error) {
    throw new Error('redis-cli is not installed (it comes with redis-server)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'et-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const children = ports.map((port) =>
    spawn('redis-server', redisServerArgs(port, dir, 'cluster-node'), { stdio: 'ignore' }),
  );
  const stop = async () => {
    await Promise.all(
      children.map((c) =>
        c.exitCode !== null ? null : new Promise((r) => (c.once('exit', r), c.kill('SIGTERM'))),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(ports.map(waitForRedis));
    const create = spawnSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { encoding: 'utf8' },
    );
    if (create.status !== 0)
      throw new Error(`cluster create failed: ${create.stdout}${create.stderr}`);
    for (let i = 0; i < 200; i++) {
      const states = ports.map(
        (p) =>
          spawnSync('redis-cli', ['-p', String(p), 'cluster', 'info'], { encoding: 'utf8' }).stdout,
      );
      if (states.every((s) => s.includes('cluster_state:ok'))) {
        return { url: `redis-cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`, stop };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('cluster did not reach cluster_state:ok');
  } catch (err) {
    await stop();
    throw err;
  }
}
