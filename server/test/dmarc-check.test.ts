import { describe, expect, it } from 'vitest';
import { dkimKey, expectSameOnBothPaths, zonesForTests } from './helpers/auth-paths';
import { signed } from './helpers/dkim-sign';
import type { ZoneRecord } from './helpers/dns-server';

/**
 * The DMARC fast path (dmarc-check.ts) against mailauth, the plain path: policies as domains
 * publish them (and mis-publish them), organisational domains by the public suffix list, and
 * every way of aligning. Every check must come out the same on both paths, and the common ones
 * must be answered by the fast path.
 */

const key = dkimKey('rsa');
const txt = (name: string, text: string): ZoneRecord => ({ type: 'TXT', name, text });

const SIGNERS = [
  'good.test',
  'mail.good.test',
  'other.test',
  'quar.test',
  'mail.quar.test',
  'example.co.uk',
];

const RECORDS: ZoneRecord[] = [
  ...SIGNERS.map((d) => txt(`sel._domainkey.${d}`, key.record)),
  txt('good.test', 'v=spf1 ip4:127.0.0.1 -all'),
  txt('other.test', 'v=spf1 ip4:127.0.0.1 -all'),
  txt('_dmarc.good.test', 'v=DMARC1; p=reject'),
  txt('_dmarc.none.test', 'v=DMARC1; p=none'),
  txt(
    '_dmarc.quar.test',
    'v=DMARC1; p=quarantine; sp=reject; adkim=s; aspf=s; pct=50; rua=mailto:x@quar.test',
  ),
  txt('_dmarc.spaced.test', 'v=DMARC1 ; p = reject ; sp=none;;'),
  txt('_dmarc.upper.test', 'V=DMARC1; P=Reject'),
  txt('_dmarc.two.test', 'v=DMARC1; p=reject'),
  txt('_dmarc.two.test', 'v=DMARC1; p=none'),
  txt('_dmarc.notdmarc.test', 'v=spf1 -all'),
  txt('_dmarc.org.test', 'v=DMARC1; p=reject; sp=quarantine'),
  txt('_dmarc.nop.test', 'v=DMARC1; rua=mailto:a@nop.test'),
  txt('_dmarc.keyonly.test', 'v=DMARC1; p; sp=none; =odd'),
  txt('_dmarc.example.co.uk', 'v=DMARC1; p=reject'),
  txt('_dmarc.user.github.io', 'v=DMARC1; p=quarantine'),
];

const ZONES = [
  'good.test',
  'other.test',
  'none.test',
  'quar.test',
  'spaced.test',
  'upper.test',
  'two.test',
  'notdmarc.test',
  'org.test',
  'nop.test',
  'keyonly.test',
  'co.uk',
  'github.io',
  'nothing.test',
];

const message = (from: string | null, extra = '') =>
  Buffer.from(
    `${from === null ? '' : `From: ${from}\r\n`}${extra}To: <inbox@mx.test>\r\nSubject: Prova\r\n` +
      `Date: Wed, 25 Nov 2026 08:00:00 +0000\r\nMessage-ID: <1@mx.test>\r\n\r\nCiao.\r\n`,
  );

const sign = (raw: Buffer, domain: string) =>
  signed(raw, { domain, selector: 'sel', privateKey: key.privateKey });

