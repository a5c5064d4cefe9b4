import { simpleParser } from 'mailparser';
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

/** The HTML body mailparser reads of a message, if any, and the whole message as text. */
export async function htmlOf(raw: Buffer): Promise<string[]> {
  const mail = await simpleParser(raw).catch(() => null);
  const html = typeof mail?.html === 'string' ? [mail.html] : [];
  return [...html, raw.toString('utf8')];
}
