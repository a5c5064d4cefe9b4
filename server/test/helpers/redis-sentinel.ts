import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server';

/** The master name the sentinels of a test set monitor. */
export const MASTER_NAME = 'et-primary';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One `redis-cli` command against a local port; its output, trimmed ('' when it fails). */
export function redisCli(port: number, ...args: string[]): string {
  const run = spawnSync('redis-cli', ['-p', String(port), ...args], {
    encoding: 'utf8',
    timeout: 5000,
  });
  return run.status === 0 ? run.stdout.trim() : '';
}

async function until(what: string, ok: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (ok()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface DataNode {
  port: number;
  /** SIGKILL: the process dies as in a crash, with no chance to hand anything over. */
  kill(): Promise<void>;
  /** Starts it again on its port and data dir, as a supervisor would after a crash. */
  restart(): Promise<void>;
}

export interface SentinelSet {
  /** `redis-sentinel://127.0.0.1:s1,127.0.0.1:s2,127.0.0.1:s3/et-primary` */
  url: string;
  nodes: DataNode[];
  /** The port of the data node the sentinels name as primary now. */
  primaryPort(): number;
  stop(): Promise<void>;
}

/**
 * A primary, `replicas` replicas and three sentinels (quorum 2), each a real process on a free
 * port with its own files, resolved once the sentinels know every replica and each other, so
 * that a failover can start at once. Sentinels call a primary down after 1 s of silence.
 */
export async function startSentinelSet(replicas: number): Promise<SentinelSet> {
  const dir = mkdtempSync(join(tmpdir(), 'et-sentinel-'));
  const children = new Set<ChildProcess>();
  const run = (args: string[]) => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };

  const startData = async (port: number, primary?: number) => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--dbfilename',
      `dump-${port}.rdb`,
      '--appendonly',
      'yes',
      '--appendfilename',
      `aof-${port}`,
      '--appendfsync',
      'always',
      '--save',
      '',
    ];
    if (primary !== undefined) args.push('--replicaof', '127.0.0.1', String(primary));
    const child = run(args);
    await until(`redis-server on ${port}`, () => redisCli(port, 'PING') === 'PONG');
    return child;
  };

  const stop = async () => {
    await Promise.all(
      [...children].map((c) => new Promise((r) => (c.once('exit', r), c.kill('SIGKILL')))),
    );
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const ports = await Promise.all(Array.from({ length: replicas + 1 }, () => freePort()));
    const [primary, ...replicaPorts] = ports as [number, ...number[]];
    const processes = new Map<number, ChildProcess>();
    processes.set(primary, await startData(primary));
    for (const port of replicaPorts) processes.set(port, await startData(port, primary));
    for (const port of replicaPorts) {
      await until('replication link', () =>
        redisCli(port, 'INFO', 'replication').includes('master_link_status:up'),
      );
    }

    const sentinelPorts = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of sentinelPorts) {
      const conf = join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${primary} 2`,
          `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
          `sentinel failover-timeout ${MASTER_NAME} 5000`,
          `sentinel parallel-syncs ${MASTER_NAME} 2`,
          '',
        ].join('\n'),
      );
      run([conf, '--sentinel']);
    }
    const count = (port: number, what: string) =>
      (redisCli(port, 'SENTINEL', what, MASTER_NAME).match(/^name$/gm) ?? []).length;
    for (const port of sentinelPorts) {
      await until(
        'sentinels to know each other and every replica',
        () => count(port, 'sentinels') === 2 && count(port, 'replicas') === replicas,
      );
    }

    const node = (port: number): DataNode => ({
      port,
      async kill() {
        const child = processes.get(port);
        if (!child || child.exitCode !== null) return;
        await new Promise((r) => (child.once('exit', r), child.kill('SIGKILL')));
      },
      async restart() {
        // As it was configured at first; the sentinels turn a former primary into a replica.
        const primaryNow = this === nodes[0] ? undefined : primary;
        processes.set(port, await startData(port, primaryNow));
      },
    });
    const nodes: DataNode[] = ports.map(node);
    return {
      url: `redis-sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/${MASTER_NAME}`,
      nodes,
      primaryPort() {
        const [, port] = redisCli(
          sentinelPorts[0]!,
          'SENTINEL',
          'get-master-addr-by-name',
          MASTER_NAME,
        ).split('\n');
        return Number(port);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
