import { createRequire } from 'node:module';
import type * as Mailparser from 'mailparser';
import { capNesting, capTags } from './sanitize';
import { checkSource } from '../source-hash';

/**
 * Every reach into mailparser's internals, and into those of mailsplit, which it reads MIME
 * with, lives here. Three of their costs are not linear in the message, and `loadMailparser`
 * replaces what causes them before mailparser loads:
 *
 * **The text of an HTML part that has no text part beside it** (an HTML-only message).
 * mailparser renders that text with html-to-text's `htmlToText(html)`, a binding it takes from
 * html-to-text's exports when its module loads (`lib/mail-parser.js`, `getTextContent`).
 * html-to-text is not made for hostile input: its walk recurses once per element of nesting,
 * at a cost that grows with the depth (a few thousand levels overflow the stack, after seconds
 * of work), every word of an anchor passes through a transform of each anchor it is nested in
 * (the square of the nesting), and every call compiles its options again, which costs more than
 * rendering a short message (bench/README.md, "Hostile mail, before and after"). So,
 * before mailparser loads, `loadMailparser` puts `renderHtmlText` in that export: html-to-text
 * itself, with
 * - its default options compiled once, as mailparser's call uses them;
 * - `formatAnchor` below for anchors: the output of html-to-text's own, whose transform gathers
 *   the words of an anchor in every anchor around it only to tell whether it has any (and, with
 *   `hideLinkHrefIfSameAsText`, off by default, to compare them with the link);
 * - the HTML with its nesting capped at MAX_HTML_NESTING open elements, as the sanitiser caps it
 *   (sanitize.ts): real mail comes back the same string, so only such hostile HTML reads
 *   differently, and the same in the summary and in the reader;
 * - the HTML with its tags past the first `maxTags` read as text (`capTags`, as the sanitiser
 *   reads it): html-to-text costs a few microseconds per element (its format picked by a
 *   selector tree, a DOM node, a block of its own), so HTML packed with elements (`<p>x` by the
 *   hundred thousand) cost 7-8x an ordinary message of its size;
 * - `splitLongWord` below in place of the method of html-to-text's line builder
 *   (`InlineTextBuilder`). html-to-text joins adjacent text nodes into one word when no blank
 *   separates them (`<td>OTP</td><td>A1B2C3</td>` outside a table) and, once the word is longer
 *   than a line, hands the whole word to that method at every node it adds. With the options
 *   mailparser leaves as they are (no wrap characters, no forced wrap) the method gives the word
 *   back unchanged, but only after cutting it at the line's length and joining it again, which
 *   copies it: the square of the word's length, seconds for 1 MB of such cells. `splitLongWord`
 *   gives the word back without the copy in that case and leaves every other to the original.
 *
 * **The lines of a header block.** mailsplit's `Headers#_parseHeaders` drops the line breaks at
 * the end of the block with `.replace(/[\r\n]+$/, '')`, which tries every position of every run
 * of CRs inside the block: the square of the run. A header with a run of bare CRs costs seconds
 * at 48 KB and hours at 1 MB; mime-outline.ts reads header blocks up to 256 KB itself, but
 * mailparser reads what the outline gives up on (a larger block, a deeper structure), the reader
 * reads every message, and a part's headers go the same way. `readHeaderLines` below is that
 * method with the line breaks found from the end; the rest is mailsplit's, line for line.
 *
 * **Part numbers.** mailsplit gives every part its IMAP part number, an array as long as the
 * part is deep, which `MimeNode#getPartNr` copies for each child and mailparser filters and
 * joins for each part (`processChunk`, for an attachment's `partId`): the square of the depth.
 * MIME nested a few hundred levels deep (mailsplit stops at 1,000 parts) cost mailparser 3-5x
 * an ordinary message of its size. `partNumber` below is mailsplit's method with the number
 * kept to its first MAX_PART_NUMBER_LENGTH places: the same for real mail, which nests a few
 * levels deep; nothing of ours reads the numbers.
 *
 * Checked against mailparser 3.9.31, its html-to-text 10.0.1 and its mailsplit
 * (@zone-eu/mailsplit) 5.4.19. `test/mailparser-internals.test.ts` fails on other versions,
 * when mailparser no longer takes `htmlToText` from html-to-text at load, when the method
 * replaced changed, and when what replaces it reads differently on real or generated mail.
 */
