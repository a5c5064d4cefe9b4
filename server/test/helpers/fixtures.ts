import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeBody, outlineMessage } from '../../src/ingest/reading/mime-outline';

/** The folder of the real `.eml` fixtures. */
export const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Every `.eml` file under `dir` (a folder path ending in `/`), subfolders included. */
export function emlFiles(dir = fixturesDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}${name}`;
    if (statSync(path).isDirectory()) return emlFiles(`${path}/`);
    return name.endsWith('.eml') ? [path] : [];
  });
}

/** The HTML parts of a message the outline reads, decoded, and the whole message as text. */
export function htmlOf(raw: Buffer): string[] {
  const outline = outlineMessage(raw);
  const parts = (outline?.leaves ?? [])
    .filter((leaf) => leaf.contentType === 'text/html')
    .map((leaf) => decodeBody(raw, leaf)?.toString('utf8') ?? '');
  return [...parts, raw.toString('utf8')];
}
