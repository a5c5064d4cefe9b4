// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server in the foreground. Signals are passed on so that Ctrl-C and SIGTERM shut it down
// gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'web/dist/index.html');

/** Newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = [
  'web/src',
  'web/scripts',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'common/src',
];
const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (built < Math.max(...sources.map((s) => newest(join(root, s))))) {
  console.error('[start] building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Arguments after `npm start --` (e.g. `--role smtp`) go to the server.
const args = process.argv.slice(2);
const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'server/src/main.ts'), ...args],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