export const CHECKED_MAILPARSER_VERSION = '3.9.31';
export const CHECKED_HTML_TO_TEXT_VERSION = '10.0.1';
export const CHECKED_MAILSPLIT_VERSION = '5.4.19';
/** sha256 of the source of mailsplit's `Headers#_parseHeaders` that `readHeaderLines` mirrors. */
export const EXPECTED_PARSE_HEADERS_SHA256 = 'cfd100d87640f168';
/** sha256 of the source of html-to-text's `InlineTextBuilder#splitLongWord`, read by `splitLongWord`. */
export const EXPECTED_SPLIT_LONG_WORD_SHA256 = '4ecd06a3cd0a2662';
/** sha256 of the source of mailsplit's `MimeNode#getPartNr`, which `partNumber` mirrors. */
export const EXPECTED_GET_PART_NR_SHA256 = 'b356fb1ff818a20e';

/** The part of html-to-text's builder a formatter uses (html-to-text's `BlockTextBuilder`). */
interface TextBuilder {
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}

interface DomElement {
  attribs?: Record<string, string>;
  children?: unknown[];
}

/** html-to-text's options for `<a>` (its defaults, `selectors`, `a`). */
interface AnchorOptions {
  ignoreHref?: boolean;
  noAnchorUrl?: boolean;
  linkBrackets?: [string, string] | false;
}

type Walk = (children: unknown[] | undefined, builder: TextBuilder) => void;

/** What this file uses of html-to-text's exports. */
interface HtmlToText {
  htmlToText(html: string): string;
  compile(options: {
    selectors?: { selector: string; format: string }[];
    formatters: Record<
      string,
      (elem: DomElement, walk: Walk, builder: TextBuilder, options: AnchorOptions) => void
    >;
  }): (html: string) => string;
}

/** Per builder (one a rendering): how many words have passed the outermost open anchor. */
const wordsSeen = new WeakMap<TextBuilder, { words: number }>();

/**
 * html-to-text's `formatAnchor` with its default options, but one word transform however deep
 * anchors nest: only the outermost anchor counts the words that pass it, and each anchor inside
 * reads the count before and after its content. An anchor is followed by ` [href]` when words
 * were written inside it, by `href` alone otherwise, exactly as html-to-text decides.
 */
function formatAnchor(elem: DomElement, walk: Walk, builder: TextBuilder, options: AnchorOptions) {
  let href = '';
  if (!options.ignoreHref && elem.attribs?.href) {
    href = elem.attribs.href.replace(/^mailto:/, '');
    if (options.noAnchorUrl && href[0] === '#') href = '';
  }
  if (!href) {
    walk(elem.children, builder);
    return;
  }
  let seen = wordsSeen.get(builder);
  const outermost = seen === undefined;
  if (seen === undefined) {
    const counter = { words: 0 };
    seen = counter;
    wordsSeen.set(builder, counter);
    builder.pushWordTransform((word) => {
      if (word) counter.words++;
      return word;
    });
  }
  const before = seen.words;
  walk(elem.children, builder);
  if (outermost) {
    builder.popWordTransform();
    wordsSeen.delete(builder);
  }
  const brackets = options.linkBrackets;
  const inBrackets = brackets ? `${brackets[0]}${href}${brackets[1]}` : href;
  builder.addInline(seen.words > before ? ` ${inBrackets}` : href, { noWordTransform: true });
}

const requireHere = createRequire(import.meta.url);
/** A require that resolves as mailparser's own modules do. */
const requireFromMailparser = createRequire(requireHere.resolve('mailparser'));

/**
 * The html-to-text mailparser loads. Required when first asked for, as mailparser is (parse.ts):
 * a process under plain mail never needs it.
 */
export const htmlToTextOfMailparser = () => requireFromMailparser('html-to-text') as HtmlToText;

/** What `splitLongWord` reads of html-to-text's line builder (`InlineTextBuilder`). */
interface LineBuilder {
  wrapCharacters: string[];
  forceWrapOnLimit: boolean;
}

type SplitLongWord = (this: LineBuilder, word: string) => string[];

