import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authClause, orgDomain } from '../src/ingest/auth/auth-results';
import { CHECKED_MAILAUTH_VERSION } from '../src/ingest/auth/message-auth';

/**
 * The fast paths of the mail checks copy mailauth's behaviour, its own readings included: what
 * they were checked against must be what is installed. When this fails after an upgrade, run the
 * equality tests (dkim-verify, spf-check, dmarc-check) and read mailauth's changes to the files
 * the fast paths name before moving the version here.
 */
const require = createRequire(import.meta.url);
const packageOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };
const mailauthDir = dirname(require.resolve('mailauth/package.json'));
const mailauth = packageOf(mailauthDir);

describe('the mailauth the fast paths were checked against', () => {
  it('is the one installed', () => {
    expect(mailauth.version).toBe(CHECKED_MAILAUTH_VERSION);
  });

  it('finds organisational domains with the same tldts release as ours', () => {
    const theirs = packageOf(
      dirname(createRequire(join(mailauthDir, 'package.json')).resolve('tldts/package.json')),
    );
    const ours = packageOf(dirname(require.resolve('tldts/package.json')));
    expect(ours.version).toBe(mailauth.dependencies?.tldts);
    expect(theirs.version).toBe(ours.version);
    expect(orgDomain('mail.example.co.uk')).toBe('example.co.uk');
    expect(orgDomain('user.github.io')).toBe('user.github.io');
    expect(orgDomain('co.uk')).toBeNull();
  });

  it('writes Authentication-Results clauses as mailauth does, hostile values included', () => {
    const { formatAuthHeaderRow } = require('mailauth/lib/tools.js') as {
      formatAuthHeaderRow: (method: string, status: object) => string;
    };
    const values = [
      'plain',
      'good.test',
      '@good.test',
      'a/b+c=',
      'with space',
      'quote"and\\backslash',
      'paren) (open',
      'tab\tand\r\nbreak',
      '\x00\x07control',
      'è non-ASCII',
      'è',
      'a/b',
      'del\x7f',
      '[127.0.0.1]',
      'semi;colon:comma,',
      '   ',
      '',
    ];
    for (const value of values) {
      for (const comment of [value, false as const]) {
        const status = {
          result: 'pass',
          comment,
          smtp: { mailfrom: value, helo: `x${value}` },
          header: { i: value, s: 'sel' },
        };
        const ours = authClause('spf', 'pass', comment, [
          ['smtp.mailfrom', value],
          ['smtp.helo', `x${value}`],
          ['header.i', value],
          ['header.s', 'sel'],
        ]);
        expect(ours).toBe(formatAuthHeaderRow('spf', status));
      }
    }
    expect(authClause('dkim', '', false, [])).toBe(formatAuthHeaderRow('dkim', {}));
  });
});
