import { readFileSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { attachmentMessage } from '../../bench/lib/smtp';
import type { MessageSummaryFields } from '../src/domain/message';
import { outlineMessage } from '../src/ingest/reading/mime-outline';
import { createMessageParser, parseMessage, summarizeMessage } from '../src/ingest/reading/parse';
import { emlFiles } from './helpers/fixtures';
import { fuzzCorpus, mutate } from './helpers/mutate';
import { seededRandom, type Random } from './helpers/random';

/**
 * Ingest stores what `summarizeMessage` reads; the detail view shows what `parseMessage`
 * (mailparser) reads. The two must agree on every summary field, whichever way the summary
 * was taken: without mailparser (mime-outline.ts, the fast path), mailparser without the
 * attachment bodies, or mailparser on the whole message (`FAST_PATHS_OFF=mime-outline`).
 */
/** The fields a summary carries, whatever else the parser returned. */
function summaryOf(message: MessageSummaryFields): MessageSummaryFields {
  const { from, subject, preview, attachmentCount, code, confirmLink } = message;
  return { from, subject, preview, attachmentCount, code, confirmLink };
}

/** The summary without its fast path: mailparser reads every message whole. */
const parseWithoutOutline = createMessageParser({ mimeOutline: false });

async function expectSameSummary(raw: Buffer, label: string) {
  const full = summaryOf(await parseMessage(raw));
  expect(summaryOf(await summarizeMessage(raw)), label).toEqual(full);
  expect(summaryOf(await parseMessage(raw, { summaryOnly: true })), label).toEqual(full);
  expect(summaryOf(await parseWithoutOutline(raw, { summaryOnly: true })), label).toEqual(full);
}

/** The message of the 100 KB ingest figure, as it arrives over SMTP. */
const benchAttachmentMessage = (rnd: Random) =>
  Buffer.from(attachmentMessage(rnd.bytes(73_728), '\r\n'));

describe('summarizeMessage gives the summary of parseMessage', () => {
  it('on every fixture', async () => {
    const files = emlFiles();
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) await expectSameSummary(readFileSync(file), file);
  });

  it('on the messages of the ingest benchmark', async () => {
    const rnd = seededRandom(6);
    const body = Array.from({ length: 12 }, (_, i) => `${i + 1}${'X'.repeat(77)}`).join('\r\n');
    const oneKb = Buffer.from(
      `From: <sender@bench.test>\r\nTo: <c@bench.test>\r\nDate: Mon, 23 Nov 2026 21:27:21 +0000 (UTC)\r\nMessage-Id: <1a26.0003.0000@bench.test>\r\n\r\n${body}\r\n`,
    );
    await expectSameSummary(oneKb, '1 KB');
    await expectSameSummary(benchAttachmentMessage(rnd), '100 KB');
    const summary = await summarizeMessage(benchAttachmentMessage(rnd));
    expect(summary).toMatchObject({ attachmentCount: 1, code: '123456' });
  });

  it.each([
    '',
    'sender@example.org',
    '<sender@example.org>',
    'Mario Rossi <mario.rossi@example.org>',
    'Mario Rossi<mario.rossi@example.org>',
    '  Mario   Rossi   <mario.rossi@example.org>  ',
    '"Rossi, Mario" <mario.rossi@example.org>',
    '"Mario  Rossi " <mario.rossi@example.org>',
    '"Mario \\"Super\\" Rossi" <mario.rossi@example.org>',
    'Mario.Rossi <mario.rossi@example.org>',
    'mario.rossi@example.org (Mario Rossi)',
    'Mario <a@example.org>, Luigi <b@example.org>',
    'undisclosed-recipients:;',
    'Team: Mario <a@example.org>, Luigi <b@example.org>;',
    '=?UTF-8?Q?Mario_Ross=C3=AC?= <mario@example.org>',
    'Mario =?UTF-8?Q?Ross=C3=AC?= <mario@example.org>',
    '=?utf-8?B?TWFyaW8gUm9zc8Os?= <mario@example.org>',
    '=?UTF-8?Q?Mario?= =?UTF-8?Q?_Ross=C3=AC?= <mario@example.org>',
    '"=?UTF-8?Q?Ross=C3=AC=2C_Mario?=" <mario@example.org>',
    '=?ISO-8859-1?Q?Ross=EC?= <mario@example.org>',
    '=?UTF-8?Q?evil@attacker.example?= <mario@example.org>',
    'Mario <=?UTF-8?Q?x?=@example.org>',
    'Negozio <info@xn--caff-dma.example>',
    'Mario Rossì <mario@example.org>',
    'sender@example.org sender2@example.org',
    '<>',
    'Mario',
  ])('on the sender %j', async (from) => {
    await expectSameSummary(
      Buffer.from(`From: ${from}\r\nSubject: ciao\r\n\r\nCodice: 482913\r\n`, 'utf8'),
      from,
    );
  });

  it.each([
    'Il tuo codice: 482913',
    '=?UTF-8?Q?Il_tuo_codice_=C3=A8_482913?=',
    '=?UTF-8?B?SWwgdHVvIGNvZGljZSDDqA==?= 482913',
    '=?utf-8?B?SWwgdHVv?= =?UTF-8?B?IGNvZGljZQ==?=',
    '=?UTF-8?B?SWwgdHVvIGNv?==?UTF-8?B?ZGljZQ==?=',
    '=?UTF-8?Q?a?=   =?UTF-8?B?Yg==?= c =?UTF-8?Q?d?=',
    '=?UTF-8*it?Q?codice?=',
    '=?ISO-8859-1?Q?caff=E8?=',
    '=?UTF-8?Q?broken',
    '=?UTF-8?X?what?=',
    'Caffè già pronto',
    'Re: [lista]\r\n\t=?UTF-8?Q?ordine_n=C2=B0_12?=\r\n  seguito',
  ])('on the subject %j', async (subject) => {
    await expectSameSummary(
      Buffer.from(`From: a@example.org\r\nSubject: ${subject}\r\n\r\nTesto.\r\n`, 'utf8'),
      subject,
    );
  });

  it('on repeated, empty and odd header lines', async () => {
    for (const headers of [
      'Subject: primo\r\nSubject: secondo\r\nFrom: a@example.org\r\nFrom: b@example.org',
      'Subject: primo\r\nSubject:\r\nFrom: a@example.org\r\nFrom:',
      'Subject: primo\r\nSubject: =?UTF-8?Q??=\r\nSubject: =?UTF-8?B??=',
      'From a@example.org Mon Nov 23 2026\r\nSubject: mbox\r\nFrom: b@example.org',
      'Subject : spazio\r\nfrom:b@example.org\r\nX-Nothing',
      'Subject: tab\tin mezzo\r\nContent-Type: text/plain; charset="UTF-8"; format=fixed',
      'Subject: x\r\nContent-Type: text/plain; charset=iso-8859-1',
      'Subject: x\r\nContent-Type: text/plain; format=flowed',
      'Subject: x\r\nContent-Type: text/html',
      'Subject: x\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable',
      'Subject: x\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64',
      'Subject: x\r\nContent-Type: application/pdf',
      'Subject: x\r\nContent-Disposition: attachment; filename="a.txt"',
    ]) {
      await expectSameSummary(
        Buffer.from(`${headers}\r\n\r\nQ29kaWNlOiA0ODI5MTM=\r\nCiao=3D =\r\nsoft\r\n`),
        headers,
      );
    }
  });

  it('on mail composed with every mix of parts and encodings', async () => {
    const rnd = seededRandom(20261123);
    const names = ['Mario Rossi', 'Rossi, Mario', 'Niccolò Caffè', 'ACME', ''];
    const subjects = ['Il tuo codice è 482913', 'Conferma il tuo indirizzo', 'Ordine n. 55120', ''];
    const texts = [
      'Il tuo codice di verifica è 482913.\nScade tra 10 minuti.',
      `Riga lunga ${'parola '.repeat(60)}\nhttps://example.org/verify?token=a1b2c3d4e5f6g7h8i9\n`,
      'Ciao 👋, conferma qui: https://example.org/conferma?t=ZX81ab12cd34ef56gh',
      '',
    ];
    const htmls = [
      '<p>Il tuo codice: <b>482913</b></p><a href="https://example.org/verify?t=a1b2c3d4e5f6g7h8">Verifica</a>',
      '<div>Ciao <img src="cid:logo@et" alt="logo"></div>',
      undefined,
    ];
    for (let i = 0; i < 150; i++) {
      const attachments = Array.from({ length: rnd.int(3) }, (_, n) => ({
        filename: rnd.pick(['fattura.pdf', 'città.png', 'note.txt', 'data.bin']),
        content: rnd.bytes(rnd.int(4000)),
        ...(n === 0 && rnd.next() < 0.3 ? { cid: 'logo@et', contentType: 'image/png' } : {}),
      }));
      const raw = await new MailComposer({
        from: `${rnd.pick(names)} <mittente@example.org>`,
        to: 'inbox@localhost',
        subject: rnd.pick(subjects),
        text: rnd.pick(texts),
        html: rnd.pick(htmls),
        attachments,
        textEncoding: rnd.pick(['quoted-printable', 'base64', undefined] as const),
      })
        .compile()
        .build();
      await expectSameSummary(raw, `composed ${i}`);
    }
  }, 60_000);

  it('on the fuzz corpus', async () => {
    let n = 0;
    for (const raw of fuzzCorpus(2000)) await expectSameSummary(raw, `fuzz ${n++}`);
  }, 300_000);

  it('on mutated messages (fixed seed)', async () => {
    const rnd = seededRandom(20261124);
    const seeds: Buffer[] = emlFiles().map((f) => readFileSync(f));
    seeds.push(benchAttachmentMessage(rnd));
    for (let i = 0; i < 1500; i++) {
      await expectSameSummary(mutate(rnd, rnd.pick(seeds)), `mutant ${i}`);
    }
  }, 300_000);
});

