import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The server serves `web/dist`: build it once before any browser test, so the tests always run
 * against the current sources (a stale build would test yesterday's page).
 */
export default function setup(): void {
  // Without the runner's NODE_ENV=test, which would bundle React's development build.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) throw new Error(`web build failed with status ${build.status}`);
}