/** html-to-text's line builder class, reached through a builder a formatter is handed. */
export function lineBuilderPrototype(): { splitLongWord: SplitLongWord } {
  let prototype: { splitLongWord: SplitLongWord } | undefined;
  const probe = htmlToTextOfMailparser().compile({
    selectors: [{ selector: 'b', format: 'probe' }],
    formatters: {
      probe: (_elem, _walk, builder) => {
        const stackItem = (builder as { _stackItem?: { inlineTextBuilder?: object } })._stackItem;
        if (stackItem?.inlineTextBuilder) {
          prototype = Object.getPrototypeOf(stackItem.inlineTextBuilder) as typeof prototype;
        }
      },
    },
  });
  probe('<b>x</b>');
  if (typeof prototype?.splitLongWord !== 'function') {
    throw new Error(
      `html-to-text's line builder is not where it was (checked against ${CHECKED_HTML_TO_TEXT_VERSION}); review ingest/mailparser-internals.ts`,
    );
  }
  return prototype;
}

/** html-to-text's own `splitLongWord`, kept for it to do what `splitLongWord` leaves to it. */
export let htmlToTextSplitLongWord: SplitLongWord | undefined;

/** html-to-text's `InlineTextBuilder#splitLongWord`, without the copy when nothing is split. */
export function splitLongWord(this: LineBuilder, word: string): string[] {
  if (this.wrapCharacters.length === 0 && !this.forceWrapOnLimit) return [word];
  return htmlToTextSplitLongWord!.call(this, word);
}

let render: ((html: string) => string) | undefined;

/** html-to-text compiled as `renderHtmlText` renders with it, its line builder patched. */
function compileRender(): (html: string) => string {
  htmlToTextSplitLongWord ??= replaceMethod(
    lineBuilderPrototype(),
    'splitLongWord',
    splitLongWord,
    EXPECTED_SPLIT_LONG_WORD_SHA256,
    "html-to-text's InlineTextBuilder#splitLongWord",
    CHECKED_HTML_TO_TEXT_VERSION,
  );
  return htmlToTextOfMailparser().compile({ formatters: { anchor: formatAnchor } });
}

/** The text of an HTML part as mailparser gives it once `loadMailparser` is done. */
export function renderHtmlText(html: string): string {
  render ??= compileRender();
  return render(capTags(capNesting(html)));
}

/** mailsplit's header line (`HeaderLine`): the key, lower case, and the line as written. */
interface HeaderLine {
  key: string;
  line: string;
}

/** What `_parseHeaders` reads and writes of mailsplit's `Headers`. */
interface MailsplitHeaders {
  headers: string | Buffer | false;
  lines: HeaderLine[] | false;
  parsed: boolean;
  mbox: string | false;
  http: string | false;
  _isFoldingChar(c: string): boolean;
  _normalizeHeader(key: string): string;
}

/** mailsplit's `Headers` class, as mailparser loads it. */
export const mailsplitHeaders = () =>
  requireFromMailparser('@zone-eu/mailsplit/lib/headers.js') as {
    prototype: { _parseHeaders(this: MailsplitHeaders): void };
    new (headers: string | Buffer): MailsplitHeaders & { _parseHeaders(): void };
  };

/**
 * Puts `replacement` in the place of `owner[name]` and returns what was there, once its source
 * is checked to be the one the replacement mirrors (`expectedSha256`); undefined when the
 * replacement is in place already. `what` names the method and the library version it was
 * checked against, for the error that asks for a review.
 */
function replaceMethod<O extends object, K extends keyof O>(
  owner: O,
  name: K,
  replacement: O[K],
  expectedSha256: string,
  what: string,
  checkedAgainst: string,
): O[K] | undefined {
  const own = owner[name];
  if (own === replacement) return undefined;
  checkSource(
    own,
    expectedSha256,
    `${what} (checked against ${checkedAgainst})`,
    'ingest/mailparser-internals.ts',
  );
  owner[name] = replacement;
  return own;
}

/** `text` without the line breaks at its end, found from the end. */
function withoutTrailingBreaks(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 0x0d || text.charCodeAt(end - 1) === 0x0a)) {
    end--;
  }
  return text.slice(0, end);
}

/**
 * mailsplit's `Headers#_parseHeaders` (5.4.19), but for how the line breaks at the end of the
 * block are dropped: the lines of the header block, folded lines joined, each with its key.
 */
