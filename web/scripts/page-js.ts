/**
 * How much JavaScript a built page makes the browser load before any interaction: the figure
 * `npm run bench -- web` reports for each page and `site-build.test.ts` holds within the budgets
 * (docs/web-app.md, "The home page's first download"). Measured once, here, for both.
 */
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budgets, gzip KB (1,024 bytes): the home page's first download, and any content page's. */
export const JS_BUDGET_KB = { home: 100, content: 5 } as const;

/** Bytes of `data` compressed as the budgets count them: gzip, level 9. */
export const gzipBytes = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

/** What a page loads first: its scripts, and their size compressed. */
export interface PageJs {
  /** Gzip bytes of all of them together, each compressed on its own as it is served. */
  bytes: number;
  /** The script files by URL path (`/assets/index-….js`), then `inline#1`… for inline scripts. */
  files: string[];
}

/**
 * The JavaScript of the built page `htmlFile` (relative to `distDir`): its module scripts and
 * their `modulepreload`s, as its HTML lists them, and its inline scripts but for JSON-LD, which
 * is data.
 */
export function pageJs(distDir: string, htmlFile: string): PageJs {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const files = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g),
  ].map((m) => m[1]!);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/json/.test(m[1]!))
    .map((m) => m[2]!)
    .filter((js) => js.trim());
  let bytes = inline.reduce((sum, js) => sum + gzipBytes(js), 0);
  for (const file of files) bytes += gzipBytes(readFileSync(join(distDir, file)));
  return { bytes, files: [...files, ...inline.map((_, i) => `inline#${i + 1}`)] };
}
