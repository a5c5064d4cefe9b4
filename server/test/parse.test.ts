import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanFilename } from '../src/domain/names';
import { makePreview, readMessage } from '../src/ingest/reading/read-message';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('readMessage', () => {
  it('survives a part mailparser leaves with `false` as content type (found by the fuzz test)', async () => {
    const { reading } = await readMessage(fixture('regressions/content-type-false.eml'));
    expect(reading.attachments.length).toBeGreaterThan(0);
    for (const a of reading.attachments) expect(a.contentType).toBe('application/octet-stream');
    expect(reading.attachments.every((a) => a.filename === 'attachment')).toBe(true);
  });

  it('never throws: empty input, binary junk, a lone header', async () => {
    for (const raw of [
      Buffer.alloc(0),
      Buffer.from([0, 255, 254, 13, 10, 0]),
      Buffer.from('X: y'),
    ]) {
      const { reading } = await readMessage(raw);
      expect(typeof reading.text).toBe('string');
      expect(reading.attachments).toEqual([]);
    }
  });

  it('folds whitespace in the preview and cuts it at 200 characters, never inside a pair', () => {
    expect(makePreview('  a\r\n\tb   c ')).toBe('a b c');
    expect(makePreview('x'.repeat(500))).toHaveLength(200);
    expect(makePreview(`${'x'.repeat(199)}😀 fine`)).toBe('x'.repeat(199));
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
