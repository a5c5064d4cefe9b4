/**
 * Inputs for the per-message steps of ingest, ordinary and pathological, shared by the hostile
 * bench phase (bench/phases/hostile.ts) and server/test/hostile-mail.test.ts: the bench searches
 * them for the worst cost per KB, the test pins the worst it found.
 */
import type { Random } from './random';

/** `unit` repeated and cut to exactly `chars` characters. */
export const repeatTo = (unit: string, chars: number) =>
  unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);

/** The top of a sign-up mail: what an ordinary message opens with. */
const ORDINARY_HEAD =
  'Ciao Mario,\n\nil tuo codice di verifica è 482913.\nScade tra 10 minuti.\n\n' +
  'Conferma il tuo indirizzo da qui:\nhttps://negozio.example/account/conferma?token=a8F3kL9qZx72mP4tR1\n\n';

/** A newsletter paragraph with the numbers real mail carries: prices, dates, an order, a phone. */
const ORDINARY_PARAGRAPH =
  'La nostra offerta di novembre: spedizione gratuita sopra 49,90 € fino al 30/11/2025. ' +
  'Ordine n. 2025-004217 in preparazione; per assistenza chiama il 02 1234 5678 dal lunedì ' +
  'al venerdì, dalle 9:00 alle 18:00. Scopri le novità su https://negozio.example/novita e ' +
  'grazie per aver scelto il nostro negozio, a presto!\n\n';

/** An ordinary plain-text body of `chars` characters: a code at the top, then newsletter prose. */
export function ordinaryText(chars: number): string {
  return (ORDINARY_HEAD + repeatTo(ORDINARY_PARAGRAPH, chars)).slice(0, chars);
}

const ORDINARY_HTML_HEAD =
  '<html><head><style>p{margin:0 0 12px}td{padding:8px}</style></head><body>' +
  '<table width="600" cellpadding="0" cellspacing="0"><tr><td align="center">' +
  '<p>Ciao Mario,</p><p>il tuo codice di verifica è</p><h1>482913</h1>' +
  '<p><a href="https://negozio.example/account/conferma?token=a8F3kL9qZx72mP4tR1">Conferma il tuo indirizzo</a></p>' +
  '</td></tr></table>';

const ORDINARY_HTML_BLOCK =
  '<table width="600"><tr><td><p style="font-family:Arial">La nostra offerta di novembre: ' +
  'spedizione gratuita sopra <b>49,90&nbsp;&euro;</b> fino al 30/11/2025. Ordine n. 2025-004217 ' +
  'in preparazione.</p><p>Per assistenza chiama il 02 1234 5678 dalle 9:00 alle 18:00. ' +
  '<a href="https://negozio.example/novita?utm_source=mail">Scopri le novità</a></p>' +
  '<img src="https://negozio.example/banner.png" alt="Offerte" width="600"></td></tr></table>\n';

/** An ordinary HTML body of `chars` characters: a newsletter layout of tables and paragraphs. */
export function ordinaryHtml(chars: number): string {
  const tail = '</body></html>';
  const body = repeatTo(
    ORDINARY_HTML_BLOCK,
    Math.max(0, chars - ORDINARY_HTML_HEAD.length - tail.length),
  );
  return ORDINARY_HTML_HEAD + body + tail;
}

/**
 * A message of about `bytes` bytes: text and HTML as alternatives, 8bit, UTF-8 (read without
 * mailparser) or another charset (read by mailparser).
 */
export function ordinaryMessage(bytes: number, charset = 'utf-8'): Buffer {
  const half = Math.floor(bytes / 2) - 300;
  return composeMessage({ text: ordinaryText(half), html: ordinaryHtml(half), charset });
}

/**
 * The ordinary message of the structural cases below: their structure is what the outline gives
 * up on (too many parts, too deep, a bare line feed in the headers), so mailparser reads them,
 * as it reads ordinary mail in a charset other than UTF-8.
 */
const readByMailparser = (bytes: number) => ordinaryMessage(bytes, 'iso-8859-1');

/** What `composeMessage` builds a message of. */
export interface MessageParts {
  subject?: string;
  text?: string;
  html?: string;
  /** The text parts' charset (`iso-8859-1` sends the message to mailparser). */
  charset?: string;
  /** Extra header lines, as written. */
  headers?: string[];
}

