import type { MessageDetail, MessageList, MessageSummary } from '@et/common';
import { simpleParser } from 'mailparser';
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentsJson, readingView, type NewMessage } from '../src/domain/message';
import { newMessageId } from '../src/domain/ids';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { composeMessage, ordinaryMessage } from './helpers/hostile-inputs';
import { parseMetrics } from './helpers/metrics';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { splitTrace } from './helpers/trace';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** HTML-only mail whose text html-to-text renders for seconds: past the harness's deadline. */
const DEAR = composeMessage({
  subject: 'Fattura troppo complessa',
  html: '<b>'.repeat(100_000) + '</i>'.repeat(100_000),
});

/** A deadline far below what DEAR takes, far above what ordinary mail takes. */
const READ_DEADLINE_MS = 1000;

/**
 * Every message is read once, in the reading workers, and kept: over real SMTP into the real
 * service, read back through the real API, on SQLite and on a real Redis.
 */
describe.each(['sqlite', 'redis'] as const)('the reading of a message, %s store', (mode) => {
  let redis: TestRedis | undefined;
  let h: Harness;

  beforeAll(async () => {
    if (mode === 'redis') redis = await startRedis();
    h = await startHarness({
      readDeadlineMs: READ_DEADLINE_MS,
      maxMessageBytes: 4 * 1024 * 1024,
      ...(redis ? { storeUrl: redis.url } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await redis?.stop();
  });

  const get = (token: string, url: string) =>
    h.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });
  const list = async (token: string) =>
    (await get(token, '/messages')).json<MessageList>().messages;
  const only = async (token: string): Promise<MessageSummary> => {
    const messages = await list(token);
    expect(messages).toHaveLength(1);
    return messages[0]!;
  };
  /** The client's address is the sender the reading workers share their time by. */
  const sendFrom = (localAddress: string, raw: Buffer | string, to: string) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: h.smtpPort,
      ignoreTLS: true,
      localAddress,
    });
    return transport
      .sendMail({ envelope: { from: 'mittente@example.org', to: [to] }, raw })
      .finally(() => transport.close());
  };
  const deadlinesCounted = async () =>
    parseMetrics((await h.service.observability.metrics.scrape()).body)
      .filter((s) => s.name === 'tempmail_read_deadlines_total')
      .reduce((sum, s) => sum + s.value, 0);

  it('stores a message past the deadline: listed, shown too complex, raw as sent, counted; mail from another sender arrives meanwhile', async () => {
    const [dearBox, otherBox] = [await h.createMailbox(), await h.createMailbox()];
    const counted = await deadlinesCounted();
    const [dear, other] = await Promise.all([
      sendFrom('127.0.0.2', DEAR, dearBox.email),
      sendFrom('127.0.0.1', ordinaryMessage(2048), otherBox.email),
    ]);
    expect(dear.response).toMatch(/^250 /);
    expect(other.response).toMatch(/^250 /);
    expect(await deadlinesCounted()).toBe(counted + 1);

    const summary = await only(dearBox.token);
    expect(summary).toMatchObject({
      from: { name: 'Negozio', address: 'noreply@negozio.example' },
      subject: 'Fattura troppo complessa',
      preview: '',
      hasAttachments: false,
      code: null,
    });
    const detail = await get(dearBox.token, `/messages/${summary.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<MessageDetail>()).toMatchObject({
      id: summary.id,
      status: 'too-complex',
      text: '',
      html: null,
      attachments: [],
    });
    const raw = await get(dearBox.token, `/messages/${summary.id}/raw`);
    expect(raw.statusCode).toBe(200);
    // As it went over the wire: SMTP ends the data with a line break.
    const wire = Buffer.concat([DEAR, Buffer.from('\r\n')]);
    expect(splitTrace(raw.rawPayload).received.equals(wire)).toBe(true);

    const read = await only(otherBox.token);
    const ordinary = (await get(otherBox.token, `/messages/${read.id}`)).json<MessageDetail>();
    expect(ordinary).toMatchObject({ status: 'complete', code: '482913' });
    expect(ordinary.text).toContain('il tuo codice di verifica è 482913');
  }, 60_000);

  it('answers the detail from the reading kept at ingest, never from the raw bytes', async () => {
    const box = await h.createMailbox();
    // What the raw bytes say and what the reading kept says differ: the answer is the reading.
    const raw = Buffer.from('Subject: dai byte\r\n\r\nTesto dei byte grezzi\r\n');
    const reading = {
      status: 'complete' as const,
      to: [{ name: 'Anna', address: box.email }],
      text: 'Testo della lettura conservata',
      html: '<p>Lettura <b>conservata</b></p>',
      attachments: [],
    };
    const id = newMessageId();
    const message: NewMessage = {
      id,
      receivedAt: h.clock.now(),
      size: raw.length,
      from: { name: 'Anna', address: 'anna@example.org' },
      subject: 'Conservata',
      preview: 'Testo della lettura conservata',
      attachmentCount: 0,
      code: null,
      confirmLink: null,
      authentication: null,
      raw,
      reading: { view: readingView(reading), attachments: attachmentsJson([]) },
    };
    await h.store.putMessages([{ mailbox: box.email, message }], h.clock.now(), {
      maxMessages: 10,
      maxBytes: 1_000_000,
    });
    const detail = await get(box.token, `/messages/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-type']).toMatch(/^application\/json/);
    expect(detail.json<MessageDetail>()).toEqual({
      id,
      from: { name: 'Anna', address: 'anna@example.org' },
      subject: 'Conservata',
      preview: 'Testo della lettura conservata',
      receivedAt: new Date(h.clock.now()).toISOString(),
      size: raw.length,
      hasAttachments: false,
      code: null,
      confirmLink: null,
      authentication: null,
      ...reading,
    });
  });

  it('reads a message stored without a reading on its first view, and keeps what it read', async () => {
    const box = await h.createMailbox();
    const raw = fixture('attachments.eml');
    const id = newMessageId();
    await h.store.putMessages(
      [
        {
          mailbox: box.email,
          message: {
            id,
            receivedAt: h.clock.now(),
            size: raw.length,
            from: { name: '', address: 'amministrazione@studio-bianchi.example' },
            subject: 'Fattura di ottobre e foto del sopralluogo',
            preview: '',
            attachmentCount: 2,
            code: null,
            confirmLink: null,
            authentication: null,
            raw,
          },
        },
      ],
      h.clock.now(),
      { maxMessages: 10, maxBytes: 1_000_000 },
    );
    expect(await h.store.getReading(box.email, id)).toBeNull();
    const detail = (await get(box.token, `/messages/${id}`)).json<MessageDetail>();
    expect(detail.status).toBe('complete');
    expect(detail.text).toContain('in allegato trova la fattura');
    expect(detail.attachments.map((a) => a.filename)).toEqual([
      'fattura n° 12 – ottobre.pdf',
      'fotografia_città.png',
    ]);
    const kept = await h.store.getReading(box.email, id);
    expect(kept).not.toBeNull();
    expect(JSON.parse(kept!.view)).toMatchObject({
      text: detail.text,
      attachments: detail.attachments,
    });
    const pdf = await get(box.token, `/messages/${id}/attachment/1`);
    expect(pdf.rawPayload.equals(fixture('attachments/fattura.pdf'))).toBe(true);
  });

  it('serves every attachment of every fixture from its own part, as mailparser reads it', async () => {
    const files = [
      'attachments.eml',
      'inline-image.eml',
      'corpus/attachment-zero-byte.eml',
      'corpus/rfc2231-continuations.eml',
      'corpus/nested-forwarded-rfc822.eml',
      'corpus/attachment-tnef-winmail.eml',
    ];
    for (const file of files) {
      const box = await h.createMailbox();
      const sent = fixture(file);
      await h.sendRaw(sent, box.email);
      const { id } = await only(box.token);
      const detail = (await get(box.token, `/messages/${id}`)).json<MessageDetail>();
      const mail = await simpleParser(sent);
      expect(detail.attachments.length, file).toBe(mail.attachments.length);
      for (const [i, a] of detail.attachments.entries()) {
        const download = await get(box.token, `/messages/${id}/attachment/${a.id}`);
        expect(download.statusCode, file).toBe(200);
        expect(download.rawPayload.equals(mail.attachments[i]!.content), `${file} #${a.id}`).toBe(
          true,
        );
        expect(a.size).toBe(download.rawPayload.length);
      }
    }
  }, 60_000);

  it('refuses more than one From address with 550 5.7.1, storing nothing', async () => {
    const box = await h.createMailbox();
    for (const from of [
      'From: x@attacker.test\r\nFrom: Banca <sicurezza@banca.test>',
      'From: Banca <sicurezza@banca.test>, x@attacker.test',
      'From: gruppo: Banca <sicurezza@banca.test>, x@attacker.test;',
    ]) {
      const raw = `${from}\r\nSubject: Verifica il conto\r\n\r\nAccedi subito.\r\n`;
      await expect(h.sendRaw(raw, box.email)).rejects.toMatchObject({
        responseCode: 550,
        response: expect.stringMatching(/^550 5\.7\.1 /),
      });
    }
    await h.sendRaw('From: Banca <sicurezza@banca.test>\r\nSubject: Una\r\n\r\nOk.\r\n', box.email);
    expect((await list(box.token)).map((m) => m.subject)).toEqual(['Una']);
  });

  it('takes out an incoming Authentication-Results field in our name before storing', async () => {
    const box = await h.createMailbox();
    const sent =
      'Authentication-Results: mx.test; spf=pass; dkim=pass; dmarc=pass header.from=banca.test\r\n' +
      'Authentication-Results: other.example; spf=fail\r\n' +
      'From: Banca <sicurezza@banca.test>\r\nSubject: Fidati\r\n\r\nCorpo.\r\n';
    await h.sendRaw(sent, box.email);
    const { id } = await only(box.token);
    const stored = (await get(box.token, `/messages/${id}/raw`)).rawPayload.toString('latin1');
    const fields = stored.split('\r\n\r\n')[0]!.split('\r\n');
    expect(fields.filter((f) => /^authentication-results:\s*mx\.test\b/i.test(f))).toEqual([]);
    expect(fields).toContain('Authentication-Results: other.example; spf=fail');
    expect(stored).toContain('Corpo.');
  });

  it('cuts names on code points and drops the controls that reorder them, stored and served', async () => {
    const box = await h.createMailbox();
    const name = `${'a'.repeat(199)}😀.pdf`;
    const sent = [
      'From: =?UTF-8?Q?Banca=E2=80=AE_Sicura?= <sicurezza@banca.test>',
      'Subject: =?UTF-8?Q?Fattura=E2=81=A6_urgente=E2=80=AE?=',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Allegati.',
      '--b',
      `Content-Type: application/pdf`,
      `Content-Disposition: attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Content-Transfer-Encoding: base64',
      '',
      'JVBERi0xLjQK',
      '--b',
      'Content-Type: application/octet-stream',
      'Content-Disposition: attachment; filename="=?UTF-16BE?B?2AAAeA==?="',
      '',
      'x',
      '--b',
      'Content-Type: application/octet-stream',
      'Content-Disposition: attachment; filename="=?UTF-8?Q?fattura=E2=80=AEfdp.exe?="',
      '',
      'y',
      '--b--',
      '',
    ].join('\r\n');
    await h.sendRaw(sent, box.email);
    const summary = await only(box.token);
    expect(summary.from.name).toBe('Banca Sicura');
    expect(summary.subject).toBe('Fattura urgente');
    const detail = (await get(box.token, `/messages/${summary.id}`)).json<MessageDetail>();
    expect(detail.attachments.map((a) => a.filename)).toEqual([
      'a'.repeat(199),
      '\uFFFDx',
      'fatturafdp.exe',
    ]);
    for (const a of detail.attachments) {
      const download = await get(box.token, `/messages/${summary.id}/attachment/${a.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${a.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(a.filename)}`,
      );
    }
  });

  it('cleans the names of a message stored before names were cleaned, on the way out', async () => {
    const box = await h.createMailbox();
    const raw = Buffer.from('Subject: vecchio\r\n\r\nCorpo\r\n');
    const id = newMessageId();
    await h.store.putMessages(
      [
        {
          mailbox: box.email,
          message: {
            id,
            receivedAt: h.clock.now(),
            size: raw.length,
            from: { name: 'Banca\u202E Sicura', address: 'sicurezza@banca.test' },
            subject: 'Fattura\u2066 urgente\u2069',
            preview: '',
            attachmentCount: 0,
            code: null,
            confirmLink: null,
            authentication: null,
            raw,
          },
        },
      ],
      h.clock.now(),
      { maxMessages: 10, maxBytes: 1_000_000 },
    );
    const summary = await only(box.token);
    expect(summary.from.name).toBe('Banca Sicura');
    expect(summary.subject).toBe('Fattura urgente');
    const detail = (await get(box.token, `/messages/${id}`)).json<MessageDetail>();
    expect(detail.subject).toBe('Fattura urgente');
    expect(detail.from.name).toBe('Banca Sicura');
  });
});

describe('the view limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ viewRateLimitPerMinute: 3 });
  }, 60_000);
  afterAll(() => h.close());

  it('allows each token its opens and downloads per minute, then 429 with Retry-After', async () => {
    const [box, other] = [await h.createMailbox(), await h.createMailbox()];
    await h.sendRaw(fixture('attachments.eml'), box.email);
    await h.sendRaw(fixture('plain.eml'), other.email);
    const get = (token: string, url: string) =>
      h.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });
    const [{ id }] = (await get(box.token, '/messages')).json<MessageList>().messages as [
      MessageSummary,
    ];
    const urls = [`/messages/${id}`, `/messages/${id}/attachment/1`, `/messages/${id}/raw`];
    for (const url of urls) expect((await get(box.token, url)).statusCode).toBe(200);
    for (const url of urls) {
      const refused = await get(box.token, url);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.stringMatching(/retry in \d+ s$/) },
      });
    }
    // The list is not a view, and another token has an allowance of its own.
    expect((await get(box.token, '/messages')).statusCode).toBe(200);
    const [theirs] = (await get(other.token, '/messages')).json<MessageList>().messages;
    expect((await get(other.token, `/messages/${theirs!.id}`)).statusCode).toBe(200);
  });
});
