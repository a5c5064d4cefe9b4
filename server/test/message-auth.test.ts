import type { MessageAuthentication, MessageDetail, MessageList } from '@et/common';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { authenticate } from 'mailauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_DKIM_HEADER_BYTES } from '../src/ingest/auth/auth-bounds';
import {
  checkSender,
  MAX_DKIM_SIGNATURES,
  MAX_SPF_QUESTIONS,
  type AuthOutcome,
} from '../src/ingest/auth/check-sender';
import { createDnsLookup, type DnsLookup } from '../src/ingest/auth/dns-lookup';
import { signed as signWith } from './helpers/dkim-sign';
import { cpuRatio } from './helpers/cpu';
import { emlFiles } from './helpers/fixtures';
import { startDns, startSilentDns, type TestDns, type ZoneRecord } from './helpers/dns-server';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { splitTrace } from './helpers/trace';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** The test zones: who may send from where, and with which keys and policies. */
const RECORDS: ZoneRecord[] = [
  // good.test: SPF for our client IP, a DKIM key, DMARC reject.
  { type: 'TXT', name: 'good.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'sel._domainkey.good.test', text: DKIM_RECORD },
  { type: 'TXT', name: '_dmarc.good.test', text: 'v=DMARC1; p=reject' },
  // other.test signs and sends for itself, not for brand.test.
  { type: 'TXT', name: 'other.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'sel._domainkey.other.test', text: DKIM_RECORD },
  { type: 'TXT', name: '_dmarc.brand.test', text: 'v=DMARC1; p=none' },
  // bank.test sends only from 192.0.2.1 and asks for spoofs to be rejected.
  { type: 'TXT', name: 'bank.test', text: 'v=spf1 ip4:192.0.2.1 -all' },
  { type: 'TXT', name: '_dmarc.bank.test', text: 'v=DMARC1; p=reject' },
  // attacker.test lets our client send.
  { type: 'TXT', name: 'attacker.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  // fan.test's SPF fans out into twelve includes: past RFC 7208's ten lookups (§4.6.4).
  {
    type: 'TXT',
    name: 'fan.test',
    text: `v=spf1 ${Array.from({ length: 12 }, (_, i) => `include:i${i}.fan.test`).join(' ')} -all`,
  },
  ...Array.from({ length: 12 }, (_, i) => ({
    type: 'TXT' as const,
    name: `i${i}.fan.test`,
    text: 'v=spf1 ip4:192.0.2.1 -all',
  })),
  // wide.test's SPF asks for nine MX sets of ten hosts each: 190 questions without a bound.
  {
    type: 'TXT',
    name: 'wide.test',
    text: `v=spf1 ${Array.from({ length: 9 }, (_, i) => `mx:m${i}.wide.test`).join(' ')} -all`,
  },
  ...Array.from({ length: 9 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ({
      type: 'MX' as const,
      name: `m${i}.wide.test`,
      exchange: `h${i}-${j}.wide.test`,
      priority: j,
    })),
  ).flat(),
  ...Array.from({ length: 9 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ({
      type: 'A' as const,
      name: `h${i}-${j}.wide.test`,
      address: `192.0.2.${100 + j}`,
    })),
  ).flat(),
  { type: 'TXT', name: '_dmarc.wide.test', text: 'v=DMARC1; p=reject' },
  // twice.test's SPF names the same host twice and its MX twice: mailauth asks each again.
  {
    type: 'TXT',
    name: 'twice.test',
    text: 'v=spf1 a:h.twice.test a:h.twice.test mx mx -all',
  },
  { type: 'A', name: 'h.twice.test', address: '192.0.2.7' },
  { type: 'MX', name: 'twice.test', exchange: 'mx1.twice.test', priority: 10 },
  { type: 'A', name: 'mx1.twice.test', address: '192.0.2.8' },
  { type: 'TXT', name: '_dmarc.twice.test', text: 'v=DMARC1; p=none' },
];

const ZONES = [
  'good.test',
  'other.test',
  'brand.test',
  'bank.test',
  'attacker.test',
  'plain.test',
  'fan.test',
  'wide.test',
  'twice.test',
];

const message = (from: string, body = 'Ciao, ecco il codice.', head = '') =>
  Buffer.from(
    `${head}From: ${from.includes('<') ? from : `<${from}>`}\r\nTo: <inbox@localhost>\r\n` +
      `Subject: Prova\r\nDate: Wed, 25 Nov 2026 08:00:00 +0000\r\n` +
      `Message-ID: <1@example.test>\r\n\r\n${body}\r\n`,
    'latin1',
  );

/** What a message signed by good.test and sent by its SPF-allowed address gets. */
const ALL_PASS: MessageAuthentication = {
  spf: 'pass',
  dkim: 'pass',
  dmarc: 'pass',
  domain: 'good.test',
};

const SPOOF_FAIL: MessageAuthentication = {
  spf: 'fail',
  dkim: 'none',
  dmarc: 'fail',
  domain: null,
};

const signed = (raw: Buffer, domain = 'good.test', headerList?: string) =>
  signWith(raw, { domain, selector: 'sel', privateKey: PRIVATE_PEM, headerList });

const facts = (sender: string) => ({ ip: '127.0.0.1', helo: 'client.test', sender });

/** A field of `lines` folded lines. */
const folded = (name: string, lines: number) => `${name}: a${'\r\n b'.repeat(lines)}\r\n`;

/** Waits, in real turns of the event loop, until `done` holds (the clock may be fake). */
async function until(done: () => boolean) {
  for (let turn = 0; !done(); turn++) {
    if (turn > 100_000) throw new Error('never came');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('SPF, DKIM and DMARC by mailauth against a real DNS server', () => {
  let dns: TestDns;
  let silent: TestDns;
  beforeAll(async () => {
    silent = await startSilentDns();
    // slow.test's servers never answer: its questions go to the silent server.
    dns = await startDns(ZONES, RECORDS, { forward: { 'slow.test': silent.server } });
  });
  afterAll(async () => {
    await Promise.all([dns?.stop(), silent?.stop()]);
  });

  const lookupOf = (server: string): DnsLookup =>
    createDnsLookup({ servers: [server], timeoutMs: 1000, tries: 1 });
  const check = (raw: Buffer, sender: string, timeoutMs = 2000, server = dns.server) =>
    checkSender(raw, facts(sender), { hostname: 'mx.test', timeoutMs, lookup: lookupOf(server) });
  /** One check, and the questions the DNS server got for it, in order. */
  async function checkAsked(raw: Buffer, sender: string) {
    const before = dns.queries().length;
    const outcome = await check(raw, sender);
    return { outcome, questions: dns.queries().slice(before) };
  }

  const cases: [string, () => Promise<Buffer>, string, MessageAuthentication][] = [
    ['aligned and passing', () => signed(message('news@good.test')), 'bounce@good.test', ALL_PASS],
    [
      'signed by another domain than the From',
      () => signed(message('news@brand.test'), 'other.test'),
      'bounce@other.test',
      { spf: 'pass', dkim: 'pass', dmarc: 'fail', domain: null },
    ],
    [
      'body changed after signing',
      async () => {
        const raw = await signed(message('news@good.test', 'Importo: 10 euro'));
        return Buffer.from(raw.toString().replace('10 euro', '9000 euro'));
      },
      'bounce@other.test',
      // mailauth, like Gmail, says neutral ("body hash did not verify"), not fail.
      { spf: 'pass', dkim: 'neutral', dmarc: 'fail', domain: null },
    ],
    [
      'a signed field changed after signing, SPF aligned',
      async () => {
        const raw = await signed(message('news@good.test'));
        return Buffer.from(raw.toString().replace('Subject: Prova', 'Subject: Urgente'));
      },
      'bounce@good.test',
      // The body hash holds and the signature does not: fail ("bad signature"); SPF passes
      // for the From's domain, so DMARC does too.
      { spf: 'pass', dkim: 'fail', dmarc: 'pass', domain: 'good.test' },
    ],
    [
      'SPF -all from the wrong IP, p=reject spoofing',
      async () => message('sicurezza@bank.test'),
      'sicurezza@bank.test',
      SPOOF_FAIL,
    ],
    [
      'no records at all',
      async () => message('ciao@plain.test'),
      'ciao@plain.test',
      { spf: 'none', dkim: 'none', dmarc: 'none', domain: null },
    ],
  ];

  it.each(cases)('%s', async (_name, build, sender, expected) => {
    const raw = await build();
    const outcome = await check(raw, sender);
    expect(outcome.results).toEqual(expected);
    expect(outcome.header).toMatch(/^Authentication-Results: mx\.test;\r\n dkim=/);
    expect(outcome.header).toContain(`;\r\n spf=${expected.spf} `);
    expect(outcome.header).not.toMatch(/\r?\n$/);
    if (expected.dmarc !== 'none')
      expect(outcome.header).toContain(`;\r\n dmarc=${expected.dmarc}`);
    expect(outcome.headerFrom).toEqual([/<(.+)>/.exec(raw.toString())![1]]);
  });

  it("writes mailauth's own clauses, as its authenticate() with DMARC writes them", async () => {
    const unfold = (field: string) =>
      field
        .replace(/[ \t]*\r\n[ \t]+/g, ' ')
        .replace(/^Authentication-Results: mx\.test; /, '')
        .split(/; (?=(?:dkim|spf|dmarc)=)/);
    for (const [, build, sender] of cases) {
      const raw = await build();
      const ours = await check(raw, sender);
      const theirs = await authenticate(raw, {
        ...facts(sender),
        helo: 'client.test',
        mta: 'mx.test',
        resolver: lookupOf(dns.server) as never,
        disableArc: true,
        disableBimi: true,
      });
      const field = /^Authentication-Results: [^]*$/m.exec(theirs.headers)![0].trimEnd();
      expect(unfold(ours.header)).toEqual(unfold(field));
    }
  });

  it('judges a message of more than one From address permerror, a single spoof fail', async () => {
    const spoofs: [string, Buffer, string[]][] = [
      [
        'two From fields',
        message('Banca <sicurezza@bank.test>', 'Ciao.', 'From: <x@attacker.test>\r\n'),
        ['x@attacker.test', 'sicurezza@bank.test'],
      ],
      [
        'two addresses in one From',
        message('Banca <sicurezza@bank.test>, <x@attacker.test>'),
        ['sicurezza@bank.test', 'x@attacker.test'],
      ],
    ];
    for (const [name, raw, from] of spoofs) {
      const outcome = await check(raw, 'x@attacker.test');
      expect(outcome.results, name).toEqual({
        spf: 'pass',
        dkim: 'none',
        dmarc: 'permerror',
        domain: null,
      });
      expect(outcome.header, name).toContain(';\r\n dmarc=permerror (more than one From address)');
      expect(outcome.headerFrom, name).toEqual(from);
    }
    const single = await check(message('Banca <sicurezza@bank.test>'), 'x@attacker.test');
    expect(single.results).toEqual({ spf: 'pass', dkim: 'none', dmarc: 'fail', domain: null });
  });

  it('asks each question once per message, however often mailauth asks it', async () => {
    const raw = await signed(await signed(message('info@twice.test')));
    const { outcome, questions } = await checkAsked(raw, 'info@twice.test');
    expect(outcome.results).toEqual({ spf: 'fail', dkim: 'pass', dmarc: 'fail', domain: null });
    // Both signatures pass with one key question; each SPF term's questions go once.
    expect(outcome.header.match(/dkim=pass/g)).toHaveLength(2);
    expect([...questions].sort()).toEqual(
      [
        'TXT sel._domainkey.good.test',
        'TXT twice.test',
        'A h.twice.test',
        'AAAA h.twice.test',
        'MX twice.test',
        'A mx1.twice.test',
        'AAAA mx1.twice.test',
        'TXT _dmarc.twice.test',
      ].sort(),
    );
  });

  it("checks every real message of the fixtures to mailauth's words, none an error of ours", async () => {
    // A server that knows no name at all: "no such name" for every question they cause.
    const nowhere = await startDns(['test', '#'], []);
    try {
      const files = emlFiles();
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) {
        const raw = readFileSync(file);
        const outcome = await check(raw, 'bounce@example.org', 2000, nowhere.server);
        const signed = /^DKIM-Signature:/im.test(raw.toString('latin1'));
        expect(outcome.results, file).toEqual({
          spf: 'none',
          dkim: signed ? 'neutral' : 'none',
          dmarc: outcome.headerFrom.length > 1 ? 'permerror' : 'none',
          domain: null,
        });
        // One field: every line after the first is a fold, each clause a line of its own.
        expect(outcome.header, file).toMatch(/^Authentication-Results: mx\.test;\r\n dkim=/);
        expect(
          outcome.header
            .split('\r\n')
            .slice(1)
            .every((l) => /^ \S/.test(l)),
          file,
        ).toBe(true);
        expect(outcome.header, file).toContain(';\r\n spf=none (mx.test: example.org does not');
      }
    } finally {
      await nowhere.stop();
    }
  });

  describe('the questions of hostile mail, bounded', () => {
    it(`50 DKIM signatures: ${MAX_DKIM_SIGNATURES} verified, the rest temperror`, async () => {
      let raw: Buffer = message('news@good.test');
      for (let i = 0; i < 50; i++) raw = await signed(raw);
      const { outcome, questions } = await checkAsked(raw, 'bounce@good.test');
      expect(outcome.results).toEqual(ALL_PASS);
      expect(outcome.header.match(/dkim=pass/g)).toHaveLength(MAX_DKIM_SIGNATURES);
      expect(outcome.header.match(/dkim=temperror \(DNS failure: ETOOMANY\)/g)).toHaveLength(
        50 - MAX_DKIM_SIGNATURES,
      );
      expect(questions).toHaveLength(3);
    });

    it(`an SPF record of nine 10-host MX sets stops at ${MAX_SPF_QUESTIONS} questions, DMARC still asked`, async () => {
      const { outcome, questions } = await checkAsked(message('info@wide.test'), 'info@wide.test');
      expect(outcome.results).toEqual({
        spf: 'permerror',
        dkim: 'none',
        dmarc: 'fail',
        domain: null,
      });
      expect(outcome.header).toContain('Too many DNS requests');
      expect(questions.filter((q) => q !== 'TXT _dmarc.wide.test')).toHaveLength(MAX_SPF_QUESTIONS);
      expect(questions).toContain('TXT _dmarc.wide.test');
    });

    it('twelve includes stop at RFC 7208’s ten look-ups', async () => {
      const { outcome, questions } = await checkAsked(message('info@fan.test'), 'info@fan.test');
      expect(outcome.results.spf).toBe('permerror');
      // The record itself, then ten includes; the eleventh is refused before it is asked.
      expect(questions.filter((q) => /fan\.test$/.test(q) && !q.includes('_dmarc'))).toHaveLength(
        11,
      );
    });
  });

  describe('the deadline', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a resolver that never answers: temperror everywhere once the deadline passes, not before', async () => {
      // Only the deadline's timers are faked; the resolver's own wait is far longer.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const raw = await signed(message('news@good.test'));
      let outcome: AuthOutcome | undefined;
      const lookup = createDnsLookup({ servers: [silent.server], timeoutMs: 10_000, tries: 1 });
      const done = checkSender(raw, facts('bounce@good.test'), {
        hostname: 'mx.test',
        timeoutMs: 2000,
        lookup,
      }).then((o) => (outcome = o));
      const asked = silent.queries().length;
      // The DKIM key is asked; SPF waits behind it, within three quarters of the deadline.
      await until(() => silent.queries().length === asked + 1);
      await vi.advanceTimersByTimeAsync(1499);
      expect(outcome).toBeUndefined();
      // Past them, DKIM and SPF are temperror and DMARC is asked in the last quarter.
      await vi.advanceTimersByTimeAsync(1);
      await until(() => silent.queries().length === asked + 2);
      await vi.advanceTimersByTimeAsync(499);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(outcome!.results).toEqual({
        spf: 'temperror',
        dkim: 'temperror',
        dmarc: 'temperror',
        domain: null,
      });
      expect(outcome!.header).toContain('dkim=temperror (DNS failure: ETIMEOUT)');
      expect(outcome!.header).toContain('spf=temperror');
      expect(outcome!.header).toContain('dmarc=temperror');
      // SPF's questions past its share were never sent.
      expect(silent.queries().length).toBe(asked + 2);
    });

    it('a sender whose DNS never answers leaves DMARC of the From domain its time', async () => {
      const outcome = await check(
        await signed(message('news@good.test')),
        'bounce@slow.test',
        1000,
      );
      expect(outcome.results).toEqual({
        spf: 'temperror',
        dkim: 'pass',
        dmarc: 'pass',
        domain: 'good.test',
      });
    });

    it("Node's resolver asks each server as many times as it is told", async () => {
      const asked = silent.queries().length;
      const lookup = createDnsLookup({ servers: [silent.server], timeoutMs: 100, tries: 2 });
      await expect(lookup('any.test', 'TXT')).rejects.toMatchObject({ code: 'ETIMEOUT' });
      expect(silent.queries().length - asked).toBe(2);
    });
  });

  describe('the header cap', () => {
    it(`verifies DKIM on a header block of up to ${MAX_DKIM_HEADER_BYTES} bytes, not past it`, async () => {
      const base = message('news@good.test');
      /** A signed message whose header block is `bytes` long, padded by a field nobody signs. */
      const ofHeader = async (bytes: number) => {
        const sig = await signed(base, 'good.test', 'from:to:subject:date:message-id');
        const head = sig.indexOf('\r\n\r\n') + 4;
        const pad = bytes - head - 'X-Pad: \r\n'.length;
        return Buffer.concat([Buffer.from(`X-Pad: ${'p'.repeat(pad)}\r\n`), sig]);
      };
      const within = await ofHeader(MAX_DKIM_HEADER_BYTES);
      expect(within.indexOf('\r\n\r\n') + 4).toBe(MAX_DKIM_HEADER_BYTES);
      expect((await check(within, 'bounce@good.test')).results).toEqual(ALL_PASS);
      const past = await check(await ofHeader(MAX_DKIM_HEADER_BYTES + 1), 'bounce@good.test');
      // SPF is aligned with the From: DMARC passes without the signature.
      expect(past.results).toEqual({ ...ALL_PASS, dkim: 'permerror' });
      expect(past.header).toContain('dkim=permerror (header too large to verify)');
      expect(past.headerFrom).toEqual(['news@good.test']);
    });

    /** A signed sign-up message of about `bytes`: an ordinary one for mailauth. */
    const ordinary = (bytes: number) =>
      signed(
        message('news@good.test', 'Il tuo codice di verifica è 482913.\r\n'.repeat(bytes / 38)),
      );

    it('a p=reject spoof padded past the cap still gets dmarc=fail, at the cost of an ordinary message', async () => {
      const spoofs: [string, Buffer][] = [
        ['in a field of its own', message('sicurezza@bank.test', 'Ciao.', folded('X-Pad', 40_000))],
        [
          'in its From, beside another field of 40,000 lines',
          message(
            `Banca${'\r\n x'.repeat(40_000)}\r\n <sicurezza@bank.test>`,
            'Ciao.',
            folded('X-Pad', 40_000),
          ),
        ],
        [
          // 10,000 lines (40 KB) are past the cap too, and mailauth's signer makes it in a moment.
          'signed by another domain, the pad signed too',
          await signed(
            message('sicurezza@bank.test', 'Ciao.', folded('X-Pad', 10_000)),
            'other.test',
            'from:subject:x-pad',
          ),
        ],
      ];
      for (const [name, raw] of spoofs) {
        const outcome = await check(raw, 'sicurezza@bank.test');
        expect(outcome.results, name).toMatchObject({ spf: 'fail', dmarc: 'fail', domain: null });
        expect(outcome.header, name).toMatch(/dmarc=fail \(p=REJECT\) header\.from=bank\.test/);
        expect(outcome.headerFrom, name).toEqual(['sicurezza@bank.test']);
      }
      expect((await check(spoofs[2]![1], 'sicurezza@bank.test')).results.dkim).toBe('permerror');
      const [, hostile] = spoofs[1]!;
      const baseline = await ordinary(hostile.length);
      const ratio = await cpuRatio(
        () => check(hostile, 'sicurezza@bank.test'),
        () => check(baseline, 'bounce@good.test'),
      );
      // Past the cap the spoof costs 1-3x (one pass over its header); given to mailauth whole,
      // its folds would cost seconds.
      expect(ratio).toBeLessThan(5);
    }, 120_000);

    it('a padded spoof of two From addresses is judged permerror', async () => {
      const raw = message(
        'Banca <sicurezza@bank.test> x@attacker.test',
        'Ciao.',
        folded('X-Pad', 40_000),
      );
      const outcome = await check(raw, 'x@attacker.test');
      expect(outcome.results.dmarc).toBe('permerror');
      expect(outcome.headerFrom).toEqual(['sicurezza@bank.test', 'x@attacker.test']);
    });
  });

  describe('on arrival over SMTP', () => {
    let h: Harness | null = null;
    afterEach(async () => {
      await h?.close();
      h = null;
    });

    /** Sends `raw` from `sender` to a new mailbox; resolves its summary, detail and raw copy. */
    async function deliver(raw: Buffer, sender: string) {
      const box = await h!.createMailbox();
      const info = await h!.sendRaw(raw, box.email, sender);
      expect(info.response).toMatch(/^250 /);
      const list = await h!.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) });
      const [summary] = list.json<MessageList>().messages;
      const detail = await h!.app.inject({
        url: `/api/v1/messages/${summary!.id}`,
        headers: bearer(box.token),
      });
      const eml = await h!.app.inject({
        url: `/api/v1/messages/${summary!.id}/raw`,
        headers: bearer(box.token),
      });
      return { summary: summary!, detail: detail.json<MessageDetail>(), raw: eml.rawPayload };
    }

    it('stores the results, shows them in the API and prepends Authentication-Results', async () => {
      h = await startHarness({ dnsServers: [dns.server] });
      const sent = await signed(message('news@good.test'));
      const verified = await deliver(sent, 'bounce@good.test');
      expect(verified.summary.authentication).toEqual(ALL_PASS);
      expect(verified.detail.authentication).toEqual(ALL_PASS);
      const { trace, received } = splitTrace(verified.raw);
      expect(trace).toMatch(
        /^Return-Path: <bounce@good\.test>\r\nAuthentication-Results: mx\.test;\r\n dkim=pass header\.i=@good\.test /,
      );
      expect(trace).toContain('dmarc=pass');
      expect(received.equals(sent)).toBe(true);

      const spoof = await deliver(message('sicurezza@bank.test'), 'sicurezza@bank.test');
      expect(spoof.summary.authentication).toEqual(SPOOF_FAIL);
    });

    it('takes and stores the mail with temperror when the resolver never answers', async () => {
      h = await startHarness({ dnsServers: [silent.server], dnsTimeoutMs: 300 });
      const sent = await signed(message('news@good.test'));
      const { summary, raw } = await deliver(sent, 'bounce@good.test');
      expect(summary.authentication).toEqual({
        spf: 'temperror',
        dkim: 'temperror',
        dmarc: 'temperror',
        domain: null,
      });
      expect(splitTrace(raw).received.equals(sent)).toBe(true);
    });
  });
});