/** A MIME message: text and/or HTML (alternatives when both), CRLF line ends. */
export function composeMessage({
  subject = 'Il tuo codice di verifica',
  text,
  html,
  charset = 'utf-8',
  headers = [],
}: MessageParts): Buffer {
  const head = [
    'From: Negozio <noreply@negozio.example>',
    'To: <mario@example.test>',
    `Subject: ${subject}`,
    'Date: Tue, 25 Nov 2025 10:00:00 +0000',
    'Message-ID: <hostile@negozio.example>',
    'MIME-Version: 1.0',
    ...headers,
  ];
  const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
  const leaf = (type: string, body: string) =>
    [
      `Content-Type: ${type}; charset=${charset}`,
      'Content-Transfer-Encoding: 8bit',
      '',
      crlf(body),
    ].join('\r\n');
  let rest: string;
  if (text !== undefined && html !== undefined) {
    const b = 'alt-boundary-7f3c9a21';
    rest = [
      `Content-Type: multipart/alternative; boundary="${b}"`,
      '',
      `--${b}`,
      leaf('text/plain', text),
      `--${b}`,
      leaf('text/html', html),
      `--${b}--`,
      '',
    ].join('\r\n');
  } else {
    rest = leaf(html !== undefined ? 'text/html' : 'text/plain', html ?? text ?? '');
  }
  const all = `${head.join('\r\n')}\r\n${rest}`;
  return charset.toLowerCase() === 'utf-8' ? Buffer.from(all, 'utf8') : Buffer.from(all, 'latin1');
}

/** A named pathological text: `make(chars)` builds it at that size. */
export interface HostileText {
  name: string;
  make(chars: number): string;
}

const rep = (name: string, unit: string): HostileText => ({
  name,
  make: (chars) => repeatTo(unit, chars),
});

/**
 * Repetitions that put a code word, a code or a separator at every few characters: what the
 * verification heuristic, the preview and the link finder read word by word.
 */
export const HOSTILE_TEXTS: HostileText[] = [
  rep('keyword+alnum code', 'OTP A1B2C3 '),
  rep('keyword+numeric code', 'OTP 482913 '),
  rep('codice+4 digits', 'codice 4829 '),
  rep('code word, code line', 'code\n123456\n'),
  rep('keyword line, code line', 'codice di verifica OTP PIN token\n482913\n'),
  rep('keyword+price', 'OTP 49,90 € '),
  rep('keyword+decoy', 'codice ordine n. 482913 '),
  rep('keyword, decoy, code', 'OTP ordine 482913 OTP '),
  rep('qualified codes', 'codice cliente codice promo 4829 '),
  rep('weak keywords', 'verifica conferma accedi 4829 '),
  rep('code words only', 'verification code '),
  rep('digits', '1 '),
  rep('digit groups', '12-'),
  rep('spaced digits', '4 8 2 9 1 3\n'),
  rep('dates', '30/11/2025 '),
  rep('addresses', 'a@b.it '),
  rep('at signs', '@'),
  rep('urls', 'https://x.example/verify?t=A1B2C3D4E5F6G7H8 '),
  rep('url, no spaces', 'https://x.example/'),
  rep('brackets', '[(<«'),
  rep('sentence ends', 'OTP. 4829! '),
  rep('line breaks', '\n'),
  rep('blank lines and codes', '\n\n\n4829\n'),
  rep('whitespace', ' \t\u00a0'),
  rep('invisible chars', 'OTP\u200b4829\u00ad '),
  rep('long word', 'A'),
  rep('long digit run', '4'),
  rep('emphasis', '*_"'),
  {
    name: 'a URL, then a line of dashes',
    make: (chars) => `https://x.example/ ${repeatTo('-', chars - 21)}x`,
  },
  {
    name: 'a URL of dots',
    make: (chars) => `https://${repeatTo('.', chars - 9)}x`,
  },
  {
    name: 'keywords line then a code alone',
    make: (chars) => repeatTo(`${'OTP ordine '.repeat(45)}\n482913\n`, chars),
  },
];

