import { describe, expect, it } from 'vitest';
import { MAX_SPF_QUERIES } from '../src/ingest/auth/message-auth';
import { expectSameOnBothPaths, zonesForTests } from './helpers/auth-paths';
import type { ZoneRecord } from './helpers/dns-server';

/**
 * The SPF fast path (spf-check.ts) against mailauth, the plain path, over the records senders
 * publish and the ones they should not: every check must come out the same on both paths (the
 * question counts too), and the common records must be answered by the fast path.
 */

const txt = (name: string, text: string): ZoneRecord => ({ type: 'TXT', name, text });
const a = (name: string, address: string): ZoneRecord => ({ type: 'A', name, address });
const mx = (name: string, exchange: string, priority: number): ZoneRecord => ({
  type: 'MX',
  name,
  exchange,
  priority,
});

const RECORDS: ZoneRecord[] = [
  txt('ip.test', 'v=spf1 ip4:127.0.0.1 -all'),
  txt('cidr.test', 'v=spf1 ip4:192.0.2.0/24 ip4:127.0.0.0/8 ~all'),
  txt('zero.test', 'v=spf1 ip4:10.0.0.0/8 ip4:0.0.0.0/0 -all'),
  txt('miss.test', 'v=spf1 ip4:192.0.2.1 -all'),
  txt('soft.test', 'v=spf1 ip4:192.0.2.1 ~all'),
  txt('neutral.test', 'v=spf1 ip4:192.0.2.1 ?all'),
  txt('noall.test', 'v=spf1 ip4:192.0.2.1'),
  txt('empty.test', 'v=spf1'),
  txt('plus.test', 'v=spf1 +all'),
  txt('inc.test', 'v=spf1 include:_spf.inc.test -all'),
  txt('_spf.inc.test', 'v=spf1 ip4:192.0.2.9 include:_deep.inc.test ~all'),
  txt('_deep.inc.test', 'v=spf1 ip6:2001:db8::/32 ip4:127.0.0.1 -all'),
  txt('incfail.test', 'v=spf1 include:_spf.incfail.test ?all'),
  txt('_spf.incfail.test', 'v=spf1 ip4:192.0.2.1 -all'),
  txt('softinc.test', 'v=spf1 -include:_spf.inc.test +all'),
  txt('redir.test', 'v=spf1 redirect=_spf.inc.test'),
  txt('redirfail.test', 'v=spf1 ip4:192.0.2.1 redirect=_spf.incfail.test'),
  txt('redirall.test', 'v=spf1 ip4:192.0.2.1 ?all redirect=_spf.inc.test'),
  txt('a.test', 'v=spf1 a -all'),
  a('a.test', '127.0.0.1'),
  txt('ahost.test', 'v=spf1 a:host.ahost.test -all'),
  a('host.ahost.test', '192.0.2.3'),
  a('host.ahost.test', '127.0.0.1'),
  txt('a6.test', 'v=spf1 a:v6.a6.test mx -all'),
  a('v6.a6.test', '2001:db8::1'),
  mx('a6.test', 'm2.a6.test', 20),
  mx('a6.test', 'm1.a6.test', 10),
  a('m1.a6.test', '192.0.2.5'),
  a('m2.a6.test', '127.0.0.1'),
  a('m2.a6.test', '2001:db8::2'),
  txt('mxs.test', 'v=spf1 mx:mxs.test -all'),
  mx('mxs.test', 'm1.mxs.test', 10),
  a('m1.mxs.test', '192.0.2.7'),
  txt('six.test', 'v=spf1 ip6:2001:db8:1::1 ip6:2001:db8::/32 ip4:127.0.0.1 -all'),
  txt('nospf.test', 'hello world'),
  txt('upper.test', 'v=spf1 IP4:192.0.2.1 Include:_spf.inc.test -ALL'),
  txt('dotinc.test', 'v=spf1 include:_spf.inc.test. -all'),
  txt('client.test', 'v=spf1 a:client.test -all'),
  a('client.test', '127.0.0.1'),
  // Records the fast path leaves to mailauth.
  txt('two.test', 'v=spf1 -all'),
  txt('two.test', 'v=spf1 +all'),
  txt('macro.test', 'v=spf1 exists:%{i}.x.macro.test -all'),
  txt('ptr.test', 'v=spf1 ptr -all'),
  txt('exp.test', 'v=spf1 ip4:192.0.2.1 -all exp=explain.exp.test'),
  txt('voidinc.test', 'v=spf1 include:nowhere.voidinc.test -all'),
  txt('dota.test', 'v=spf1 a:host.ahost.test. -all'),
  txt('badip.test', 'v=spf1 ip4:01.2.3.4 -all'),
  txt('prefix.test', 'v=spf1 ip4:127.0.0.1/033 -all'),
  txt('zero6.test', 'v=spf1 ip6:::/0 -all'),
  txt('cidra.test', 'v=spf1 a/24 -all'),
  txt('mapped6.test', 'v=spf1 ip6:::ffff:127.0.0.1 -all'),
  txt('loop.test', 'v=spf1 include:loop.test -all'),
  txt('voida.test', 'v=spf1 a:none1.voida.test a:none2.voida.test a:none3.voida.test -all'),
  txt('unknown.test', 'v=spf1 foo:bar -all'),
  txt('twored.test', 'v=spf1 redirect=ip.test redirect=miss.test'),
  // Hostile: nine 10-host MX sets, and twelve includes with a: terms (bench/phases/hostile-auth.ts).
  txt(
    'wide.test',
    `v=spf1 ${Array.from({ length: 9 }, (_, i) => `mx:m${i}.wide.test`).join(' ')} -all`,
  ),
  ...Array.from({ length: 9 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => mx(`m${i}.wide.test`, `h${j}.wide.test`, j)),
  ).flat(),
  ...Array.from({ length: 10 }, (_, j) => a(`h${j}.wide.test`, `192.0.2.${100 + j}`)),
  txt(
    'fan.test',
    `v=spf1 ${Array.from({ length: 12 }, (_, i) => `include:i${i}.fan.test`).join(' ')} -all`,
  ),
  ...Array.from({ length: 12 }, (_, i) => txt(`i${i}.fan.test`, `v=spf1 a:h${i}.fan.test -all`)),
  ...Array.from({ length: 12 }, (_, i) => a(`h${i}.fan.test`, '192.0.2.1')),
  // Ten includes: within mailauth's limit, the last one matching.
  txt(
    'ten.test',
    `v=spf1 ${Array.from({ length: 10 }, (_, i) => `include:t${i}.ten.test`).join(' ')} -all`,
  ),
  ...Array.from({ length: 10 }, (_, i) =>
    txt(`t${i}.ten.test`, `v=spf1 ip4:${i === 9 ? '127.0.0.1' : `192.0.2.${i}`} -all`),
  ),
];

