import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import nodeFlags from '../../server/node-flags.json';
import { track, trackDir } from './proc';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A build of the server the bench can start: its bundle, the node flags `npm start` gives it and
 * the web app it serves. Ours is built from the sources as they are; another checkout's bundle
 * (`BENCH_BEFORE`) is measured beside it as a named baseline, started the same way.
 */
export interface ServerBuild {
  /** How the figures name it: `ours`, or `before (<commit>)`. */
  name: string;
  bundle(): string;
  nodeFlags: string[];
  webDist: string;
}

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

/** This checkout's server. */
export const OURS: ServerBuild = {
  name: 'ours',
  bundle: serverBundle,
  nodeFlags,
  webDist: join(ROOT, 'web/dist'),
};

/**
 * The build named by `BENCH_BEFORE` (a checkout of an earlier commit, `npm ci` done and
 * `server/dist` built there, e.g. a git worktree), or null when it is not set. Its bundle runs on
 * the same node with its own node flags and its own dependencies, as its `npm start` ran it.
 */
export function beforeBuild(): ServerBuild | null {
  const dir = process.env.BENCH_BEFORE;
  if (!dir) return null;
  const main = join(dir, 'server/dist/main.js');
  if (!existsSync(main)) {
    throw new Error(
      `BENCH_BEFORE=${dir}: no server/dist/main.js there (run npm ci and node server/scripts/build.mjs in it)`,
    );
  }
  let commit = '?';
  try {
    commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    // not a git checkout: named by its folder alone
  }
  return {
    name: `before (${commit})`,
    bundle: () => main,
    nodeFlags: JSON.parse(readFileSync(join(dir, 'server/node-flags.json'), 'utf8')) as string[],
    webDist: join(dir, 'web/dist'),
  };
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
  // The view phase opens the same messages thousands of times a minute with one token.
  VIEW_RATE_LIMIT_PER_MINUTE: '1000000',
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
  /** The metrics listener (`.../metrics`), null when the server runs without one. */
  metricsUrl: string | null;
  /** The build it runs (`OURS` unless another was asked for). */
  build: ServerBuild;
  /** SIGTERM, wait for the exit, remove the data dir. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (bundled, on plain node with `server/node-flags.json`, as `npm start`
 * runs it) on free ports with a throw-away data dir; resolves once it logged `ready`.
 * `BENCH_NODE_OPTIONS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is added to its node's
 * flags, for profiling; `nodeArgs` too. `build` starts another build (`beforeBuild()`) with the
 * same settings; the ones it does not know it ignores.
 */
export async function startServer(
  env: Record<string, string> = {},
  { build = OURS, nodeArgs = [] }: { build?: ServerBuild; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const dataDir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-')));
  const profiling = (process.env.BENCH_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const child = track(
    spawn(process.execPath, [...build.nodeFlags, ...profiling, ...nodeArgs, build.bundle()], {
      env: {
        ...process.env,
        ...BENCH_ENV,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: build.webDist,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{
    httpUrl: string;
    smtpPort: number;
    metricsUrl: string | null;
  }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready\n${stderr}`)), 30_000);
    // Keeps reading stdout for the whole life of the server, so its log never blocks.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes('"ready"')) return;
      try {
        const entry = JSON.parse(line) as {
          msg?: string;
          httpUrl?: string;
          smtpPort?: number;
          metricsUrl?: string | null;
        };
        if (entry.msg !== 'ready') return;
        clearTimeout(timer);
        resolve({
          httpUrl: entry.httpUrl ?? '',
          smtpPort: entry.smtpPort ?? 0,
          metricsUrl: entry.metricsUrl ?? null,
        });
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
    build,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
