import type { DeliveryRefusal, ErrorBody, RefusalList } from '@et/common';
import { MAILBOX_MAX_REFUSALS } from '@et/common';
import { describe, expect, it } from 'vitest';
import { refusalReason } from '../src/ingest/smtp/refusal-log';
import type { CappedDelivery } from '../src/counters/delivery-cap';
import { bearer, type Harness, type HarnessOptions } from './helpers/harness';
import { openEvents } from './helpers/sse-client';
import { code, openSmtp, type SmtpSession } from './helpers/smtp-client';
import { STORE_MODES, useHarnessOn } from './helpers/store-modes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTE_MS = 60_000;

describe('the reason of a refusal', () => {
  it('comes from the reply code and its RFC 3463 code, and only these five are kept', () => {
    const of = (responseCode: number, message: string) => refusalReason({ responseCode, message });
    expect(of(552, '5.3.4 Message size exceeds fixed limit of 1024 bytes')).toBe('too-big');
    expect(of(452, '4.2.2 Mailbox full, try again later')).toBe('mailbox-full');
    expect(of(451, '4.7.1 Too much mail')).toBe('sender-limit');
    expect(of(421, '4.4.2 Message data arriving too slowly, closing')).toBe('too-slow');
    // The refusal of a message that breaks a rule, e.g. more than one From (RFC 7489 §6.6.1).
    expect(of(550, '5.7.1 More than one From address')).toBe('rejected');
    // A local fault, a shutdown, an unknown address: nothing of the mailbox's mail.
    expect(of(451, '4.3.0 Temporary local problem, try again later')).toBeNull();
    expect(of(421, '4.3.2 Service shutting down, try again later')).toBeNull();
    expect(of(550, '5.1.1 Mailbox unavailable: unknown or expired address')).toBeNull();
  });
});

/**
 * Why mail did not arrive, over a real SMTP client to the real server: each refusal of mail
 * addressed to a live mailbox is kept by that mailbox and told to its page, and nothing of it
 * reaches any other address.
 */
