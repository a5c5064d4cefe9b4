// Builds the package into dist/: the code bundled by esbuild (the API's constants of common/
// included, nothing imported at run time), and the type definitions emitted by tsc, the wire
// shapes of common/ copied beside them as common.d.ts. `npm pack` runs it (prepack).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const types = join(dist, '.types');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts', 'src/playwright.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  // The core runs in browsers as in Node; only the CLI imports Node's modules.
  platform: 'neutral',
  external: ['node:*'],
  target: 'es2022',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});

// The declarations of our own files, each importing the wire shapes from the copy beside it,
// and every relative import with the extension ESM resolution (NodeNext) asks for.
const own = join(types, 'client/src');
for (const name of readdirSync(own)) {
  const text = readFileSync(join(own, name), 'utf8')
    .replaceAll(`'@et/common'`, `'./common.js'`)
    .replace(/(from |import\()'(\.\.?\/[^']+?)(?<!\.js)'/g, "$1'$2.js'");
  writeFileSync(join(dist, name), text);
}
renameSync(join(types, 'common/src/index.d.ts'), join(dist, 'common.d.ts'));
rmSync(types, { recursive: true, force: true });
