import { simpleParser } from 'mailparser';
import { readFileSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingAttachments } from '../src/domain/message';
import { startReadingPool, type ReadingPool } from '../src/ingest/reading';
import { emlFiles } from './helpers/fixtures';
import { fuzzCorpus } from './helpers/mutate';
import { seededRandom } from './helpers/random';

/** A part of every byte value, sent as it is (`binary`): nothing to decode. */
const BINARY_PART = Buffer.concat([
  Buffer.from(
    'From: a@b.example\r\nSubject: Binario\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n' +
      '--b\r\nContent-Type: text/plain\r\n\r\nTesto\r\n--b\r\n' +
      'Content-Type: application/octet-stream; name=tutti.bin\r\nContent-Transfer-Encoding: binary\r\n\r\n',
  ),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n--b--\r\n'),
]);

/** Messages composed with attachments of every transfer encoding, shape and name. */
async function composed(): Promise<Buffer[]> {
  const random = seededRandom(20_261_128);
  const blob = (n: number) => Buffer.from(Array.from({ length: n }, () => random.int(256)));
  const mails: Mail.Options[] = [
    { attachments: [{ filename: 'binario.bin', content: blob(5000) }] },
    {
      html: '<p>Logo: <img src="cid:logo@et"></p>',
      attachments: [{ filename: 'logo.png', content: blob(300), cid: 'logo@et' }],
    },
    {
      text: 'Testo',
      attachments: [
        {
          filename: 'nota.txt',
          content: 'righe\r\ncon = uguale e à accenti\r\n',
          encoding: 'utf8',
        },
        {
          filename: 'qp.txt',
          content: `${'x'.repeat(200)} \r\nfine`,
          contentTransferEncoding: 'quoted-printable',
        },
        { filename: 'sette.txt', content: 'solo ascii\r\n', contentTransferEncoding: '7bit' },
        { filename: 'vuoto.dat', content: Buffer.alloc(0) },
        { filename: 'fattura n° 12 – ottobre 😀.pdf', content: blob(1000) },
      ],
    },
    {
      text: 'Inoltrato',
      attachments: [
        {
          filename: 'originale.eml',
          content: 'From: a@b.example\r\nSubject: dentro\r\n\r\nCorpo\r\n',
          contentType: 'message/rfc822',
          contentDisposition: 'attachment',
        },
      ],
    },
  ];
  const built = await Promise.all(
    mails.map(
      (mail) =>
        new Promise<Buffer>((resolve, reject) =>
          new MailComposer({ from: 'a@b.example', subject: 'Allegati', ...mail })
            .compile()
            .build((err, message) => (err ? reject(err) : resolve(message))),
        ),
    ),
  );
  return [...built, BINARY_PART];
}

/**
 * Every download decodes only its own part, kept at ingest, and must give exactly what
 * mailparser gives as the attachment's content: on every fixture, on composed mail of every
 * transfer encoding, and on damaged mail (the fuzz corpus).
 */
describe('an attachment decoded from its own part', () => {
  let reader: ReadingPool;
  beforeAll(async () => {
    reader = startReadingPool({ deadlineMs: 5000, hostname: 'mx.test', checks: null });
    await reader.ready();
  }, 60_000);
  afterAll(() => reader.close());

  /** Each attachment's download as the reading placed it, against mailparser's content. */
  async function expectSame(raw: Buffer, label: string) {
    const mail = await simpleParser(raw).catch(() => null);
    const stored = await reader.readStored(raw, 'test');
    const attachments = readingAttachments(stored);
    expect(attachments.length, label).toBe(mail?.attachments.length ?? 0);
    let placed = 0;
    for (const [i, a] of attachments.entries()) {
      if (a.part) placed++;
      const bytes = a.part ? raw.subarray(a.part.start, a.part.end) : raw;
      const content = await reader.attachmentContent(bytes, a, 'test');
      expect(content?.equals(mail!.attachments[i]!.content), `${label} #${a.id}`).toBe(true);
    }
    return { attachments: attachments.length, placed };
  }

  it('on every .eml fixture, each placed in the message', async () => {
    let total = 0;
    for (const file of emlFiles()) {
      const { attachments, placed } = await expectSame(readFileSync(file), file);
      expect(placed, file).toBe(attachments);
      total += attachments;
    }
    expect(total).toBeGreaterThan(40);
  }, 120_000);

  it('on composed mail of every transfer encoding', async () => {
    for (const [i, raw] of (await composed()).entries()) {
      const { attachments, placed } = await expectSame(raw, `composed ${i}`);
      expect(attachments).toBeGreaterThan(0);
      expect(placed).toBe(attachments);
    }
  });

  it('on a part that cannot be placed: read again whole, and the same', async () => {
    // A last line past 64 KB ending in a CR with no LF: the splitter hands that CR over from a
    // copy of its own, so the part's body is not one slice of the message.
    const raw = Buffer.from(
      'From: a@b.example\r\nContent-Type: application/octet-stream; name=a.bin\r\n' +
        `Content-Transfer-Encoding: base64\r\n\r\n${'QUJD'.repeat(20_000)}\r`,
    );
    const [attachment] = readingAttachments(await reader.readStored(raw, 'test'));
    expect(attachment?.part).toBeNull();
    expect(await expectSame(raw, 'unplaced')).toEqual({ attachments: 1, placed: 0 });
  });

  it('on 400 damaged messages, placed or not', async () => {
    let attachments = 0;
    for (const [i, raw] of [...fuzzCorpus(400)].entries()) {
      attachments += (await expectSame(raw, `mutant ${i}`)).attachments;
    }
    expect(attachments).toBeGreaterThan(40);
  }, 240_000);
});
