import type { MessageAuthentication, MessageDetail, MessageList } from '@et/common';
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../src/ingest/dns-resolver';
import {
  createMessageAuth,
  limitSignatures,
  MAX_DKIM_SIGNATURES,
  MAX_SPF_QUERIES,
  type AuthWork,
} from '../src/ingest/message-auth';
import { startDns, startSilentDns, type TestDns } from './helpers/dns-server';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { splitTrace } from './helpers/trace';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** The test zones: who may send from where, and with which keys and policies. */
const RECORDS = [
  // good.test: SPF for our client IP, a DKIM key, DMARC reject.
  { type: 'TXT', name: 'good.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'sel._domainkey.good.test', text: DKIM_RECORD },
  { type: 'TXT', name: '_dmarc.good.test', text: 'v=DMARC1; p=reject' },
  // other.test signs and sends for itself, not for brand.test.
  { type: 'TXT', name: 'other.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'sel._domainkey.other.test', text: DKIM_RECORD },
  { type: 'TXT', name: '_dmarc.brand.test', text: 'v=DMARC1; p=none' },
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
  // wide.test's SPF asks for nine MX sets of ten hosts each: 190 questions without a cap.
  {
    type: 'TXT',
    name: 'wide.test',
    text: `v=spf1 ${Array.from({ length: 9 }, (_, i) => `mx:m${i}.wide.test`).join(' ')} -all`,
  },
  ...Array.from({ length: 9 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ({
      type: 'MX' as const,
      name: `m${i}.wide.test`,
      exchange: `h${j}.wide.test`,
      priority: j,
    })),
  ).flat(),
  ...Array.from({ length: 10 }, (_, j) => ({
    type: 'A' as const,
    name: `h${j}.wide.test`,
    address: `192.0.2.${100 + j}`,
  })),
  { type: 'TXT', name: '_dmarc.wide.test', text: 'v=DMARC1; p=reject' },
  // bank.test sends only from 192.0.2.1 and asks for spoofs to be rejected.
  { type: 'TXT', name: 'bank.test', text: 'v=spf1 ip4:192.0.2.1 -all' },
  { type: 'TXT', name: '_dmarc.bank.test', text: 'v=DMARC1; p=reject' },
] as const;

const message = (from: string, body = 'Ciao, ecco il codice.') =>
  Buffer.from(
    `From: <${from}>\r\nTo: <inbox@localhost>\r\nSubject: Prova\r\n` +
      `Date: Wed, 25 Nov 2026 08:00:00 +0000\r\nMessage-ID: <1@${from.split('@')[1]}>\r\n\r\n${body}\r\n`,
  );

async function signed(raw: Buffer, domain: string): Promise<Buffer> {
  const key = { signingDomain: domain, selector: 'sel', privateKey: PRIVATE_PEM };
  // mailauth 4.13 signs with the keys of signatureData only.
  const { signatures } = await dkimSign(raw, { ...key, signatureData: [key] });
  return Buffer.concat([Buffer.from(signatures), raw]);
}

describe('SPF, DKIM and DMARC against a real DNS server', () => {
  let dns: TestDns;
  let silent: TestDns;
  beforeAll(async () => {
    silent = await startSilentDns();
    // slow.test's servers never answer: its questions go to the silent server.
    dns = await startDns(
      ['good.test', 'other.test', 'brand.test', 'bank.test', 'plain.test', 'fan.test', 'wide.test'],
      [...RECORDS],
      { forward: { 'slow.test': silent.server } },
    );
  });
  afterAll(async () => {
    await Promise.all([dns?.stop(), silent?.stop()]);
  });

  const checker = (server: string, timeoutMs = 2000, onWork?: (work: AuthWork) => void) =>
    createMessageAuth({
      lookup: createDnsResolver({
        servers: [server],
        timeoutMs,
        now: () => performance.now(),
      }),
      hostname: 'mx.test',
      timeoutMs,
      ...(onWork ? { onWork } : {}),
    });
  const facts = (sender: string) => ({ ip: '127.0.0.1', helo: 'client.test', sender });

  const cases: [string, () => Promise<Buffer>, string, MessageAuthentication][] = [
    [
      'aligned and passing',
      () => signed(message('news@good.test'), 'good.test'),
      'bounce@good.test',
      { spf: 'pass', dkim: 'pass', dmarc: 'pass', domain: 'good.test' },
    ],
    [
      'signed by another domain than the From',
      () => signed(message('news@brand.test'), 'other.test'),
      'bounce@other.test',
      { spf: 'pass', dkim: 'pass', dmarc: 'fail', domain: null },
    ],
    [
      'body changed after signing',
      async () => {
        const raw = await signed(message('news@good.test', 'Importo: 10 euro'), 'good.test');
        return Buffer.from(raw.toString().replace('10 euro', '9000 euro'));
      },
      'bounce@other.test',
      // mailauth, like Gmail, says neutral ("body hash did not verify"), not fail.
      { spf: 'pass', dkim: 'neutral', dmarc: 'fail', domain: null },
    ],
    [
      'SPF -all from the wrong IP, p=reject spoofing',
      async () => message('sicurezza@bank.test'),
      'sicurezza@bank.test',
      { spf: 'fail', dkim: 'none', dmarc: 'fail', domain: null },
    ],
    [
      'no records at all',
      async () => message('ciao@plain.test'),
      'ciao@plain.test',
      { spf: 'none', dkim: 'none', dmarc: 'none', domain: null },
    ],
  ];

  it.each(cases)('%s', async (_name, build, sender, expected) => {
    const outcome = await checker(dns.server)(await build(), facts(sender));
    expect(outcome.results).toEqual(expected);
    expect(outcome.header).toMatch(/^Authentication-Results: mx\.test;/);
    expect(outcome.header).toContain(`dmarc=${expected.dmarc}`);
    expect(outcome.header).not.toMatch(/\r?\n$/);
  });

  it('stops an SPF record that fans out past ten lookups with permerror', async () => {
    const outcome = await checker(dns.server)(message('info@fan.test'), facts('info@fan.test'));
    expect(outcome.results.spf).toBe('permerror');
  });

  it('checks a message with 50 DKIM signatures to one result, verifying the first five', async () => {
    let raw: Buffer = message('news@good.test');
    for (let i = 0; i < 50; i++) raw = await signed(raw, 'good.test');
    expect(raw.toString().match(/^DKIM-Signature:/gm)).toHaveLength(50);
    const limited = limitSignatures(raw, MAX_DKIM_SIGNATURES);
    expect(limited.toString().match(/^DKIM-Signature:/gm)).toHaveLength(MAX_DKIM_SIGNATURES);
    // The first five signatures and everything but the other signatures, byte for byte.
    const fields = raw.toString().split(/\r\n(?=DKIM-Signature:|From:)/);
    expect(limited.toString()).toBe([...fields.slice(0, 5), fields.at(-1)].join('\r\n'));
    expect(limitSignatures(limited, MAX_DKIM_SIGNATURES)).toBe(limited);
    const outcome = await checker(dns.server)(raw, facts('bounce@good.test'));
    expect(outcome.results).toEqual({
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      domain: 'good.test',
    });
  });

  it('gives temperror for every check when the resolver never answers, within the bound', async () => {
    const startedAt = performance.now();
    const outcome = await checker(silent.server, 300)(
      await signed(message('news@good.test'), 'good.test'),
      facts('bounce@good.test'),
    );
    const took = performance.now() - startedAt;
    expect(outcome.results).toEqual({
      spf: 'temperror',
      dkim: 'temperror',
      dmarc: 'temperror',
      domain: null,
    });
    expect(outcome.header).toContain('spf=temperror');
    // The bound plus a scheduling margin: the check never waits for DNS beyond DNS_TIMEOUT_MS.
    expect(took).toBeLessThan(300 + 700);
  });

  describe('the work of hostile mail, counted', () => {
    /** One check with a resolver of its own (nothing kept yet): its results, work and questions. */
    async function measure(raw: Buffer, sender: string) {
      let work: AuthWork | undefined;
      const before = dns.queries().length;
      const outcome = await checker(dns.server, 2000, (w) => (work = w))(raw, facts(sender));
      return { results: outcome.results, work: work!, questions: dns.queries().length - before };
    }

    it('an ordinary signed message: three questions, one signature', async () => {
      const ordinary = await measure(
        await signed(message('news@good.test'), 'good.test'),
        'bounce@good.test',
      );
      expect(ordinary.results.dmarc).toBe('pass');
      expect(ordinary.work).toEqual({ queries: { dkim: 1, spf: 1, dmarc: 1 }, signatures: 1 });
      expect(ordinary.questions).toBe(3);
    });

    it('50 DKIM signatures: five verified, five key questions', async () => {
      let raw: Buffer = message('news@good.test');
      for (let i = 0; i < 50; i++) raw = await signed(raw, 'good.test');
      const hostile = await measure(raw, 'bounce@good.test');
      expect(hostile.work.signatures).toBe(MAX_DKIM_SIGNATURES);
      expect(hostile.work.queries.dkim).toBeLessThanOrEqual(MAX_DKIM_SIGNATURES);
      expect(hostile.questions).toBeLessThanOrEqual(MAX_DKIM_SIGNATURES + 2);
    });

    it('an SPF record of nine 10-host MX sets stops at MAX_SPF_QUERIES, DMARC still answered', async () => {
      const hostile = await measure(message('info@wide.test'), 'info@wide.test');
      expect(hostile.results).toEqual({
        spf: 'permerror',
        dkim: 'none',
        dmarc: 'fail',
        domain: null,
      });
      expect(hostile.work.queries.spf).toBe(MAX_SPF_QUERIES);
      expect(hostile.questions).toBeLessThanOrEqual(MAX_SPF_QUERIES + 2);
    });

    it('twelve includes stop at RFC 7208’s ten look-ups', async () => {
      const hostile = await measure(message('info@fan.test'), 'info@fan.test');
      expect(hostile.results.spf).toBe('permerror');
      // The record itself, then ten includes; the eleventh is refused before it is asked.
      expect(hostile.work.queries.spf).toBe(11);
    });

    it('a sender whose DNS never answers leaves DMARC of the From domain its time', async () => {
      const startedAt = performance.now();
      const outcome = await checker(dns.server, 800)(
        await signed(message('news@good.test'), 'good.test'),
        facts('bounce@slow.test'),
      );
      expect(outcome.results).toEqual({
        spf: 'temperror',
        dkim: 'pass',
        dmarc: 'pass',
        domain: 'good.test',
      });
      expect(performance.now() - startedAt).toBeLessThan(800 + 700);
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
      const sent = await signed(message('news@good.test'), 'good.test');
      const verified = await deliver(sent, 'bounce@good.test');
      const pass = { spf: 'pass', dkim: 'pass', dmarc: 'pass', domain: 'good.test' };
      expect(verified.summary.authentication).toEqual(pass);
      expect(verified.detail.authentication).toEqual(pass);
      const { trace, received } = splitTrace(verified.raw);
      expect(trace).toMatch(
        /^Return-Path: <bounce@good\.test>\r\nAuthentication-Results: mx\.test;/,
      );
      expect(trace).toMatch(/dkim=pass header\.i=@good\.test /);
      expect(trace).toContain('dmarc=pass');
      expect(received.equals(sent)).toBe(true);

      const spoof = await deliver(message('sicurezza@bank.test'), 'sicurezza@bank.test');
      expect(spoof.summary.authentication).toEqual({
        spf: 'fail',
        dkim: 'none',
        dmarc: 'fail',
        domain: null,
      });
    });

    it('takes and stores the mail with temperror when the resolver never answers', async () => {
      h = await startHarness({ dnsServers: [silent.server], dnsTimeoutMs: 300 });
      const sent = await signed(message('news@good.test'), 'good.test');
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