describe.each(STORE_MODES)('refusals kept by the mailbox, %s store', (mode) => {
  const harness = useHarnessOn(mode);
  let h: Harness;
  let baseUrl: string;

  async function start(options: HarnessOptions = {}) {
    h = await harness(options);
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
    return h;
  }

  const refusals = async (token: string) => {
    const res = await h.app.inject({ url: '/api/v1/mailbox/refusals', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<RefusalList>().refusals;
  };

  /** Waits until `probe` resolves something truthy, checking every 20 ms (up to 3 s). */
  async function until<T>(probe: () => Promise<T | null>): Promise<T> {
    for (let i = 0; i < 150; i++) {
      const value = await probe();
      if (value) return value;
      await sleep(20);
    }
    throw new Error('condition not reached');
  }

  /** A session that has said EHLO and MAIL FROM. */
  async function session(sender: string): Promise<SmtpSession> {
    const s = await openSmtp(h.smtpPort);
    expect(code(await s.command('EHLO mittente.test'))).toBe(250);
    expect(code(await s.command(`MAIL FROM:<${sender}>`))).toBe(250);
    return s;
  }

  /** Sends `body` in DATA to `to` (each accepted at RCPT); resolves the final reply. */
  async function send(sender: string, to: string[], body: string) {
    const s = await session(sender);
    for (const rcpt of to) expect(code(await s.command(`RCPT TO:<${rcpt}>`))).toBe(250);
    expect(code(await s.command('DATA'))).toBe(354);
    s.write(`${body}\r\n.\r\n`);
    const reply = await s.nextReply();
    s.close();
    return reply;
  }

  /** A message of about `bytes`, in lines of 78. */
  const big = (bytes: number) =>
    `Subject: grande\r\n\r\n${`${'x'.repeat(76)}\r\n`.repeat(Math.ceil(bytes / 78))}`;

  it('keeps a too-big message: the reply sent, its size and the limit, and tells the page', async () => {
    await start({ maxMessageBytes: 64 * 1024 });
    const box = await h.createMailbox();
    const events = await openEvents(baseUrl, box.token);
    const body = big(100 * 1024);
    const reply = await send('noreply@sito.example', [box.email], body);
    expect(reply).toBe('552 5.3.4 Message size exceeds fixed limit of 65536 bytes');
    const expected: DeliveryRefusal = {
      at: new Date(h.clock.now()).toISOString(),
      sender: 'noreply@sito.example',
      reason: 'too-big',
      reply,
      size: body.length + 2,
      limit: 65536,
    };
    expect(await refusals(box.token)).toEqual([expected]);
    expect(await events.next()).toEqual({ type: 'delivery.refused', refusal: expected });
    events.close();
    expect(await h.store.listMessages(box.email)).toEqual([]);
  });

  it('keeps a full mailbox, refused 452 4.2.2 at RCPT, with the size the sender declared', async () => {
    await start({ mailboxMaxMessages: 1 });
    const box = await h.createMailbox();
    expect(await send('primo@sito.example', [box.email], 'Subject: uno\r\n\r\nciao')).toMatch(
      /^250 /,
    );
    const s = await session('secondo@sito.example');
    // MAIL FROM already went: a second transaction, with SIZE.
    await s.command('RSET');
    expect(code(await s.command('MAIL FROM:<secondo@sito.example> SIZE=1234'))).toBe(250);
    const reply = await s.command(`RCPT TO:<${box.email}>`);
    s.close();
    expect(reply).toBe('452 4.2.2 Mailbox full, try again later');
    expect(await refusals(box.token)).toEqual([
      expect.objectContaining({
        sender: 'secondo@sito.example',
        reason: 'mailbox-full',
        reply,
        size: 1234,
        limit: null,
      }),
    ]);
  });

  it('keeps a full mailbox, refused 452 4.2.2 after DATA, with the size of the message', async () => {
    await start({ mailboxMaxBytes: 1024 });
    const box = await h.createMailbox();
    const body = `Subject: pieno\r\n\r\n${'x'.repeat(1100)}`;
    const reply = await send('noreply@sito.example', [box.email], body);
    expect(reply).toBe('452 4.2.2 Mailbox full, try again later');
    expect(await refusals(box.token)).toEqual([
      expect.objectContaining({ reason: 'mailbox-full', reply, size: body.length + 2 }),
    ]);
  });

  it('keeps a message cut off for arriving too slowly, 421 4.4.2', async () => {
    await start({ smtpMinDataRate: 1000, smtpMinDataRateGraceMs: 300 });
    const box = await h.createMailbox();
    const s = await session('lento@sito.example');
    expect(code(await s.command(`RCPT TO:<${box.email}>`))).toBe(250);
    expect(code(await s.command('DATA'))).toBe(354);
    s.write('Subject: lento\r\n\r\n');
    const dribble = setInterval(() => s.socket.destroyed || s.write('x'), 50);
    const reply = await s.nextReply();
    clearInterval(dribble);
    s.close();
    expect(reply).toBe('421 4.4.2 Message data arriving too slowly, closing');
    const [refusal] = await until(async () => {
      const list = await refusals(box.token);
      return list.length ? list : null;
    });
    expect(refusal).toMatchObject({ sender: 'lento@sito.example', reason: 'too-slow', reply });
  });

  it('keeps a message a cap refused, 451 4.7.1, after asking it with the whole delivery', async () => {
    const asked: CappedDelivery[] = [];
    await start({
      deliveryCap: {
        admitsRecipient: () => true,
        admit(delivery) {
          asked.push(delivery);
          return Promise.resolve(asked.length > 1 ? { refund: () => Promise.resolve() } : null);
        },
      },
    });
    const box = await h.createMailbox();
    const body = 'Subject: tanto\r\n\r\nciao';
    const bytes = body.length + 2;
    const reply = await send('molto@sito.example', [box.email], body);
    expect(reply).toBe(
      '451 4.7.1 Too much mail from your address or to these mailboxes, try again later',
    );
    expect(asked).toEqual([
      { ip: '127.0.0.1', mailboxes: [{ address: box.email, creator: '127.0.0.1' }], bytes },
    ]);
    expect(await refusals(box.token)).toEqual([
      expect.objectContaining({ reason: 'sender-limit', reply, size: bytes, limit: null }),
    ]);
    // The same message, once the cap admits it, is stored.
    expect(await send('molto@sito.example', [box.email], body)).toMatch(/^250 /);
    expect(await h.store.listMessages(box.email)).toHaveLength(1);
  });

  it('tells nothing of other addresses: each mailbox keeps its own, unknown ones get nothing', async () => {
    await start({ maxMessageBytes: 64 * 1024 });
    const a = await h.createMailbox();
    const b = await h.createMailbox();
    const bystander = await h.createMailbox();
    const unknown = `nessuno@${a.email.split('@')[1]}`;
    const s = await session('noreply@sito.example');
    expect(code(await s.command(`RCPT TO:<${a.email}>`))).toBe(250);
    expect(code(await s.command(`RCPT TO:<${unknown}>`))).toBe(550);
    expect(code(await s.command(`RCPT TO:<${b.email}>`))).toBe(250);
    expect(code(await s.command('DATA'))).toBe(354);
    s.write(`${big(100 * 1024)}\r\n.\r\n`);
    expect(code(await s.nextReply())).toBe(552);
    s.close();
    for (const box of [a, b]) {
      const kept = await refusals(box.token);
      expect(kept).toHaveLength(1);
      const text = JSON.stringify(kept);
      for (const other of [a, b, bystander].filter((x) => x !== box)) {
        expect(text).not.toContain(other.email);
      }
      expect(text).not.toContain(unknown);
    }
    expect(await refusals(bystander.token)).toEqual([]);
    expect(await h.store.listRefusals(unknown)).toEqual([]);
  });

  it('keeps one line per sender and reason a minute, however often they try', async () => {
    await start({ mailboxMaxMessages: 1 });
    const box = await h.createMailbox();
    await send('primo@sito.example', [box.email], 'Subject: uno\r\n\r\nciao');
    const s = await session('insistente@sito.example');
    for (let i = 0; i < 5; i++) expect(code(await s.command(`RCPT TO:<${box.email}>`))).toBe(452);
    s.close();
    expect(await refusals(box.token)).toHaveLength(1);
    h.clock.advance(MINUTE_MS);
    const again = await session('insistente@sito.example');
    expect(code(await again.command(`RCPT TO:<${box.email}>`))).toBe(452);
    again.close();
    expect(await refusals(box.token)).toHaveLength(2);
  });

  it(`keeps the newest ${MAILBOX_MAX_REFUSALS}, and they go with the mailbox`, async () => {
    await start({ mailboxMaxMessages: 1 });
    const box = await h.createMailbox();
    await send('primo@sito.example', [box.email], 'Subject: uno\r\n\r\nciao');
    const s = await session('a@sito.example');
    for (let i = 0; i < MAILBOX_MAX_REFUSALS + 3; i++) {
      await s.command('RSET');
      expect(code(await s.command(`MAIL FROM:<mittente${i}@sito.example>`))).toBe(250);
      expect(code(await s.command(`RCPT TO:<${box.email}>`))).toBe(452);
    }
    s.close();
    const kept = await refusals(box.token);
    expect(kept.map((r) => r.sender)).toEqual(
      Array.from(
        { length: MAILBOX_MAX_REFUSALS },
        (_, i) => `mittente${MAILBOX_MAX_REFUSALS + 2 - i}@sito.example`,
      ),
    );
    const gone = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/mailbox',
      headers: bearer(box.token),
    });
    expect(gone.statusCode).toBe(204);
    expect(await h.store.listRefusals(box.email)).toEqual([]);
    const after = await h.app.inject({
      url: '/api/v1/mailbox/refusals',
      headers: bearer(box.token),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json<ErrorBody>().error.code).toBe('UNAUTHORIZED');
  });
});
