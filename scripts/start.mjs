// `npm start`: builds the web app and the server bundle when missing or older than their
// sources, then runs the bundled server on plain node in the foreground. Signals are passed on so that Ctrl-C and SIGTERM shut it down
// gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Runs `command` when `output` is missing or older than any of `sources`. */
function buildIfStale(what, output, sources, command) {
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built >= Math.max(...sources.map((s) => newest(join(root, s))))) return;
  console.error(`[start] building the ${what}…`);
  const build = spawnSync(command[0], command.slice(1), { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildIfStale(
  'web app',
  'web/dist/index.html',
  ['web/src', 'web/scripts', 'web/public', 'web/index.html', 'web/vite.config.ts', 'common/src'],
  ['npm', 'run', 'build'],
);
buildIfStale(
  'server',
  'server/dist/main.js',
  ['server/src', 'server/scripts/build.mjs', 'server/package.json', 'common/src'],
  [process.execPath, 'server/scripts/build.mjs'],
);

// The server's node flags (a smaller young generation: see docs/operations.md, "One node").
const nodeFlags = JSON.parse(readFileSync(join(root, 'server/node-flags.json'), 'utf8'));
// Arguments after `npm start --` (e.g. `--role smtp`) go to the server.
const args = process.argv.slice(2);
const server = spawn(process.execPath, [...nodeFlags, join(root, 'server/dist/main.js'), ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
