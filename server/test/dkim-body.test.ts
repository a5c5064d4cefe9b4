import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { bodyHash, canonicalBody, withMailauthLineEnds } from '../src/ingest/auth/dkim-body';
import { seededRandom } from './helpers/random';

/**
 * dkim-body.ts against mailauth's own line-end fixer and body hashers, which it stands in for
 * (the plain path of the sender checks puts its hashes in the place of mailauth's): the same
 * bytes, hashes and counts on random input built from the pieces each reads its own way.
 */

const require = createRequire(import.meta.url);
const { MessageParser } = require('mailauth/lib/dkim/message-parser.js') as {
  MessageParser: new () => { ensureLinebreaks(input: Buffer): Iterable<Buffer> };
};
const { dkimBody } = require('mailauth/lib/dkim/body/index.js') as {
  dkimBody: (
    canon: string,
    algo: string,
    max: unknown,
  ) => {
    update(chunk: Buffer): void;
    digest(encoding: 'base64'): string;
    bodyHashedBytes: number;
    canonicalizedLength: number;
  };
};

describe('dkim-body', () => {
  it("makes bare LFs CRLF as mailauth's reader does, on 5,000 random messages", () => {
    const random = seededRandom(5321);
    const parts = ['a', 'b:', ' ', '\r', '\n', '\r\n', '\n\n', '\r\n\n', '\r\r\n'];
    for (let i = 0; i < 5000; i++) {
      // Some long enough for the byte loop that takes over where LFs are dense.
      const length = random.int(8) ? random.int(40) : 2000 + random.int(3000);
      const raw = Buffer.from(Array.from({ length }, () => random.pick(parts)).join(''), 'latin1');
      const theirs = Buffer.concat([...new MessageParser().ensureLinebreaks(raw)]);
      expect(withMailauthLineEnds(raw).equals(theirs), JSON.stringify(raw.toString())).toBe(true);
    }
  });

  it("hashes 20,000 random bodies as mailauth's hashers do: both canonicalisations, both hashes, l= of every kind", () => {
    const random = seededRandom(6376);
    const parts = [
      ' ',
      '  ',
      '\t',
      '\r',
      '\n',
      '\r\n',
      '\r\n',
      'a',
      'bc',
      ' \r\n',
      '\xa0',
      'è',
      '\r\n\n',
      '\n\n',
      '\r \n',
    ];
    let cut = 0;
    for (let i = 0; i < 20_000; i++) {
      const length = random.int(16) ? random.int(30) : 3000 + random.int(2000);
      const text = Array.from({ length }, () => random.pick(parts)).join('');
      const body = Buffer.from(text, 'latin1');
      // '' is no l=; mailauth reads l= as a number, 0, a fraction or negative (no limit) too.
      const limit = random.pick<unknown>([
        '',
        '',
        random.int(body.length + 4),
        random.int(body.length + 4) + 0.5,
        0,
        0.5,
        -1,
      ]);
      for (const canon of ['relaxed', 'simple'] as const) {
        const canonical = canonicalBody(body, canon);
        for (const algorithm of ['sha256', 'sha1']) {
          const theirs = dkimBody(canon, algorithm, limit);
          if (body.length) theirs.update(body);
          const hash = theirs.digest('base64');
          const ours = bodyHash(canonical, algorithm, limit);
          expect(
            [ours.hash, ours.hashedBytes, ours.canonicalLength],
            `${canon} ${algorithm} l=${String(limit)} ${JSON.stringify(text)}`,
          ).toEqual([hash, theirs.bodyHashedBytes, theirs.canonicalizedLength]);
          if (theirs.canonicalizedLength > theirs.bodyHashedBytes) cut++;
        }
      }
    }
    // l= cut the body in a good share of the cases.
    expect(cut).toBeGreaterThan(10_000);
  });

  it('keeps a line mailauth leaves as it is although rewriting would change it', () => {
    // One line to rewrite (the tab) makes the pass run; the next has a CR inside a run of
    // blanks, which mailauth's rewrite would move, but nothing that makes it rewrite the line.
    const body = Buffer.from('x\t\r\na\r b\r\nend ', 'latin1');
    const relaxed = canonicalBody(body, 'relaxed');
    expect(relaxed.bytes.toString('latin1')).toBe('x\r\na\r b\r\nend ');
    const theirs = dkimBody('relaxed', 'sha256', '');
    theirs.update(body);
    expect(bodyHash(relaxed).hash).toBe(theirs.digest('base64'));
  });
});
