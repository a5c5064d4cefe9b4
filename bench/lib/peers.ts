import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, track, trackDir } from './proc';
import { BENCH_DOMAIN } from './server';
import { waitForBanner } from './smtp';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Other Node mail servers measured beside ours, at the versions the figures name. They are not
 * dependencies of the project: `npm run bench -- price` installs them into a cache folder of its
 * own the first time, with the npm that runs the bench.
 */
export const PEERS = {
  haraka: { pkg: 'Haraka', version: '3.3.4' },
  maildev: { pkg: 'maildev', version: '3.0.0' },
};

/** Where the peers are installed: a folder of its own, outside the workspaces. */
const CACHE = join(ROOT, 'node_modules/.cache/bench-peers');

const installed = (pkg: string, version: string) => {
  const manifest = join(CACHE, 'node_modules', pkg, 'package.json');
  return (
    existsSync(manifest) &&
    (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === version
  );
};

/**
 * Installs the peers into CACHE unless the versions named are there. Install scripts are not
 * run: neither needs one (Haraka's optional syslog binding is not used here).
 */
export function installPeers(): void {
  if (Object.values(PEERS).every((p) => installed(p.pkg, p.version))) return;
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, 'package.json'), '{ "private": true }\n');
  process.stdout.write(
    `installing ${Object.values(PEERS)
      .map((p) => `${p.pkg}@${p.version}`)
      .join(' ')} into ${CACHE}\n`,
  );
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      ...Object.values(PEERS).map((p) => `${p.pkg}@${p.version}`),
    ],
    { cwd: CACHE, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (npm.status !== 0) throw new Error(`npm install of the peers failed (${npm.status})`);
}

/** A peer mail server running on a free port on 127.0.0.1. */
export interface PeerServer {
  /** As the figures name it, with its version. */
  name: string;
  smtpPort: number;
  pid: number;
  stop(): Promise<void>;
}

async function startPeer(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  dir: string,
): Promise<PeerServer> {
  const child = track(
    spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForBanner(port, 30_000),
      exited.then(() => Promise.reject(new Error(`${name} exited before it was ready\n${stderr}`))),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    name,
    smtpPort: port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Haraka as one process (`nodes=0`, no cluster), accepting mail for the bench domain
 * (`rcpt_to.in_host_list`) and discarding it once received (`queue/discard`, turned on by its
 * `YES_REALLY_DO_DISCARD`): no sender check, no DNS, logging at `notice`, so it does the least a
 * Haraka that takes mail can do.
 */
export async function startHaraka(): Promise<PeerServer> {
  const dir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-haraka-')));
  const port = await freePort();
  const config = join(dir, 'config');
  mkdirSync(config);
  const home = join(CACHE, 'node_modules/Haraka');
  // What `haraka -i` would copy: Haraka reads its replies' texts from connection.ini.
  copyFileSync(join(home, 'config/connection.ini'), join(config, 'connection.ini'));
  const files: Record<string, string> = {
    'smtp.ini': `listen=127.0.0.1:${port}\nnodes=0\n`,
    plugins: 'rcpt_to.in_host_list\nqueue/discard\n',
    host_list: `${BENCH_DOMAIN}\n`,
    'log.ini': '[main]\nlevel=notice\n',
    me: 'haraka.bench.test\n',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(config, file), text);
  const bin = join(home, 'bin/haraka');
  return startPeer(
    `Haraka ${PEERS.haraka.version}`,
    [bin, '-c', dir],
    { YES_REALLY_DO_DISCARD: '1' },
    port,
    dir,
  );
}

/**
 * MailDev keeping every message in a folder of its own (`--mail-directory`), its web interface
 * on another free port, silent.
 */
export async function startMailDev(): Promise<PeerServer> {
  const dir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-maildev-')));
  const [port, web] = [await freePort(), await freePort()];
  const bin = join(CACHE, 'node_modules/maildev/dist/bin/maildev.js');
  return startPeer(
    `MailDev ${PEERS.maildev.version}`,
    [
      bin,
      '--smtp',
      String(port),
      '--ip',
      '127.0.0.1',
      '--web',
      String(web),
      '--web-ip',
      '127.0.0.1',
      '--mail-directory',
      join(dir, 'mail'),
      '--silent',
    ],
    {},
    port,
    dir,
  );
}

const SMTP_FLOOR = fileURLToPath(new URL('./smtp-floor.ts', import.meta.url));
const PIPELINE_FLOOR = fileURLToPath(new URL('./pipeline-floor.ts', import.meta.url));

/** The version of one of our dependencies, as installed. */
const versionOf = (pkg: string) =>
  (
    JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** The floor of our SMTP library (smtp-floor.ts), named by the smtp-server version installed. */
export async function startSmtpFloor(): Promise<PeerServer> {
  const dir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-smtp-floor-')));
  const port = await freePort();
  return startPeer(
    `smtp-server ${versionOf('smtp-server')} alone, discarding`,
    ['--import', 'tsx', SMTP_FLOOR, String(port), BENCH_DOMAIN],
    {},
    port,
    dir,
  );
}

/**
 * The floor of our design (pipeline-floor.ts): the three libraries, a reading thread and a
 * writer thread, and nothing of ours. Its SQLite file lives in its folder, removed at stop.
 */
export async function startPipelineFloor(): Promise<PeerServer> {
  const dir = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-pipeline-floor-')));
  const port = await freePort();
  const versions = ['smtp-server', 'mailparser', 'better-sqlite3']
    .map((pkg) => `${pkg} ${versionOf(pkg)}`)
    .join(' + ');
  return startPeer(
    `${versions}, bare`,
    ['--import', 'tsx', PIPELINE_FLOOR, String(port), BENCH_DOMAIN, dir],
    {},
    port,
    dir,
  );
}