describe('DMARC: the fast path gives what mailauth gives', () => {
  const dnsOf = zonesForTests(ZONES, RECORDS);

  /** The DMARC result of `raw` sent by `sender`, the same on both paths. */
  async function dmarcOf(
    raw: Buffer,
    sender: string,
    paths: ['fast' | 'plain', 'fast' | 'plain', 'fast' | 'plain'] = ['fast', 'fast', 'fast'],
  ) {
    const run = await expectSameOnBothPaths(
      dnsOf(),
      raw,
      { ip: '127.0.0.1', helo: 'client.test', sender },
      paths,
    );
    return [run.outcome.results.dmarc, run.outcome.results.domain];
  }

  it('policies as published', async () => {
    for (const [domain, expected] of [
      ['good.test', 'pass'],
      ['none.test', 'fail'],
      ['quar.test', 'fail'],
      ['spaced.test', 'fail'],
      ['upper.test', 'fail'],
      ['two.test', 'none'],
      ['notdmarc.test', 'none'],
      ['nop.test', 'fail'],
      ['keyonly.test', 'fail'],
      ['nothing.test', 'none'],
      ['sub.org.test', 'fail'],
      ['deep.sub.org.test', 'fail'],
    ] as const) {
      const [dmarc] = await dmarcOf(message(`news@${domain}`), `bounce@${domain}`);
      expect([domain, dmarc]).toEqual([domain, expected]);
    }
  });

  it('aligned by DKIM, by SPF, by organisational domain, and not at all', async () => {
    expect(
      await dmarcOf(await sign(message('news@good.test'), 'good.test'), 'bounce@other.test'),
    ).toEqual(['pass', 'good.test']);
    expect(
      await dmarcOf(await sign(message('news@good.test'), 'mail.good.test'), 'x@other.test'),
    ).toEqual(['pass', 'good.test']);
    expect(
      await dmarcOf(await sign(message('news@sub.good.test'), 'good.test'), 'x@other.test'),
    ).toEqual(['pass', 'good.test']);
    expect(await dmarcOf(message('news@good.test'), 'bounce@good.test')).toEqual([
      'pass',
      'good.test',
    ]);
    expect(await dmarcOf(message('News <NEWS@GOOD.TEST>'), 'bounce@good.test')).toEqual([
      'pass',
      'good.test',
    ]);
    expect(await dmarcOf(message('news@good.test'), 'bounce@other.test')).toEqual(['fail', null]);
    expect(
      await dmarcOf(await sign(message('news@good.test'), 'other.test'), 'x@other.test'),
    ).toEqual(['fail', null]);
    // adkim=s: mailauth aligns in the relaxed way all the same, and so does the fast path.
    expect(
      await dmarcOf(await sign(message('news@quar.test'), 'mail.quar.test'), 'x@other.test'),
    ).toEqual(['pass', 'quar.test']);
  });

  it('organisational domains by the public suffix list', async () => {
    expect(
      await dmarcOf(
        await sign(message('news@mail.example.co.uk'), 'example.co.uk'),
        'x@other.test',
      ),
    ).toEqual(['pass', 'example.co.uk']);
    expect(await dmarcOf(message('news@user.github.io'), 'x@other.test')).toEqual(['fail', null]);
    // A From domain that is a public suffix itself: mailauth asks its own way.
    await dmarcOf(message('news@co.uk'), 'x@other.test', ['fast', 'fast', 'plain']);
  });

  it('no From, two From fields, a From mailauth reads alone', async () => {
    expect(await dmarcOf(message(null), 'bounce@good.test')).toEqual(['none', null]);
    expect(
      await dmarcOf(message('news@good.test', 'From: other@good.test\r\n'), 'bounce@good.test'),
    ).toEqual(['none', null]);
    expect(
      await dmarcOf(message('a@good.test, b@good.test'), 'bounce@good.test', [
        'plain',
        'fast',
        'fast',
      ]),
    ).toEqual(['none', null]);
    // mailauth's header.d of a From domain holding "_dmarc.".
    await dmarcOf(message('news@x._dmarc.good.test'), 'bounce@good.test', [
      'plain',
      'fast',
      'fast',
    ]);
  });

  it('a From domain whose DNS never answers: temperror on both paths', async () => {
    const run = await expectSameOnBothPaths(
      dnsOf(),
      message('news@slow.test'),
      { ip: '127.0.0.1', helo: 'client.test', sender: 'bounce@good.test' },
      ['fast', 'fast', 'plain'],
      400,
    );
    expect(run.outcome.results.dmarc).toBe('temperror');
  });
});
