import { authenticate } from 'mailauth';
import { describe, expect, it } from 'vitest';
import type { Harness } from './helpers/harness';
import { openSmtp } from './helpers/smtp-client';
import { STORE_MODES, useHarnessOn } from './helpers/store-modes';
import { splitTrace } from './helpers/trace';

/** A resolver that knows nothing: the checks below read the trace fields, not the DNS. */
const noDns = async () => {
  throw Object.assign(new Error('no DNS in this test'), { code: 'ENOTFOUND' });
};

/**
 * What a reader downstream makes of a stored copy's trace fields: mailauth's own parse of each
 * Received field, and, as `trustReceived` has it, the client IP taken from our Received and the
 * envelope sender taken from our Return-Path.
 */
async function readBack(raw: Buffer) {
  const result = await authenticate(raw, {
    trustReceived: true,
    resolver: noDns,
    mta: 'reader.test',
    disableArc: true,
    disableDmarc: true,
    disableBimi: true,
  });
  const [ours, ...rest] = result.receivedChain ?? [];
  return {
    received: ours!,
    earlier: rest,
    clientIp: (result.spf as { 'client-ip'?: string })['client-ip'],
    envelopeFrom: result.dkim.envelopeFrom,
  };
}

/** A sender's own Received, which must stay below ours, untouched. */
const BODY =
  'Received: from a.example by b.example; Mon, 1 Jan 2024 00:00:00 +0000\r\n' +
  'From: x@example.org\r\nSubject: tracciato\r\n\r\nciao\r\n';

describe.each(STORE_MODES)('our trace fields cannot be forged, %s store', (mode) => {
  const harness = useHarnessOn(mode);
  let h: Harness;

  const start = async () => (h = await harness());

  /** One message over a bare session; resolves the reply to MAIL and the stored copy, if any. */
  async function transact(opening: string, mailFrom: string) {
    const box = await h.createMailbox();
    const s = await openSmtp(h.smtpPort);
    expect(await s.command(opening)).toMatch(/^250[ -]/);
    const mailReply = await s.command(`MAIL FROM:${mailFrom}`);
    if (!mailReply.startsWith('250 ')) {
      s.close();
      return { box, mailReply, copy: null };
    }
    expect(await s.command(`RCPT TO:<${box.email}>`)).toMatch(/^250 /);
    expect(await s.command('DATA')).toMatch(/^354 /);
    s.write(`${BODY}.\r\n`);
    expect(await s.nextReply()).toMatch(/^250 /);
    s.close();
    const [summary] = await h.store.listMessages(box.email);
    const raw = (await h.store.getRaw(box.email, summary!.id))!;
    return { box, mailReply, copy: { id: summary!.id, raw } };
  }

  const date = () => new Date(h.clock.now()).toUTCString().replace('GMT', '+0000');

  it.each([
    ['EHLO foo(bar', '[127.0.0.1]', '[127.0.0.1] helo=foo+28bar'],
    ['EHLO x;', '[127.0.0.1]', '[127.0.0.1] helo=x+3B'],
    ['EHLO x)by(mx.bank.test', '[127.0.0.1]', '[127.0.0.1] helo=x+29by+28mx.bank.test'],
    ['EHLO x[6.6.6.6]', '[127.0.0.1]', '[127.0.0.1] helo=x+5B6.6.6.6+5D'],
    ['EHLO [6.6.6.6]', '[6.6.6.6]', '[127.0.0.1]'],
    ['EHLO bänk.test', 'xn--bnk-qla.test', '[127.0.0.1]'],
    ['EHLO Mail.Example.ORG', 'mail.example.org', '[127.0.0.1]'],
  ])('%s: the from, by and for clauses and the date are ours', async (opening, from, comment) => {
    await start();
    const { box, copy } = await transact(opening, '<mittente@example.org>');
    const { received, earlier, clientIp } = await readBack(copy!.raw);
    expect(received).toMatchObject({
      from: { value: from, comment },
      by: { value: 'mx.test' },
      with: { value: 'ESMTP' },
      id: { value: copy!.id },
      for: { value: `<${box.email}>` },
      timestamp: date(),
    });
    // A reader that trusts our Received takes the client's real address from it.
    expect(clientIp).toBe('127.0.0.1');
    // The sender's own Received is below ours, as it came.
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).toMatchObject({
      from: { value: 'a.example' },
      by: { value: 'b.example' },
    });
    expect(splitTrace(copy!.raw).received.toString()).toBe(BODY);
  });

  it('takes no HELO name with spaces: no clause can be smuggled in whole', async () => {
    await start();
    const s = await openSmtp(h.smtpPort);
    expect(await s.command('EHLO x by evil.test')).toMatch(/^501 /);
    s.close();
  });

  it('writes a punycode or Unicode sender without SMTPUTF8 as A-labels, Unicode with it', async () => {
    await start();
    for (const [mailFrom, path, protocol] of [
      ['<info@xn--bnk-qla.test>', 'info@xn--bnk-qla.test', 'ESMTP'],
      ['<info@bänk.test>', 'info@xn--bnk-qla.test', 'ESMTP'],
      ['<info@bänk.test> SMTPUTF8', 'info@bänk.test', 'UTF8SMTP'],
      ['<pelé@example.org> SMTPUTF8', 'pelé@example.org', 'UTF8SMTP'],
    ] as const) {
      const { copy } = await transact('EHLO client.test', mailFrom);
      const { trace } = splitTrace(copy!.raw);
      expect(trace.split('\r\n')[0], mailFrom).toBe(`Return-Path: <${path}>`);
      const { received, envelopeFrom } = await readBack(copy!.raw);
      expect(envelopeFrom, mailFrom).toBe(path);
      expect(received.with?.value, mailFrom).toBe(protocol);
      if (protocol === 'ESMTP') expect(trace, mailFrom).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    }
  });

  it('refuses 553 5.6.7 a non-ASCII local part without SMTPUTF8, which no Return-Path could carry', async () => {
    await start();
    const { box, mailReply } = await transact('EHLO client.test', '<pelé@example.org>');
    expect(mailReply).toBe('553 5.6.7 Non-ASCII sender address requires SMTPUTF8');
    expect(await h.store.listMessages(box.email)).toEqual([]);
  });

  it('quotes a local part that is no dot-atom, so the path stays one address', async () => {
    await start();
    for (const [mailFrom, path] of [
      ['<a(b@example.org>', '"a(b"@example.org'],
      ['<a;b)@example.org>', '"a;b)"@example.org'],
      ['<"a(b"@example.org>', '"a(b"@example.org'],
    ] as const) {
      const { box, copy } = await transact('EHLO client.test', mailFrom);
      const { trace } = splitTrace(copy!.raw);
      expect(trace.split('\r\n')[0], mailFrom).toBe(`Return-Path: <${path}>`);
      const { received } = await readBack(copy!.raw);
      expect(received.by?.value, mailFrom).toBe('mx.test');
      expect(received.for?.value, mailFrom).toBe(`<${box.email}>`);
    }
  });
});
