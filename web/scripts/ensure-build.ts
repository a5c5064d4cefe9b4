/**
 * Builds the web app (`npm run build`: client, prerendered pages, sitemap) unless `web/dist` is
 * newer than every source it is made from. For tests that read the built output.
 */
/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WEB_DIR = join(REPO_DIR, 'web');
export const DIST_DIR = join(WEB_DIR, 'dist');

/** Written last by the prerenderer: its presence and age say whether the build is complete. */
const BUILD_STAMP = join(DIST_DIR, 'robots.txt');

/** Everything the build reads: a change to any of these makes `dist` stale. */
const SOURCES = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'scripts'),
  join(WEB_DIR, 'public'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'vite.config.ts'),
  join(WEB_DIR, 'package.json'),
  join(REPO_DIR, 'common', 'src'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** True when `web/dist` is missing, incomplete or older than a source. */
export function webBuildIsStale(): boolean {
  if (!existsSync(BUILD_STAMP)) return true;
  const built = statSync(BUILD_STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/**
 * The environment for a build started from a test runner: without the runner's `NODE_ENV=test`,
 * which would make Vite bundle React's development build instead of the one that is deployed.
 */
export function productionEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

/** Runs `npm run build` when the build is stale; throws when the build fails. */
export function ensureWebBuild(): void {
  if (!webBuildIsStale()) return;
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: REPO_DIR,
    stdio: 'inherit',
    env: productionEnv(),
  });
  if (build.status !== 0) throw new Error(`web build failed with status ${build.status}`);
}
