import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  CHECKED_HTML_TO_TEXT_VERSION,
  CHECKED_MAILPARSER_VERSION,
  CHECKED_MAILSPLIT_VERSION,
  EXPECTED_PARSE_HEADERS_SHA256,
  EXPECTED_GET_PART_NR_SHA256,
  EXPECTED_SPLIT_LONG_WORD_SHA256,
  htmlToTextOfMailparser,
  htmlToTextSplitLongWord,
  lineBuilderPrototype,
  loadMailparser,
  mailsplitGetPartNr,
  mailsplitHeaders,
  mailsplitMimeNode,
  MAX_PART_NUMBER_LENGTH,
  mailsplitParseHeaders,
  partNumber,
  readHeaderLines,
  renderHtmlText,
  splitLongWord,
} from '../src/ingest/reading/mailparser-internals';
import { parseMessage } from '../src/ingest/reading/parse';
import { capTags, MAX_HTML_NESTING } from '../src/ingest/reading/sanitize';
import { sourceSha256 } from '../src/ingest/source-hash';
import { emlFiles, htmlOf } from './helpers/fixtures';
import {
  composeMessage,
  HOSTILE_HTML,
  HOSTILE_MESSAGES,
  ordinaryHtml,
} from './helpers/hostile-inputs';
import { seededRandom, type Random } from './helpers/random';

/**
 * What ingest/mailparser-internals.ts relies on in mailparser, and its rendering held to
 * html-to-text's own. When one of the first tests fails after an upgrade, review the adapter
 * before anything else: mailparser would render HTML-only mail with html-to-text's own again.
 */
const require = createRequire(import.meta.url);
const mailparserEntry = require.resolve('mailparser');
const fromMailparser = createRequire(mailparserEntry);