describe('outlineMessage', () => {
  it('finds the parts of a multipart message without decoding them', () => {
    const raw = benchAttachmentMessage(seededRandom(1));
    const outline = outlineMessage(raw)!;
    expect(outline.leaves.map((l) => [l.contentType, l.isAttachment])).toEqual([
      ['text/plain', false],
      ['application/octet-stream', true],
    ]);
    const [text, blob] = outline.leaves;
    expect(raw.subarray(text!.bodyStart, text!.bodyEnd).toString()).toMatch(
      /^Hello.*123456\.\r\n$/,
    );
    expect(raw.subarray(blob!.bodyStart, blob!.bodyEnd).length).toBeGreaterThan(98_000);
  });

  // 3 MB of near-delimiters: a linear scan takes milliseconds, a quadratic one (a rescan from
  // every look-alike) would not end within the test's time limit on any machine.
  it('stays linear on a body made of boundary look-alikes', () => {
    for (const body of ['--b'.repeat(1_000_000), '--b\r\n--bX\r\n'.repeat(200_000)]) {
      const raw = Buffer.from(`Content-Type: multipart/mixed; boundary=b\r\n\r\n${body}`);
      expect(() => outlineMessage(raw)).not.toThrow();
    }
  }, 60_000);

  it('gives up where mailparser reads MIME its own way', () => {
    const multipart = (body: string) =>
      Buffer.from(`Content-Type: multipart/mixed; boundary=b\r\n\r\n${body}`);
    // Never closed; a delimiter with trailing spaces (content for mailparser); bare LF lines;
    // a closing delimiter before the first part; a message/rfc822 part.
    for (const raw of [
      multipart('--b\r\n\r\nuno\r\n--b\r\n\r\ndue\r\n'),
      multipart('--b  \r\n\r\nuno\r\n--b--\r\n'),
      multipart('--b\n\nuno\n--b--\n'),
      multipart('--b--\r\n--b\r\n\r\nuno\r\n--b--\r\n'),
      multipart('--b\r\nContent-Type: message/rfc822\r\n\r\nSubject: x\r\n\r\ny\r\n--b--\r\n'),
    ]) {
      expect(outlineMessage(raw), raw.toString()).toBeNull();
    }
  });
});
