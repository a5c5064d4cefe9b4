import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = new URL('../../scripts/prepare-tests.mjs', import.meta.url).pathname;
const isRoot = process.getuid?.() === 0;

/** A folder that stands in for the whole PATH: only what a test puts there can be found. */
function emptyPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'et-prepare-'));
  folders.push(dir);
  return dir;
}
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function executable(path: string, body = 'exit 0') {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/**
 * An `apt-get` that writes down how it was called and, for `install`, puts an executable of each
 * requested package's programs in its own folder, as Debian's would on /usr/bin.
 */
function aptGetIn(dir: string) {
  const programs: Record<string, string[]> = {
    chromium: ['chromium'],
    'redis-server': ['redis-server', 'redis-cli'],
    'dnsmasq-base': ['dnsmasq'],
  };
  const installs = Object.entries(programs)
    .map(
      ([pkg, files]) =>
        `case " $* " in *" ${pkg} "*) ${files
          .map((f) => `printf '#!/bin/sh\\n' > "${dir}/${f}"; /bin/chmod 755 "${dir}/${f}"`)
          .join('; ')};; esac`,
    )
    .join('\n');
  executable(join(dir, 'apt-get'), `printf '%s\\n' "$*" >> "${dir}/apt.log"\n${installs}`);
  return () => (existsSync(join(dir, 'apt.log')) ? readFileSync(join(dir, 'apt.log'), 'utf8') : '');
}

/** Runs the script with only `env`, and no sbin folders beside PATH unless a test gives them. */
function prepare(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [SCRIPT], {
    env: { SBIN_PATH: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe('npm test preparation (scripts/prepare-tests.mjs)', () => {
  it('says nothing and installs nothing when Chromium, Redis and dnsmasq are there', () => {
    const dir = emptyPath();
    for (const name of ['chromium', 'redis-server', 'redis-cli', 'dnsmasq']) {
      executable(join(dir, name));
    }
    const aptLog = aptGetIn(dir);
    expect(prepare({ PATH: dir })).toEqual({ status: 0, stderr: '', stdout: '' });
    expect(aptLog()).toBe('');
  });

  it('stops at once with the one command to run when it cannot install', () => {
    const result = prepare({ PATH: emptyPath() });
    expect(result.status).toBe(1);
    const sudo = isRoot ? '' : 'sudo ';
    expect(result.stderr.trim().split('\n')).toEqual([
      `[prepare-tests] the tests need chromium, redis-server, dnsmasq-base; install with: ${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends chromium redis-server dnsmasq-base`,
    ]);
  });

  it('finds dnsmasq where Debian puts it, off the PATH', () => {
    const dir = emptyPath();
    const sbin = emptyPath();
    for (const name of ['chromium', 'redis-server', 'redis-cli']) executable(join(dir, name));
    executable(join(sbin, 'dnsmasq'));
    const aptLog = aptGetIn(dir);
    expect(prepare({ PATH: dir, SBIN_PATH: sbin })).toEqual({ status: 0, stderr: '', stdout: '' });
    expect(aptLog()).toBe('');
  });

  it('reports a CHROMIUM_PATH that points at nothing instead of installing over it', () => {
    const dir = emptyPath();
    for (const name of ['redis-server', 'redis-cli', 'dnsmasq']) executable(join(dir, name));
    const aptLog = aptGetIn(dir);
    const result = prepare({ PATH: dir, CHROMIUM_PATH: join(dir, 'no-such-chromium') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`CHROMIUM_PATH=${join(dir, 'no-such-chromium')} is not`);
    expect(aptLog()).toBe('');
  });

  it('installs what is missing with apt-get when it runs as root, saying so in one line', () => {
    const dir = emptyPath();
    executable(join(dir, 'chromium'));
    executable(join(dir, 'redis-server'));
    const aptLog = aptGetIn(dir);
    const result = prepare({ PATH: dir });
    if (isRoot) {
      expect(result).toMatchObject({ status: 0, stdout: '' });
      expect(result.stderr).toBe(
        '[prepare-tests] installing Debian packages for the tests: redis-server dnsmasq-base\n',
      );
      expect(aptLog()).toBe(
        'update -qq\ninstall -y -qq --no-install-recommends redis-server dnsmasq-base\n',
      );
      expect(existsSync(join(dir, 'redis-cli'))).toBe(true);
      expect(existsSync(join(dir, 'dnsmasq'))).toBe(true);
    } else {
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'sudo apt-get install -y --no-install-recommends redis-server dnsmasq-base',
      );
      expect(aptLog()).toBe('');
    }
  });

  it('fails with the command when apt-get leaves something missing', () => {
    const dir = emptyPath();
    executable(join(dir, 'apt-get'), 'exit 0');
    const result = prepare({ PATH: dir });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /chromium, redis-server, dnsmasq-base.*apt-get install -y --no-install-recommends chromium redis-server dnsmasq-base/,
    );
  });
});
