import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanFilename, makePreview, parseMessage } from '../src/ingest/reading/parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('parseMessage', () => {
  it('survives a part mailparser leaves with `false` as content type (found by the fuzz test)', async () => {
    const parsed = await parseMessage(fixture('regressions/content-type-false.eml'));
    expect(parsed.attachments.length).toBeGreaterThan(0);
    for (const a of parsed.attachments) expect(a.contentType).toBe('application/octet-stream');
    expect(parsed.attachments.every((a) => a.filename === 'attachment')).toBe(true);
  });

  it('never throws: empty input, binary junk, a lone header', async () => {
    for (const raw of [
      Buffer.alloc(0),
      Buffer.from([0, 255, 254, 13, 10, 0]),
      Buffer.from('X: y'),
    ]) {
      const parsed = await parseMessage(raw);
      expect(typeof parsed.text).toBe('string');
      expect(parsed.attachments).toEqual([]);
    }
  });

  it('folds whitespace in the preview and cuts it at 200 characters', () => {
    expect(makePreview('  a\r\n\tb   c ')).toBe('a b c');
    expect(makePreview('x'.repeat(500))).toHaveLength(200);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Windows\\system32\\evil.exe', 'evil.exe'],
    ['..', 'attachment'],
    ['.bashrc', 'bashrc'],
    ['fattura\r\nX-Injected: 1.pdf', 'fatturaX-Injected: 1.pdf'],
    ['nul\u0000byte.txt', 'nulbyte.txt'],
    [undefined, 'attachment'],
    ['', 'attachment'],
    ['a'.repeat(300), 'a'.repeat(200)],
  ])('cleans the file name %j to %j', (name, expected) => {
    expect(cleanFilename(name)).toBe(expected);
  });
});