const versionOf = (manifest: string) =>
  (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;

type Convert = (html: string, options?: object) => string;

/** html-to-text's own code, its line builder's own `splitLongWord` back for the call. */
function withOwnSplitLongWord(convert: () => string): string {
  renderHtmlText('');
  const prototype = lineBuilderPrototype();
  prototype.splitLongWord = htmlToTextSplitLongWord!;
  try {
    return convert();
  } finally {
    prototype.splitLongWord = splitLongWord;
  }
}

/** html-to-text's own rendering, with the options mailparser calls it with (none). */
const stock = (html: string, options?: object) =>
  withOwnSplitLongWord(() =>
    (htmlToTextOfMailparser() as unknown as { convert: Convert }).convert(html, options),
  );

describe('the mailparser that mailparser-internals.ts patches', () => {
  it(`is the version the adapter was checked against (${CHECKED_MAILPARSER_VERSION})`, () => {
    // On a new version: run this file, review mailparser-internals.ts, then the constants.
    expect(versionOf(fromMailparser.resolve('./package.json'))).toBe(CHECKED_MAILPARSER_VERSION);
    expect(versionOf(fromMailparser.resolve('html-to-text/package.json'))).toBe(
      CHECKED_HTML_TO_TEXT_VERSION,
    );
    expect(versionOf(fromMailparser.resolve('@zone-eu/mailsplit/package.json'))).toBe(
      CHECKED_MAILSPLIT_VERSION,
    );
  });

  it("reads header blocks with readHeaderLines once loaded, in place of mailsplit's own", async () => {
    await loadMailparser();
    expect(mailsplitHeaders().prototype._parseHeaders).toBe(readHeaderLines);
    expect(sourceSha256(mailsplitParseHeaders)).toBe(EXPECTED_PARSE_HEADERS_SHA256);
  });

  it("numbers parts with partNumber once loaded, in place of mailsplit's own", async () => {
    await loadMailparser();
    expect(mailsplitMimeNode().prototype.getPartNr).toBe(partNumber);
    expect(sourceSha256(mailsplitGetPartNr)).toBe(EXPECTED_GET_PART_NR_SHA256);
  });

  it("takes htmlToText from html-to-text's exports when it loads, and renders HTML with it", () => {
    const source = readFileSync(fromMailparser.resolve('./lib/mail-parser.js'), 'utf8');
    expect(source).toContain("const { htmlToText } = require('html-to-text');");
    expect(source).toContain('text.push(htmlToText(node.textContent));');
    expect(source.match(/htmlToText\(/g)).toHaveLength(1);
  });

  it("splits long words with splitLongWord once it renders, in place of html-to-text's own", () => {
    renderHtmlText('');
    expect(lineBuilderPrototype().splitLongWord).toBe(splitLongWord);
    expect(sourceSha256(htmlToTextSplitLongWord)).toBe(EXPECTED_SPLIT_LONG_WORD_SHA256);
  });

  it('renders HTML-only mail with renderHtmlText once loaded', async () => {
    await loadMailparser();
    expect(htmlToTextOfMailparser().htmlToText).toBe(renderHtmlText);
    // Deeper than html-to-text's recursion goes: its own would fail ("Invalid HTML content").
    const html = '<div>'.repeat(20_000) + 'Il tuo codice: 482913';
    expect(() => stock(html)).toThrow(RangeError);
    const message = await parseMessage(composeMessage({ html }));
    expect(message.text).toBe(renderHtmlText(html));
    expect(message.preview).toBe('Il tuo codice: 482913');
  });
});

/** What html-to-text formats its own way, anchors above all, nested, empty, in headings. */
const HTML_PIECES = [
  '<a href="https://x.example/verify?t=A1B2">',
  '<a href="mailto:a@b.example">',
  '<a href="#top">',
  '<a href="">',
  '<a name="x">',
  '<a>',
  '</a>',
  '<h1>',
  '</h1>',
  '<h2>',
  '</h2>',
  '<th>',
  '<table>',
  '<tr>',
  '<td>',
  '</td>',
  '</table>',
  '<img alt="Conferma" src="cid:x">',
  '<img src="https://x.example/p.png">',
  '<wbr>',
  '<br>',
  '<p>',
  '</p>',
  '<div>',
  '</div>',
  '<ul>',
  '<li>',
  '<pre>',
  '</pre>',
  '<b>',
  '</b>',
  '<span>',
  '&amp;',
  '&nbsp;',
  ' ',
  '\n',
  'OTP',
  '482913',
  'Conferma il tuo indirizzo',
  'https://x.example/a',
  'x'.repeat(90),
];

function randomHtml(random: Random, chars: number): string {
  let out = '';
  while (out.length < chars) out += random.pick(HTML_PIECES);
  return out;
}

/** Pieces of a header block: breaks of every kind, folding, a preamble, keys and colons. */
const HEADER_PIECES = [
  'Subject: ',
  'From ',
  'POST /',
  'X-A',
  ':',
  ' ',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '\r\r\r',
  '\n\n',
  '=?utf-8?Q?x?=',
  'a',
  'è',
];

/** The lines mailsplit's own method and readHeaderLines read of `block`. */
async function bothReadings(block: Buffer | string) {
  await loadMailparser();
  const Headers = mailsplitHeaders();
  const read = (method: (this: never) => void) => {
    const headers = new Headers(block);
    method.call(headers as never);
    const { lines, mbox, http, parsed } = headers;
    return { lines, mbox, http, parsed };
  };
  return [read(mailsplitParseHeaders!), read(readHeaderLines)];
}

describe("readHeaderLines reads what mailsplit's own method reads", () => {
  it('on the header blocks of every fixture, and on each fixture as one block', async () => {
    for (const file of emlFiles()) {
      const raw = readFileSync(file);
      const end = raw.indexOf('\r\n\r\n');
      for (const block of [raw.subarray(0, end < 0 ? raw.length : end + 4), raw]) {
        const [theirs, ours] = await bothReadings(block);
        expect(ours, file).toEqual(theirs);
      }
    }
  });

  it('on 2,000 random header blocks, as bytes and as text', async () => {
    const random = seededRandom(20_261_126);
    for (let i = 0; i < 2000; i++) {
      let block = '';
      const chars = 1 + random.int(300);
      while (block.length < chars) block += random.pick(HEADER_PIECES);
      for (const input of [Buffer.from(block, 'latin1'), block]) {
        const [theirs, ours] = await bothReadings(input);
        expect(ours, JSON.stringify(block)).toEqual(theirs);
      }
    }
  });
});

describe("partNumber numbers parts as mailsplit's own method does", () => {
  /** The part numbers of a chain of `depth` parts, each a child of the last, by `method`. */
  function chain(method: typeof partNumber, depth: number, random: Random) {
    const numbers: unknown[] = [];
    let parent = { partNr: false as (number | string)[] | false, childPartNumbers: 0 };
    for (let i = 0; i < depth; i++) {
      // Siblings before it, and now and then a message/rfc822 part's TEXT.
      parent.childPartNumbers = random.int(3);
      const partNr = method.call(parent, random.int(6) === 0 ? 'TEXT' : undefined);
      numbers.push(partNr);
      parent = { partNr, childPartNumbers: 0 };
    }
    return numbers;
  }

  it(`up to ${MAX_PART_NUMBER_LENGTH} places, and keeps its first ones past them`, async () => {
    await loadMailparser();
    for (let seed = 1; seed <= 50; seed++) {
      const theirs = chain(mailsplitGetPartNr!, 200, seededRandom(seed)) as (number | string)[][];
      const ours = chain(partNumber, 200, seededRandom(seed)) as (number | string)[][];
      for (const [i, number] of ours.entries()) {
        if (theirs[i]!.length <= MAX_PART_NUMBER_LENGTH) expect(number).toEqual(theirs[i]);
        else {
          expect(number).toHaveLength(MAX_PART_NUMBER_LENGTH);
          expect(number.slice(0, -1)).toEqual(theirs[i]!.slice(0, MAX_PART_NUMBER_LENGTH - 1));
          expect(number.at(-1)).toBe(theirs[i]!.at(-1));
        }
      }
    }
  });

  it('on every fixture: the same attachments, part numbers included up to the cap', async () => {
    const { simpleParser } = await loadMailparser();
    const prototype = mailsplitMimeNode().prototype;
    const read = async (raw: Buffer) =>
      (await simpleParser(raw)).attachments.map(({ partId, filename, size }) => ({
        partId,
        filename,
        size,
      }));
    /** A part number of mailsplit's as `partNumber` has it: its first places, then its last. */
    const capped = (partId: string | null | undefined) => {
      if (!partId) return partId;
      const places = partId.split('.');
      return places.length <= MAX_PART_NUMBER_LENGTH
        ? partId
        : [...places.slice(0, MAX_PART_NUMBER_LENGTH - 1), places.at(-1)].join('.');
    };
    let deeper = 0;
    for (const file of emlFiles()) {
      const raw = readFileSync(file);
      const ours = await read(raw);
      prototype.getPartNr = mailsplitGetPartNr!;
      try {
        const theirs = await read(raw);
        deeper += theirs.filter((a) => a.partId !== capped(a.partId)).length;
        expect(ours, file).toEqual(theirs.map((a) => ({ ...a, partId: capped(a.partId) })));
      } finally {
        prototype.getPartNr = partNumber;
      }
    }
    // A regression fixture nests its attachment 77 levels deep.
    expect(deeper).toBe(1);
  });

  it('on MIME nested hundreds of levels deep, in part numbers no longer than the cap', async () => {
    await loadMailparser();
    const prototype = mailsplitMimeNode().prototype;
    let longest = 0;
    let parts = 0;
    prototype.getPartNr = function (provided) {
      const number = partNumber.call(this, provided);
      longest = Math.max(longest, number.length);
      parts++;
      return number;
    };
    try {
      const deep = HOSTILE_MESSAGES.find((m) => m.name === 'deep nesting')!.make(64 * 1024);
      const message = await parseMessage(deep);
      expect(message.text).toContain('OTP 4829');
    } finally {
      prototype.getPartNr = partNumber;
    }
    // Some 700 levels: mailsplit's own numbers would grow to as many places.
    expect(parts).toBeGreaterThan(500);
    expect(longest).toBe(MAX_PART_NUMBER_LENGTH);
  });
});

describe("renderHtmlText gives html-to-text's own rendering", () => {
  it('on the HTML of every fixture, and on each fixture read as HTML', () => {
    const files = emlFiles();
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      for (const html of htmlOf(readFileSync(file)))
        expect(renderHtmlText(html), file).toBe(stock(html));
    }
  });

  it('on ordinary and hostile HTML nesting no deeper than the cap', () => {
    const ordinary = ordinaryHtml(64 * 1024);
    expect(renderHtmlText(ordinary)).toBe(stock(ordinary));
    for (const h of HOSTILE_HTML) {
      for (const chars of [40, 300, 1000]) {
        const html = h.make(chars);
        expect(renderHtmlText(html), h.name).toBe(stock(html));
      }
    }
    const anchors = '<a href="https://x.example/">OTP '.repeat(MAX_HTML_NESTING);
    expect(renderHtmlText(anchors)).toBe(stock(anchors));
  });

  it('on long words of many text nodes, and with options that split them', () => {
    const cells = '<td>OTP</td><td>A1B2C3</td>'.repeat(500);
    const words = `<p>${'https://x.example/a/b?c=d&amp;e=f'.repeat(40)}</p>`;
    for (const html of [cells, words, `<table><tr>${cells}</tr></table>`]) {
      expect(renderHtmlText(html)).toBe(stock(html));
      // Options mailparser never sets, left to html-to-text's own method.
      for (const longWordSplit of [
        { wrapCharacters: ['/', '&'] },
        { wrapCharacters: ['/'], forceWrapOnLimit: true },
        { forceWrapOnLimit: true },
      ]) {
        const convert = (htmlToTextOfMailparser() as unknown as { convert: Convert }).convert;
        expect(convert(html, { longWordSplit })).toBe(stock(html, { longWordSplit }));
      }
    }
  });

  it('on HTML packed with tags, read as text past the cut', () => {
    const dense = '<p>x'.repeat(64 * 1024);
    expect(renderHtmlText(dense)).toBe(stock(capTags(dense)));
  });

  it('on 2,000 random strings of HTML pieces', () => {
    const random = seededRandom(20_261_126);
    for (let i = 0; i < 2000; i++) {
      const html = randomHtml(random, 1 + random.int(600));
      expect(renderHtmlText(html), html).toBe(stock(html));
    }
  });
});
