import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const build = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));

/**
 * The CLI and the packed package are tested as built: build `dist/` once before any test, so
 * they always run the current sources.
 */
export default function setup(): void {
  const built = spawnSync(process.execPath, [build], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building the client failed with status ${built.status}`);
}