export function readHeaderLines(this: MailsplitHeaders): void {
  if (!this.headers) {
    this.lines = [];
    this.parsed = true;
    return;
  }
  const rawLines = withoutTrailingBreaks(this.headers.toString('binary')).split(/\r?\n/);
  let i = 1;
  // The first logical line may be an mbox or HTTP POST preamble instead of a header.
  let first = rawLines[0]!;
  while (i < rawLines.length && this._isFoldingChar(rawLines[i]!.charAt(0))) {
    first += '\r\n' + rawLines[i++]!;
  }
  const lines: HeaderLine[] = [];
  if (/^From /i.test(first)) {
    this.mbox = first;
  } else if (/^POST /i.test(first)) {
    this.http = first;
  } else {
    lines.push({ key: this._normalizeHeader(first.substr(0, first.indexOf(':'))), line: first });
  }
  for (; i < rawLines.length; i++) {
    const currentLine = rawLines[i]!;
    if (this._isFoldingChar(currentLine.charAt(0))) {
      const entry = lines[lines.length - 1]!;
      entry.line += '\r\n' + currentLine;
      if (!entry.key) {
        entry.key = this._normalizeHeader(entry.line.substr(0, entry.line.indexOf(':')));
      }
    } else {
      lines.push({
        key: this._normalizeHeader(currentLine.substr(0, currentLine.indexOf(':'))),
        line: currentLine,
      });
    }
  }
  this.lines = lines;
  this.parsed = true;
}

/** mailsplit's own `_parseHeaders`, kept for the test that holds `readHeaderLines` to it. */
export let mailsplitParseHeaders: ((this: MailsplitHeaders) => void) | undefined;

/** A place of an IMAP part number: a part's position among its siblings, or the marker `TEXT`. */
type PartNumber = (number | string)[];

/** What `partNumber` reads of mailsplit's `MimeNode`. */
export interface MailsplitMimeNode {
  partNr: PartNumber | false;
  childPartNumbers: number;
}

/** mailsplit's `MimeNode` class, as mailparser loads it. */
export const mailsplitMimeNode = () =>
  requireFromMailparser('@zone-eu/mailsplit/lib/mime-node.js') as {
    prototype: { getPartNr(this: MailsplitMimeNode, provided?: number | string): PartNumber };
  };

/** Places of a part number kept (real mail nests a few levels deep). */
export const MAX_PART_NUMBER_LENGTH = 32;

/**
 * mailsplit's `MimeNode#getPartNr` (5.4.19), but for the length: the part number of a child,
 * its parent's numbers (markers dropped) then its own place, or `provided` in its stead; of the
 * parent's, the first MAX_PART_NUMBER_LENGTH - 1 at most.
 */
export function partNumber(this: MailsplitMimeNode, provided?: number | string): PartNumber {
  const numbers = (this.partNr || []).filter((nr) => !isNaN(Number(nr)));
  if (numbers.length >= MAX_PART_NUMBER_LENGTH) numbers.length = MAX_PART_NUMBER_LENGTH - 1;
  return numbers.concat(provided ? provided : ++this.childPartNumbers);
}

/** mailsplit's own `getPartNr`, kept for the test that holds `partNumber` to it. */
export let mailsplitGetPartNr:
  ((this: MailsplitMimeNode, provided?: number | string) => PartNumber) | undefined;

/**
 * mailparser, loaded with `renderHtmlText` as its `htmlToText` and mailsplit reading header
 * blocks with `readHeaderLines` and numbering parts with `partNumber`. Throws when mailparser
 * was loaded before, by another path than this one (it would keep html-to-text's own), and when
 * a method of mailsplit's is not the one its replacement mirrors.
 */
export async function loadMailparser(): Promise<typeof Mailparser> {
  mailsplitParseHeaders ??= replaceMethod(
    mailsplitHeaders().prototype,
    '_parseHeaders',
    readHeaderLines,
    EXPECTED_PARSE_HEADERS_SHA256,
    "mailsplit's Headers#_parseHeaders",
    CHECKED_MAILSPLIT_VERSION,
  );
  mailsplitGetPartNr ??= replaceMethod(
    mailsplitMimeNode().prototype,
    'getPartNr',
    partNumber,
    EXPECTED_GET_PART_NR_SHA256,
    "mailsplit's MimeNode#getPartNr",
    CHECKED_MAILSPLIT_VERSION,
  );
  const htmlToText = htmlToTextOfMailparser();
  if (htmlToText.htmlToText !== renderHtmlText) {
    if (requireFromMailparser.cache[requireFromMailparser.resolve('./lib/mail-parser.js')]) {
      throw new Error('mailparser was loaded before its html-to-text could be replaced');
    }
    htmlToText.htmlToText = renderHtmlText;
  }
  return import('mailparser');
}
