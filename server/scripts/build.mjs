// Bundles the server for `npm start`: our TypeScript (server and common) compiled into
// server/dist/main.js, server/dist/writer-worker.js and server/dist/reading-worker.js, every npm dependency left to node's
// own resolution. Running the bundle on plain node costs a fraction of the memory and start-up
// of compiling TypeScript on the fly (tsx), which the tests keep using.
//
// `node server/scripts/build.mjs [outdir]`, or import { buildServer }.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Bundles main.ts, the SQLite writer thread and the reading thread into `outdir` (default server/dist). */
export async function buildServer(outdir = join(serverDir, 'dist')) {
  const { dependencies } = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
  // Chunk names carry a hash: old ones would pile up.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: join(serverDir, 'src/main.ts'),
      'writer-worker': join(serverDir, 'src/store/sqlite/writer-worker.ts'),
      'reading-worker': join(serverDir, 'src/ingest/reading/reading-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The workspace package @et/common is TypeScript source: compiled in. The rest is loaded
    // from node_modules at run time (native better-sqlite3 among them).
    external: Object.keys(dependencies).filter((name) => name !== '@et/common'),
    // Modules only some nodes load (the Redis backend) stay in chunks of their own.
    splitting: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(process.argv[2]);
}