/** Pathological HTML for the sanitiser: nesting, entities, tags left open, anchors. */
export const HOSTILE_HTML: HostileText[] = [
  rep('nested divs', '<div>'),
  rep('nested anchors', '<a href="https://x.example/verify?t=A1B2C3D4E5F6G7H8">OTP 4829 '),
  rep('tags left open, closed otherwise', '<b><i><u><s>'),
  {
    name: 'open tags, then closing ones',
    make: (chars) => repeatTo('<b>', chars / 2) + repeatTo('</i>', chars / 2),
  },
  rep('entities', '&amp;&lt;&#160;&#x41;'),
  rep('unknown entities', '&zzzz;'),
  rep('attributes', '<p a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8>'),
  {
    name: 'one long attribute',
    make: (chars) => `<a href="${repeatTo('x', chars - 12)}">x</a>`,
  },
  rep('lone brackets', '<'),
  rep('comments', '<!-- x -->'),
  rep('unclosed comment', '<!--'),
  rep('disallowed tags', '<script>x</script><iframe></iframe>'),
  rep('tables', '<table><tr><td>'),
  rep('style', '<style>p{color:red}</style>'),
  rep(
    'images with alt in anchors',
    '<a href="https://x.example/"><img alt="OTP 4829" src="cid:x">',
  ),
  rep('block tags', '<br>'),
  rep('code in cells', '<td>OTP</td><td>A1B2C3</td>'),
  rep('tag names never closed', '<a'),
  rep('paragraphs packed tight', '<p>x'),
];

/** Pathological MIME structure for the outline and the parser. */
export interface HostileMessage {
  name: string;
  make(bytes: number): Buffer;
  /**
   * An ordinary message of the same shape (text, HTML or both; charset) and size: what this one
   * is compared with, since the shape alone decides whether mailparser reads it.
   */
  ordinary?(bytes: number): Buffer;
}

const withBody = (name: string, make: (bytes: number) => MessageParts): HostileMessage => ({
  name,
  make: (bytes) => composeMessage(make(bytes)),
  ordinary(bytes) {
    const { text, html, charset } = make(bytes);
    const half =
      html !== undefined && text !== undefined ? Math.floor(bytes / 2) - 300 : bytes - 400;
    return composeMessage({
      text: text === undefined ? undefined : ordinaryText(half),
      html: html === undefined ? undefined : ordinaryHtml(half),
      charset,
    });
  },
});

