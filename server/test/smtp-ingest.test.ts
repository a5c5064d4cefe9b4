import type { MessageDetail, MessageList } from '@et/common';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { code, openSmtp } from './helpers/smtp-client';
import { splitTrace } from './helpers/trace';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('SMTP ingress', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ maxMessageBytes: 256 * 1024 });
  });
  afterEach(async () => {
    await h.close();
  });

  const list = async (token: string) =>
    (await h.app.inject({ url: '/api/v1/messages', headers: bearer(token) })).json<MessageList>()
      .messages;

  describe('fixtures through a real SMTP client, read back through the API', () => {
    const cases: [string, string, string, RegExp][] = [
      [
        'plain.eml',
        'Conferma della prenotazione per sabato 18 ottobre',
        'prenotazioni@trattoria-da-mario.example',
        /la sua prenotazione è/,
      ],
      [
        'html-only.eml',
        "Saldi d'autunno: fino al 40% di sconto",
        'newsletter@negozio.example',
        /SALDI D'AUTUNNO/,
      ],
      [
        'alternative.eml',
        'Riunione di giovedì: ordine del giorno',
        'giulia.ferrari@azienda.example',
        /ordine del giorno/,
      ],
      [
        'attachments.eml',
        'Fattura di ottobre e foto del sopralluogo',
        'amministrazione@studio-bianchi.example',
        /in allegato trova la fattura/,
      ],
      [
        'inline-image.eml',
        'Il tuo riepilogo settimanale',
        'riepilogo@email-temporanea.example',
        /./,
      ],
      [
        'quoted-printable.eml',
        'Il tuo ordine è stato spedito – consegna prevista giovedì',
        'avvisi@spedizioni.example',
        /Totale pagato: 64,90 €/,
      ],
      [
        'iso-8859-1.eml',
        'Città, università e lunedì: il programma',
        'g.verdi@universita.example',
        /lunedì la lezione si terrà/,
      ],
      ['broken-boundary.eml', 'Report mensile di ottobre', 'noreply@gestionale.example', /\S/],
    ];

    it.each(cases)(
      '%s: stored with its summary, raw bytes kept exactly',
      async (file, subject, from, body) => {
        const { email, token } = await h.createMailbox();
        const raw = fixture(file);
        const info = await h.sendRaw(raw, email);
        expect(info.response).toMatch(/^250 2\.0\.0 OK: queued as /);

        const [summary] = await list(token);
        expect(summary).toMatchObject({ subject, from: { address: from } });

        const detail = await h.app.inject({
          url: `/api/v1/messages/${summary!.id}`,
          headers: bearer(token),
        });
        expect(detail.statusCode).toBe(200);
        const d = detail.json<MessageDetail>();
        expect(`${d.text}\n${d.html ?? ''}`).toMatch(body);
        expect(d.to).toEqual([{ name: 'Destinatario', address: 'inbox@localhost' }]);

        const eml = await h.app.inject({
          url: `/api/v1/messages/${summary!.id}/raw`,
          headers: bearer(token),
        });
        expect(eml.statusCode).toBe(200);
        expect(eml.headers['content-type']).toBe('message/rfc822');
        const { received } = splitTrace(eml.rawPayload);
        expect(Buffer.compare(received, raw)).toBe(0);
        expect(summary!.size).toBe(eml.rawPayload.length);
      },
    );

    it('lists attachments with non-ASCII names and serves their exact bytes', async () => {
      const { email, token } = await h.createMailbox();
      await h.sendRaw(fixture('attachments.eml'), email);
      const [summary] = await list(token);
      expect(summary!.hasAttachments).toBe(true);
      const d = (
        await h.app.inject({ url: `/api/v1/messages/${summary!.id}`, headers: bearer(token) })
      ).json<MessageDetail>();
      expect(d.attachments).toEqual([
        {
          id: '1',
          filename: 'fattura n° 12 – ottobre.pdf',
          contentType: 'application/pdf',
          size: 636,
        },
        { id: '2', filename: 'fotografia_città.png', contentType: 'image/png', size: 117 },
      ]);
      const expected = { '1': 'attachments/fattura.pdf', '2': 'attachments/fotografia.png' };
      for (const [id, file] of Object.entries(expected)) {
        const res = await h.app.inject({
          url: `/api/v1/messages/${summary!.id}/attachment/${id}`,
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(200);
        expect(Buffer.compare(res.rawPayload, fixture(file))).toBe(0);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="[^"]+"; filename\*=UTF-8''/,
        );
      }
    });

    it('shows the body of a message with a broken MIME boundary instead of losing it', async () => {
      const { email, token } = await h.createMailbox();
      await h.sendRaw(fixture('broken-boundary.eml'), email);
      const [summary] = await list(token);
      expect(summary!.preview.length).toBeGreaterThan(0);
    });
  });

  describe('recipients are decided at RCPT time', () => {
    it('refuses an unknown local part with 550 5.1.1', async () => {
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      await s.command('MAIL FROM:<a@example.org>');
      expect(await s.command('RCPT TO:<nobody@localhost>')).toMatch(/^550 5\.1\.1 /);
      s.close();
    });

    it('refuses a foreign domain with 550 5.7.1: never an open relay', async () => {
      const { email } = await h.createMailbox();
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      await s.command('MAIL FROM:<a@example.org>');
      const local = email.split('@')[0];
      expect(await s.command(`RCPT TO:<${local}@gmail.com>`)).toMatch(/^550 5\.7\.1 /);
      expect(await s.command(`RCPT TO:<${email}>`)).toMatch(/^250 /);
      s.close();
    });

    it('accepts the address in any letter case', async () => {
      const { email, token } = await h.createMailbox();
      await h.sendRaw(fixture('plain.eml'), email.toUpperCase());
      expect(await list(token)).toHaveLength(1);
    });

    it('refuses an expired address with 550 5.1.1, before and after the sweep', async () => {
      const { email } = await h.createMailbox();
      h.clock.advance(600_000);
      await expect(h.sendRaw(fixture('plain.eml'), email)).rejects.toMatchObject({
        responseCode: 550,
      });
      await h.sweeper.sweep();
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      await s.command('MAIL FROM:<a@example.org>');
      expect(await s.command(`RCPT TO:<${email}>`)).toMatch(/^550 5\.1\.1 /);
      s.close();
    });

    it('answers 452 4.5.3 to the 51st recipient and delivers to the first 50', async () => {
      const boxes = await Promise.all(Array.from({ length: 51 }, () => h.createMailbox()));
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      await s.command('MAIL FROM:<a@example.org>');
      for (const b of boxes.slice(0, 50))
        expect(code(await s.command(`RCPT TO:<${b.email}>`))).toBe(250);
      expect(await s.command(`RCPT TO:<${boxes[50]!.email}>`)).toMatch(/^452 4\.5\.3 /);
      expect(code(await s.command('DATA'))).toBe(354);
      s.write('Subject: many\r\n\r\nhello all\r\n.\r\n');
      expect(code(await s.nextReply())).toBe(250);
      s.close();
      expect(await list(boxes[0]!.token)).toHaveLength(1);
      expect(await list(boxes[49]!.token)).toHaveLength(1);
      expect(await list(boxes[50]!.token)).toHaveLength(0);
    });

    it('delivers one message to each of several live mailboxes, each its own copy', async () => {
      const a = await h.createMailbox();
      const b = await h.createMailbox();
      const info = await h.sendRaw(fixture('alternative.eml'), [
        a.email,
        b.email,
        a.email.toUpperCase(),
      ]);
      expect(info.accepted).toHaveLength(3);
      const [ma] = await list(a.token);
      const [mb] = await list(b.token);
      expect(ma!.subject).toBe(mb!.subject);
      expect(ma!.id).not.toBe(mb!.id);
      expect(await list(a.token)).toHaveLength(1);
      // Deleting one copy leaves the other.
      await h.app.inject({
        method: 'DELETE',
        url: `/api/v1/messages/${ma!.id}`,
        headers: bearer(a.token),
      });
      expect(await list(b.token)).toHaveLength(1);
    });
  });

  describe('size', () => {
    it('advertises SIZE, PIPELINING, 8BITMIME and SMTPUTF8, and neither AUTH nor STARTTLS', async () => {
      const s = await openSmtp(h.smtpPort);
      const ehlo = await s.command('EHLO client.test');
      expect(ehlo).toMatch(/^250[- ]SIZE 262144$/m);
      for (const ext of ['PIPELINING', '8BITMIME', 'SMTPUTF8'])
        expect(ehlo).toMatch(new RegExp(`^250[- ]${ext}$`, 'm'));
      expect(ehlo).not.toMatch(/AUTH|STARTTLS/);
      s.close();
    });

    it('refuses a message over the limit with 552 5.3.4, stores nothing, and keeps the session usable', async () => {
      const { email, token } = await h.createMailbox();
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      await s.command('MAIL FROM:<a@example.org>');
      await s.command(`RCPT TO:<${email}>`);
      expect(code(await s.command('DATA'))).toBe(354);
      const line = `${'x'.repeat(998)}\r\n`;
      s.write(`Subject: big\r\n\r\n${line.repeat(300)}.\r\n`);
      expect(await s.nextReply()).toMatch(/^552 5\.3\.4 /);
      expect(await list(token)).toHaveLength(0);

      await s.command('MAIL FROM:<a@example.org>');
      await s.command(`RCPT TO:<${email}>`);
      await s.command('DATA');
      s.write('Subject: small\r\n\r\nfits\r\n.\r\n');
      expect(code(await s.nextReply())).toBe(250);
      s.close();
      expect((await list(token)).map((m) => m.subject)).toEqual(['small']);
    });

    it('refuses up front a MAIL FROM that declares a SIZE over the limit', async () => {
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      expect(await s.command('MAIL FROM:<a@example.org> SIZE=999999999')).toMatch(/^552 5\.3\.4 /);
      s.close();
    });
  });

  describe('trace fields', () => {
    /** One message over a bare session; resolves each recipient's stored raw copy. */
    async function transact(opening: string, sender: string, to: string[], body: string) {
      const s = await openSmtp(h.smtpPort);
      await s.command(opening);
      expect(await s.command(`MAIL FROM:<${sender}>`)).toMatch(/^250 /);
      for (const rcpt of to) expect(await s.command(`RCPT TO:<${rcpt}>`)).toMatch(/^250 /);
      await s.command('DATA');
      s.write(`${body}.\r\n`);
      expect(await s.nextReply()).toMatch(/^250 /);
      s.close();
      return Promise.all(
        to.map(async (mailbox) => {
          const [summary] = await h.store.listMessages(mailbox);
          return { summary: summary!, raw: (await h.store.getRaw(mailbox, summary!.id))! };
        }),
      );
    }

    const BODY =
      'Received: from elsewhere.example by relay.example; Mon, 1 Jan 2024 00:00:00 +0000\r\nSubject: tracciato\r\n\r\nciao\r\n';

    it('prepends Return-Path and one Received per copy, for its own mailbox only', async () => {
      const a = await h.createMailbox();
      const b = await h.createMailbox();
      const copies = await transact(
        'EHLO Client.Example.org',
        'bounce@example.org',
        [a.email, b.email],
        BODY,
      );
      const date = new Date(h.clock.now()).toUTCString().replace('GMT', '+0000');
      for (const [i, mailbox] of [a.email, b.email].entries()) {
        const { summary, raw } = copies[i]!;
        const { trace, received } = splitTrace(raw);
        expect(trace).toBe(
          'Return-Path: <bounce@example.org>\r\n' +
            'Received: from client.example.org ([127.0.0.1])\r\n' +
            `\tby mx.test with ESMTP id ${summary.id}\r\n` +
            `\tfor <${mailbox}>; ${date}\r\n`,
        );
        // Every byte after ours is as received, the sender's own Received included.
        expect(received.toString()).toBe(BODY);
        expect(summary.size).toBe(raw.length);
      }
      expect(copies[0]!.raw.toString()).not.toContain(b.email);
    });

    it('writes the null sender as <> and HELO as SMTP', async () => {
      const a = await h.createMailbox();
      const [copy] = await transact('HELO old.example', '', [a.email], BODY);
      expect(splitTrace(copy!.raw).trace).toMatch(
        /^Return-Path: <>\r\nReceived: from old\.example \(\[127\.0\.0\.1\]\)\r\n\tby mx\.test with SMTP id /,
      );
    });

    it('counts the trace fields in the quota', async () => {
      await h.close();
      // Room for the message as sent, not with our fields on top.
      h = await startHarness({ mailboxMaxBytes: 1024 });
      const a = await h.createMailbox();
      const fill = `Subject: pieno\r\n\r\n${'x'.repeat(1024 - 60)}\r\n`;
      expect(Buffer.byteLength(fill)).toBeLessThanOrEqual(1024);
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      await s.command('MAIL FROM:<a@example.org>');
      await s.command(`RCPT TO:<${a.email}>`);
      await s.command('DATA');
      s.write(`${fill}.\r\n`);
      expect(await s.nextReply()).toMatch(/^452 4\.2\.2 /);
      s.close();
      expect(await h.store.listMessages(a.email)).toHaveLength(0);
    });
  });

  describe('replies a strict client reads', () => {
    /** A reply line with its enhanced code (RFC 2034): `250 2.1.0 Accepted`. */
    const ENHANCED = /^\d{3}[ -][245]\.\d{1,3}\.\d{1,3} \S/;

    it('says ESMTP once in the banner and advertises ENHANCEDSTATUSCODES', async () => {
      const s = await openSmtp(h.smtpPort);
      expect(s.greeting).toMatch(/^220 mx\.test ESMTP /);
      expect(s.greeting.match(/ESMTP/g)).toHaveLength(1);
      expect(await s.command('EHLO client.test')).toMatch(/^250[- ]ENHANCEDSTATUSCODES$/m);
      s.close();
    });

    it('gives every reply of a whole transaction one enhanced code, ours and the library’s', async () => {
      const { email } = await h.createMailbox();
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      const replies = [
        await s.command('MAIL FROM:<a@example.org>'),
        await s.command(`RCPT TO:<${email}>`),
        await s.command('RCPT TO:<nobody@localhost>'),
        await s.command('RCPT TO:<someone@elsewhere.example>'),
        await s.command('NOOP'),
        await s.command('RSET'),
        await s.command('BOGUS'),
        await s.command('MAIL FROM:<a@example.org> SIZE=999999999'),
        await s.command('MAIL FROM:<a@example.org>'),
        await s.command(`RCPT TO:<${email}>`),
      ];
      expect(await s.command('DATA')).toMatch(/^354 /);
      s.write('Subject: x\r\n\r\nx\r\n.\r\n');
      replies.push(await s.nextReply(), await s.command('QUIT'));
      for (const r of replies) expect(r).toMatch(ENHANCED);
      for (const r of replies) expect(r).not.toMatch(/^\d{3} \d\.\d+\.\d+ \d\.\d+\.\d+ /);
      expect(replies[0]).toBe('250 2.1.0 Accepted');
      expect(replies[1]).toBe('250 2.1.5 Accepted');
      expect(replies[2]).toMatch(/^550 5\.1\.1 /);
      expect(replies[3]).toMatch(/^550 5\.7\.1 /);
      expect(replies[6]).toMatch(/^500 5\.5\.2 /);
      expect(replies[10]).toMatch(/^250 2\.0\.0 OK: queued as /);
      expect(replies[11]).toMatch(/^221 2\.0\.0 /);
    });

    it('answers 555 5.5.4 to MAIL and RCPT parameters it does not know, and takes the known ones', async () => {
      const { email, token } = await h.createMailbox();
      const s = await openSmtp(h.smtpPort);
      await s.command('EHLO client.test');
      expect(await s.command('MAIL FROM:<a@example.org> FROBNICATE=yes')).toMatch(/^555 5\.5\.4 /);
      // DSN is not offered, so its parameters are unknown here.
      expect(await s.command('MAIL FROM:<a@example.org> RET=HDRS')).toMatch(/^555 5\.5\.4 /);
      expect(await s.command('MAIL FROM:<a@example.org> SIZE=100 BODY=8BITMIME SMTPUTF8')).toMatch(
        /^250 /,
      );
      expect(await s.command(`RCPT TO:<${email}> NOTIFY=NEVER`)).toMatch(/^555 5\.5\.4 /);
      expect(await s.command(`RCPT TO:<${email}>`)).toMatch(/^250 /);
      expect(await s.command('DATA')).toMatch(/^354 /);
      s.write('Subject: params\r\n\r\nx\r\n.\r\n');
      expect(await s.nextReply()).toMatch(/^250 /);
      s.close();
      expect((await list(token)).map((m) => m.subject)).toEqual(['params']);
    });
  });

  it('takes pipelined commands in one write', async () => {
    const { email, token } = await h.createMailbox();
    const s = await openSmtp(h.smtpPort);
    await s.command('EHLO client.test');
    s.write(`MAIL FROM:<a@example.org>\r\nRCPT TO:<${email}>\r\nDATA\r\n`);
    expect(code(await s.nextReply())).toBe(250);
    expect(code(await s.nextReply())).toBe(250);
    expect(code(await s.nextReply())).toBe(354);
    s.write('Subject: pipelined\r\n\r\nok\r\n.\r\n');
    expect(code(await s.nextReply())).toBe(250);
    s.close();
    expect(await list(token)).toHaveLength(1);
  });

  it('takes an SMTPUTF8 sender and 8-bit body', async () => {
    const { email, token } = await h.createMailbox();
    const s = await openSmtp(h.smtpPort);
    await s.command('EHLO client.test');
    expect(code(await s.command('MAIL FROM:<pietà@esempio.example> SMTPUTF8 BODY=8BITMIME'))).toBe(
      250,
    );
    await s.command(`RCPT TO:<${email}>`);
    await s.command('DATA');
    s.write(
      Buffer.from('From: <pietà@esempio.example>\r\nSubject: perché\r\n\r\nCaffè\r\n.\r\n', 'utf8'),
    );
    expect(code(await s.nextReply())).toBe(250);
    s.close();
    expect((await list(token))[0]).toMatchObject({ subject: 'perché', preview: 'Caffè' });
  });
});
