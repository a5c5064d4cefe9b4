import { signed, type SignWith } from './dkim-sign';
import { composeMessage, HOSTILE_MESSAGES, ordinaryText } from './hostile-inputs';

/** MIME nested `levels` deep, a text part at the bottom. */
export function nestedMime(levels: number): Buffer {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
    close = `\r\n--b${i}--${close}`;
  }
  return Buffer.from(
    `From: a@b.example\r\nSubject: x\r\n${open}Content-Type: text/plain\r\n\r\nOTP 4829${close}\r\n`,
  );
}

const hostileMessage = (name: string, bytes: number) => {
  const found = HOSTILE_MESSAGES.find((m) => m.name === name);
  if (!found) throw new Error(`no hostile message named ${name}`);
  return found.make(bytes);
};

/** One of the worst inputs: its name and the message. */
export type WorstInput = [name: string, make: () => Buffer | Promise<Buffer>];

/**
 * The worst inputs for the stock libraries (mailparser, sanitize-html, html-to-text, mailauth):
 * each gives a reading worker seconds of work, or its deadline. `key` signs the message of 50
 * DKIM signatures, so that the checks find the key and verify them.
 */
export function worstInputs(key: SignWith): WorstInput[] {
  return [
    [
      '40,000 folded header lines',
      () => composeMessage({ text: 'x', headers: [`X-Folded: ${'a\r\n b'.repeat(40_000)}`] }),
    ],
    ['MIME nested 700 deep', () => nestedMime(700)],
    ['1 MB of table cells', () => hostileMessage('HTML only, code in cells (mailparser)', 1 << 20)],
    ['1 MB of bare line feeds', () => hostileMessage('bare line feeds', 1 << 20)],
    [
      "'<b>' × 100,000 then '</i>' × 100,000",
      () => composeMessage({ html: '<b>'.repeat(100_000) + '</i>'.repeat(100_000) }),
    ],
    ['a 48 KB run of CRs in a header', () => hostileMessage('CR runs in a header', 48 * 1024)],
    [
      '1 MB of quoted-printable blanks',
      () => hostileMessage('quoted-printable, blanks inside lines', 1 << 20),
    ],
    [
      '50 DKIM signatures',
      async () => {
        let raw = composeMessage({ text: ordinaryText(1024) });
        for (let i = 0; i < 50; i++) raw = await signed(raw, key);
        return raw;
      },
    ],
  ];
}