const ZONES = [
  ...new Set(RECORDS.map((r) => r.name.split('.').slice(-2).join('.'))),
  'nothing.test',
];

/** An unsigned message from `domain`: SPF is what this file is about. */
const message = (domain: string) =>
  Buffer.from(
    `From: <news@${domain}>\r\nTo: <inbox@mx.test>\r\nSubject: Prova\r\n` +
      `Date: Wed, 25 Nov 2026 08:00:00 +0000\r\nMessage-ID: <1@${domain}>\r\n\r\nCiao.\r\n`,
  );

describe('SPF: the fast path gives what mailauth gives', () => {
  const dnsOf = zonesForTests(ZONES, RECORDS);

  const check = async (
    domain: string,
    path: 'fast' | 'plain',
    facts: { ip?: string; helo?: string; sender?: string } = {},
  ) => {
    const run = await expectSameOnBothPaths(
      dnsOf(),
      message(domain),
      {
        ip: facts.ip ?? '127.0.0.1',
        helo: facts.helo ?? 'client.test',
        sender: facts.sender ?? `bounce@${domain}`,
      },
      ['fast', path, 'fast'],
    );
    return run.outcome.results.spf;
  };

  it.each([
    ['ip.test', 'pass'],
    ['cidr.test', 'pass'],
    ['zero.test', 'pass'],
    ['miss.test', 'fail'],
    ['soft.test', 'softfail'],
    ['neutral.test', 'neutral'],
    ['noall.test', 'neutral'],
    ['empty.test', 'neutral'],
    ['plus.test', 'pass'],
    ['inc.test', 'pass'],
    ['incfail.test', 'neutral'],
    ['softinc.test', 'fail'],
    ['redir.test', 'pass'],
    ['redirfail.test', 'fail'],
    ['redirall.test', 'neutral'],
    ['a.test', 'pass'],
    ['ahost.test', 'pass'],
    ['a6.test', 'pass'],
    ['mxs.test', 'fail'],
    ['six.test', 'pass'],
    ['nospf.test', 'none'],
    ['nothing.test', 'none'],
    ['upper.test', 'pass'],
    ['dotinc.test', 'pass'],
    ['ten.test', 'pass'],
  ])('%s: the fast path says %s, as mailauth', async (domain, expected) => {
    expect(await check(domain, 'fast')).toBe(expected);
  });

  it.each([
    ['two.test', 'permerror'],
    ['macro.test', 'fail'],
    ['ptr.test', 'temperror'],
    ['exp.test', 'fail'],
    ['voidinc.test', 'permerror'],
    ['dota.test', 'permerror'],
    ['badip.test', 'permerror'],
    ['prefix.test', 'permerror'],
    ['zero6.test', 'fail'],
    ['cidra.test', 'fail'],
    ['mapped6.test', 'fail'],
    ['loop.test', 'permerror'],
    ['voida.test', 'permerror'],
    ['unknown.test', 'permerror'],
    ['twored.test', 'permerror'],
    ['wide.test', 'permerror'],
    ['fan.test', 'permerror'],
  ])('%s goes to mailauth (%s)', async (domain, expected) => {
    expect(await check(domain, 'plain')).toBe(expected);
  });

  it('IPv6 and IPv4-mapped clients', async () => {
    expect(await check('six.test', 'fast', { ip: '2001:db8::5' })).toBe('pass');
    expect(await check('six.test', 'fast', { ip: '2001:db8:1:0:0:0:0:1' })).toBe('pass');
    expect(await check('six.test', 'fast', { ip: '2001:db9::1' })).toBe('fail');
    expect(await check('inc.test', 'fast', { ip: '2001:db8::5' })).toBe('pass');
    expect(await check('a6.test', 'fast', { ip: '2001:db8::1' })).toBe('pass');
    expect(await check('a6.test', 'fast', { ip: '2001:db8::2' })).toBe('pass');
    expect(await check('miss.test', 'fast', { ip: '::1' })).toBe('fail');
    expect(await check('ip.test', 'fast', { ip: '::ffff:127.0.0.1' })).toBe('pass');
    expect(await check('zero6.test', 'plain', { ip: '2001:db8::5' })).toBe('fail');
  });

  it('senders: the null sender (the HELO name), upper case, and forms mailauth reads alone', async () => {
    expect(await check('client.test', 'fast', { sender: '' })).toBe('pass');
    expect(await check('ip.test', 'fast', { sender: 'Bounce@IP.TEST' })).toBe('pass');
    expect(await check('ip.test', 'fast', { sender: 'ip.test' })).toBe('pass');
    expect(await check('ip.test', 'fast', { sender: '@ip.test' })).toBe('pass');
    expect(await check('ip.test', 'plain', { sender: '', helo: '127.0.0.1' })).toBe('none');
    expect(await check('ip.test', 'plain', { sender: 'x@localhost' })).toBe('none');
    expect(await check('ip.test', 'plain', { sender: 'x@exa_mple.test' })).toBe('none');
  });

  it('a sender whose DNS never answers: temperror on both paths, within the bound', async () => {
    const started = performance.now();
    const run = await expectSameOnBothPaths(
      dnsOf(),
      message('ip.test'),
      { ip: '127.0.0.1', helo: 'client.test', sender: 'bounce@slow.test' },
      ['fast', 'plain', 'fast'],
      400,
    );
    expect(run.outcome.results.spf).toBe('temperror');
    expect(performance.now() - started).toBeLessThan(2 * 400 + 1000);
  });

  it(`stops a hostile record at ${MAX_SPF_QUERIES} questions on either path`, async () => {
    const run = await expectSameOnBothPaths(
      dnsOf(),
      message('wide.test'),
      { ip: '127.0.0.1', helo: 'client.test', sender: 'info@wide.test' },
      ['fast', 'plain', 'fast'],
    );
    expect(run.work.queries.spf).toBe(MAX_SPF_QUERIES);
    // The fast path's questions are not asked again when it leaves the check to mailauth.
    expect(
      run.questions.filter((q) => q.includes('wide.test') && !q.includes('_dmarc')),
    ).toHaveLength(MAX_SPF_QUERIES);
  });
});
