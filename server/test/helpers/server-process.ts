import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let bundle: string | null = null;

/**
 * The server as `npm start` runs it: bundled by server/scripts/build.mjs from the sources as
 * they are, run on plain node. Built once per test worker into a throw-away folder.
 */
export function serverBundle(): string {
  if (bundle) return bundle;
  // Inside the checkout, so that node finds the dependencies in its node_modules.
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'et-server-bundle-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  const built = spawnSync(process.execPath, [join(ROOT, 'server/scripts/build.mjs'), outdir], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the server failed\n${built.stderr}`);
  bundle = join(outdir, 'main.js');
  return bundle;
}

export interface ServerProcess {
  /** Empty when the node runs no HTTP (`--role smtp`). */
  httpUrl: string;
  /** 0 when the node runs no SMTP (`--role http`). */
  smtpPort: number;
  /** The metrics listener's URL; empty when `METRICS_PORT` is set empty. */
  metricsUrl: string;
  dataDir: string;
  pid: number;
  child: ChildProcess;
  /** Every log line printed so far (JSON strings). */
  logs: string[];
  /** Resolves the exit code once the process ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM, wait for exit; removes the data dir unless it was given. */
  stop(): Promise<number | null>;
  /** SIGKILL, wait for exit; keeps the data dir. */
  kill(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data dir (e.g. after a kill); by default a fresh temp dir is made. */
  dataDir?: string;
  /** Milliseconds to wait for the `ready` log line. */
  timeoutMs?: number;
  /** Extra command-line arguments, e.g. ['--role', 'smtp']. */
  args?: string[];
}

/**
 * Spawns the real server (the bundle `npm start` runs) on free ports with its own data dir,
 * and resolves once it logged `ready` with its addresses. Stop it with `stop()` or `kill()`.
 */
export async function startServerProcess(opts: StartOptions = {}): Promise<ServerProcess> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'et-server-'));
  const child = spawn(process.execPath, [serverBundle(), ...(opts.args ?? [])], {
    env: {
      ...process.env,
      WEB_DIST_DIR: join(ROOT, 'web/dist'),
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // A free port: several servers run at once, and 9464 may be taken on this machine.
      METRICS_PORT: '0',
      // As the harness: the sender checks only against the DNS server a test gives, so that no
      // test asks the machine's resolver (the node keeps no answers of its own).
      SENDER_CHECKS: opts.env?.DNS_SERVERS ? 'on' : 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const ready = await new Promise<{ httpUrl: string; smtpPort: number; metricsUrl: string }>(
    (resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not get ready in time\n${stderr}`)),
        opts.timeoutMs ?? 20_000,
      );
      createInterface({ input: child.stdout! }).on('line', (line) => {
        logs.push(line);
        try {
          const entry = JSON.parse(line) as {
            msg?: string;
            httpUrl?: string | null;
            smtpPort?: number | null;
            metricsUrl?: string | null;
          };
          if (entry.msg === 'ready') {
            clearTimeout(timer);
            resolve({
              httpUrl: entry.httpUrl ?? '',
              smtpPort: entry.smtpPort ?? 0,
              metricsUrl: entry.metricsUrl ?? '',
            });
          }
        } catch {
          // not a JSON line
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code} before it was ready\n${stderr}`));
      });
    },
  );

  const cleanup = () => {
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    ...ready,
    dataDir,
    pid: child.pid!,
    child,
    logs,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      cleanup();
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
