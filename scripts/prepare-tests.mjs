// `npm test` runs this before the first test: the suite drives real programs that npm does not
// install (Debian's Chromium for the browser tests, redis-server and redis-cli for the shared
// store, dnsmasq as the DNS server of the SPF, DKIM and DMARC tests). Whatever is missing is installed from Debian's packages when this runs as root with
// apt-get; otherwise it stops at once with the one command that installs it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first executable file called `name` on `PATH`, or null. */
function onPath(name, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here: the next folder of PATH
    }
  }
  return null;
}

/**
 * The Chromium the browser tests launch: `CHROMIUM_PATH` when set (and then only that file, so a
 * wrong setting is reported instead of silently replaced), else `chromium` on PATH.
 */
function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    try {
      accessSync(env.CHROMIUM_PATH, constants.X_OK);
      return env.CHROMIUM_PATH;
    } catch {
      return null;
    }
  }
  return onPath('chromium', env);
}

/**
 * dnsmasq on PATH, or in the folders Debian puts daemons in, which a user's PATH often lacks
 * (`SBIN_PATH`, default `/usr/sbin:/sbin`; the tests of this script set it empty).
 */
function findDnsmasq(env = process.env) {
  const sbin = env.SBIN_PATH ?? '/usr/sbin:/sbin';
  return onPath('dnsmasq', env) ?? onPath('dnsmasq', { PATH: sbin });
}

/** What the tests need beyond npm packages, and the Debian package that brings each. */
const REQUIREMENTS = [
  { name: 'Chromium', pkg: 'chromium', find: findChromium },
  { name: 'redis-server', pkg: 'redis-server', find: (env) => onPath('redis-server', env) },
  // redis-cli builds the test Cluster; Debian ships it in redis-tools, which redis-server pulls in.
  { name: 'redis-cli', pkg: 'redis-server', find: (env) => onPath('redis-cli', env) },
  { name: 'dnsmasq', pkg: 'dnsmasq-base', find: findDnsmasq },
];

/** Debian packages for whatever `REQUIREMENTS` cannot find, each once. */
function missingPackages(env = process.env) {
  return [...new Set(REQUIREMENTS.filter((r) => !r.find(env)).map((r) => r.pkg))];
}

function run(command, args, env) {
  const result = spawnSync(command, args, {
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
  });
  if (result.status === 0) return true;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-10);
  console.error(`[prepare-tests] ${command} ${args.join(' ')} failed:\n${output.join('\n')}`);
  return false;
}

/**
 * Finds or installs what the tests need. Returns the process exit code: 0 when everything is
 * there (or was just installed), 1 with the command to run when it cannot install.
 */
function prepare(env = process.env, isRoot = process.getuid?.() === 0) {
  const packages = missingPackages(env);
  if (packages.length === 0) return 0;
  if (env.CHROMIUM_PATH && !findChromium(env)) {
    console.error(
      `[prepare-tests] CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file: ` +
        'point it at a Chromium binary, or unset it to use the chromium on PATH',
    );
    return 1;
  }
  const sudo = isRoot ? '' : 'sudo ';
  const command = `${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const aptGet = onPath('apt-get', env);
  if (!isRoot || !aptGet) {
    console.error(
      `[prepare-tests] the tests need ${packages.join(', ')}; install with: ${command}`,
    );
    return 1;
  }
  console.error(`[prepare-tests] installing Debian packages for the tests: ${packages.join(' ')}`);
  const installed =
    run(aptGet, ['update', '-qq'], env) &&
    run(aptGet, ['install', '-y', '-qq', '--no-install-recommends', ...packages], env);
  const still = missingPackages(env);
  if (!installed || still.length > 0) {
    console.error(`[prepare-tests] still missing: ${still.join(', ')}; install with: ${command}`);
    return 1;
  }
  // The package starts a daemon on 6379 where it can; the tests start their own servers on free
  // ports and never use it.
  if (packages.includes('redis-server')) {
    spawnSync('service', ['redis-server', 'stop'], { env, stdio: 'ignore' });
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(prepare());
