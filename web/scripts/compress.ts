/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of `web/dist`, after the
 * prerender. The server (`server/src/http/plugins/web.ts`, `preCompressed`) sends the smallest
 * copy the browser accepts; compressing once here costs nothing per request, and the maximum
 * levels are affordable because it happens once per build.
 *
 * Without it every page, script and stylesheet goes out uncompressed, the home page's
 * JavaScript about three times its compressed size, which on a phone's connection delays the
 * first paint by seconds.
 */
/// <reference types="node" />
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/** Formats that compress; images and fonts in these builds are already compressed (or tiny). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.map']);

/** Below this a response fits in one packet anyway, and the encoding headers cost more than they save. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

async function compressFile(path: string): Promise<{ raw: number; br: number; gz: number }> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not written: the server then sends the file as it is.
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
  return { raw: content.length, br: br.length, gz: gz.length };
}

async function main(): Promise<void> {
  const started = performance.now();
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of files(DIST_DIR)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      compressFile(path).then(({ raw, br, gz }) => {
        totals.files += 1;
        totals.raw += raw;
        totals.br += br;
        totals.gz += gz;
      }),
    );
  }
  await Promise.all(jobs);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `compressed ${totals.files} files in ${Math.round(performance.now() - started)} ms: ` +
      `${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
  );
}

await main();
