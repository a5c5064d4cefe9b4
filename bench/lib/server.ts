import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import nodeFlags from '../../server/node-flags.json';
import { track, trackDir } from './proc';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let bundle: string | null = null;

/**
 * The server as `npm start` runs it: bundled by server/scripts/build.mjs and run on plain node.
 * Built once per bench run, from the sources as they are, into a throw-away folder.
 */
function serverBundle(): string {
  if (bundle) return bundle;
  // Inside the checkout, so that node finds the dependencies in its node_modules.
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = trackDir(mkdtempSync(join(cache, 'et-bench-server-')));
  const built = spawnSync(process.execPath, [join(ROOT, 'server/scripts/build.mjs'), outdir], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed');
  bundle = join(outdir, 'main.js');
  return bundle;
}

/** The bench's mail domain: every address the bench makes is on it. */
export const BENCH_DOMAIN = 'bench.test';

/**
 * Settings for every bench server. Limits are raised so the load is measured, not refused;
 * the early-talker pause (an anti-spam measure, see the README) is off so that it does not add
 * 100 ms to every connection.
 */
export const BENCH_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  PORT: '0',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '0',
  MAIL_DOMAINS: BENCH_DOMAIN,
  LOG_LEVEL: 'info',
  SMTP_GREETING_DELAY_MS: '0',
  SMTP_MAX_CONNECTIONS: '5000',
  SMTP_MAX_CONNECTIONS_PER_IP: '5000',
  SMTP_MAX_MESSAGES_PER_CONNECTION: '100000',
  MAILBOX_MAX_MESSAGES: '100000',
  MAILBOX_MAX_BYTES: String(10 * 1024 ** 3),
  MAILBOX_TTL_SECONDS: '86400',
  MAILBOX_MAX_LIFETIME_SECONDS: '86400',
  RATE_LIMIT_CREATE_MAX: '1000000',
  MAX_STREAMS_PER_MAILBOX: '1000',
  // Every bench client is 127.0.0.1: the per-client caps would refuse the load itself.
  MAX_STREAMS_PER_IP: '1000000',
  HTTP_MAX_CONNECTIONS_PER_IP: '1000000',
  SENDER_MAX_BYTES_PER_HOUR: String(1024 ** 4),
  CREATOR_MAX_BYTES_PER_HOUR: String(1024 ** 4),
  // Metrics on (a free port, never scraped) unless the bench is run with METRICS_PORT= to
  // compare without them (bench/README, "Metrics").
  METRICS_PORT: process.env.METRICS_PORT ?? '0',
};

export interface BenchServer {
  httpUrl: string;
  smtpPort: number;
  pid: number;
  dataDir: string;
  /** SIGTERM, wait for the exit, remove the data dir. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (bundled, on plain node with `server/node-flags.json`, as `npm start`
 * runs it) on free ports with a throw-away data dir; resolves once it logged `ready`.
 * `BENCH_NODE_OPTIONS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is added to its node's
 * flags, for profiling.
 */
export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-')));
  const nodeArgs = (process.env.BENCH_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const child = track(
    spawn(process.execPath, [...nodeFlags, ...nodeArgs, serverBundle()], {
      env: {
        ...process.env,
        ...BENCH_ENV,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(ROOT, 'web/dist'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ httpUrl: string; smtpPort: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready\n${stderr}`)), 30_000);
    // Keeps reading stdout for the whole life of the server, so its log never blocks.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes('"ready"')) return;
      try {
        const entry = JSON.parse(line) as { msg?: string; httpUrl?: string; smtpPort?: number };
        if (entry.msg !== 'ready') return;
        clearTimeout(timer);
        resolve({ httpUrl: entry.httpUrl ?? '', smtpPort: entry.smtpPort ?? 0 });
      } catch {
        // not JSON
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before it was ready\n${stderr}`));
    });
  });
  return {
    ...ready,
    pid: child.pid!,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