/** Raw messages at the outline's and parser's limits: parts, nesting, headers, delimiters. */
export const HOSTILE_MESSAGES: HostileMessage[] = [
  ...HOSTILE_TEXTS.slice(0, 6).map((t) =>
    withBody(`text: ${t.name}`, (bytes) => ({ text: t.make(bytes - 400) })),
  ),
  withBody('latin-1 text (mailparser)', (bytes) => ({
    text: HOSTILE_TEXTS[0]!.make(bytes - 400),
    charset: 'iso-8859-1',
  })),
  withBody('HTML only (mailparser renders text)', (bytes) => ({
    html: HOSTILE_HTML[0]!.make(bytes - 400),
  })),
  withBody('HTML only, nested anchors (mailparser)', (bytes) => ({
    html: HOSTILE_HTML[1]!.make(bytes - 400),
  })),
  withBody('HTML only, tables (mailparser)', (bytes) => ({
    html: HOSTILE_HTML[12]!.make(bytes - 400),
  })),
  withBody('HTML only, open tags then closing ones (mailparser)', (bytes) => ({
    html: HOSTILE_HTML[3]!.make(bytes - 400),
  })),
  withBody('HTML only, code in cells (mailparser)', (bytes) => ({
    html: HOSTILE_HTML[16]!.make(bytes - 400),
  })),
  withBody('HTML only, paragraphs packed tight (mailparser)', (bytes) => ({
    html: HOSTILE_HTML[18]!.make(bytes - 400),
  })),
  withBody('many header lines', (bytes) => ({
    text: 'x',
    headers: Array.from({ length: Math.floor(bytes / 20) }, (_, i) => `X-H${i}: ${i}`),
  })),
  withBody('one folded header', (bytes) => ({
    text: 'x',
    headers: [`X-Folded: ${repeatTo('a\r\n b', bytes - 400)}`],
  })),
  withBody('encoded words in the subject', (bytes) => ({
    subject: repeatTo('=?utf-8?Q?OTP_A1B2C3?= ', bytes - 400),
    text: 'x',
  })),
  {
    name: 'many parts',
    ordinary: readByMailparser,
    make: (bytes) => {
      const b = 'p';
      const part = `--${b}\r\nContent-Type: text/plain\r\n\r\nOTP 4829\r\n`;
      const head = `From: a@b.example\r\nSubject: x\r\nContent-Type: multipart/mixed; boundary="${b}"\r\n\r\n`;
      return Buffer.from(`${head}${repeatTo(part, bytes - head.length - 10)}\r\n--${b}--\r\n`);
    },
  },
  {
    name: 'deep nesting',
    ordinary: readByMailparser,
    make: (bytes) => {
      let head = 'From: a@b.example\r\nSubject: x\r\n';
      let open = '';
      let close = '';
      for (let i = 0; open.length < bytes / 2; i++) {
        open += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
        close = `\r\n--b${i}--${close}`;
      }
      head += open;
      return Buffer.from(`${head}Content-Type: text/plain\r\n\r\nOTP 4829${close}\r\n`);
    },
  },
  {
    name: 'delimiter-like lines',
    ordinary: readByMailparser,
    make: (bytes) => {
      const head =
        'From: a@b.example\r\nSubject: x\r\nContent-Type: multipart/mixed; boundary="bound"\r\n\r\n--bound\r\nContent-Type: text/plain\r\n\r\n';
      return Buffer.from(
        `${head}${repeatTo('--boun\r\n--bound \r\n', bytes - head.length - 20)}\r\n--bound--\r\n`,
      );
    },
  },
  {
    name: 'quoted-printable, blanks inside lines',
    make: (bytes) => {
      const raw = composeMessage({ text: `x${repeatTo(' ', bytes - 500)}x` }).toString('latin1');
      const qp = raw.replace('Transfer-Encoding: 8bit', 'Transfer-Encoding: quoted-printable');
      return Buffer.from(qp, 'latin1');
    },
  },
  {
    name: 'CR runs in a header',
    ordinary: readByMailparser,
    make: (bytes) =>
      Buffer.from(
        `From: a@b.example\r\nSubject: x\r\nX-Pad: ${repeatTo('\r', bytes - 60)}x\r\n\r\nbody\r\n`,
      ),
  },
  {
    name: 'bare line feeds',
    ordinary: readByMailparser,
    make: (bytes) =>
      Buffer.from(`From: a@b.example\nSubject: x\n\n${repeatTo('OTP 4829\n', bytes - 40)}`),
  },
];

/** Pieces the random search strings together: every kind of thing the steps read specially. */
const PIECES = [
  'OTP',
  'codice',
  'code',
  'verifica',
  'verification code',
  'PIN',
  'token',
  'ordine',
  'n.',
  'A1B2C3',
  '482913',
  '482 913',
  '48-29-13',
  '4829',
  '2025',
  '1',
  '12',
  '49,90 €',
  '30/11/2025',
  ':',
  '-',
  '.',
  ',',
  ';',
  '!',
  '#',
  '+',
  '€',
  '@',
  'a@b.it',
  'www.a.it',
  'https://x.example/verify?t=A1B2C3D4E5F6G7H8',
  'http://',
  '[',
  ']',
  '<',
  '>',
  '(',
  ')',
  '«',
  '&amp;',
  '&#160;',
  '&',
  '\n',
  '\n\n',
  '\r\n',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u200b',
  '*',
  '_',
  '—',
  '"',
  "'",
  '<div>',
  '</div>',
  '<a href="https://x.example/confirm?t=abc123def456ghi7">',
  '</a>',
  '<b>',
  '<br>',
  '<td>',
  '<table>',
  '<!--',
  '-->',
  '<p>',
];

/** A random string of pieces, `chars` long: few distinct pieces, so repetitions come up. */
export function randomHostileText(random: Random, chars: number): string {
  const alphabet = Array.from({ length: 2 + random.int(6) }, () => random.pick(PIECES));
  const unit = Array.from({ length: 1 + random.int(8) }, () => random.pick(alphabet)).join(' ');
  return random.next() < 0.5
    ? repeatTo(unit, chars)
    : Array.from({ length: Math.ceil(chars / 4) }, () => random.pick(alphabet))
        .join(random.pick(['', ' ', '\n']))
        .slice(0, chars);
}
