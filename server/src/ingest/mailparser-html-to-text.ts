import { createRequire } from 'node:module';
import type * as Mailparser from 'mailparser';
import { capNesting } from './sanitize';

/**
 * Every reach into mailparser's internals lives here: the text it renders for an HTML part
 * that has no text part beside it (an HTML-only message).
 *
 * mailparser renders that text with html-to-text's `htmlToText(html)`, a binding it takes from
 * html-to-text's exports when its module loads (`lib/mail-parser.js`, `getTextContent`).
 * html-to-text is not made for hostile input: its walk recurses once per element of nesting (a
 * few thousand levels overflow the stack, after seconds of work: 512 KB of `<b><i><u><s>` took
 * 9 s), every word of an anchor passes through a transform of each anchor it is nested in (the
 * square of the nesting), and every call compiles its options again (0.36 ms a message). So,
 * before mailparser loads, `loadMailparser` puts `renderHtmlText` in that export: html-to-text
 * itself, with
 * - its default options compiled once, as mailparser's call uses them;
 * - `formatAnchor` below for anchors: the output of html-to-text's own, whose transform gathers
 *   the words of an anchor in every anchor around it only to tell whether it has any (and, with
 *   `hideLinkHrefIfSameAsText`, off by default, to compare them with the link);
 * - the HTML with its nesting capped at MAX_HTML_NESTING open elements, as the sanitiser caps it
 *   (sanitize.ts): real mail comes back the same string, so only such hostile HTML reads
 *   differently, and the same in the summary and in the reader.
 *
 * Checked against mailparser 3.9.31 and html-to-text 10.0.1 (mailparser's copy).
 * `test/mailparser-html-to-text.test.ts` fails on other versions, when mailparser no longer
 * takes `htmlToText` from html-to-text at load, and when the rendering differs from html-to-text's
 * own on real or generated mail.
 */
export const CHECKED_MAILPARSER_VERSION = '3.9.31';
export const CHECKED_HTML_TO_TEXT_VERSION = '10.0.1';

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

let render: ((html: string) => string) | undefined;

/** The text of an HTML part as mailparser gives it once `loadMailparser` is done. */
export function renderHtmlText(html: string): string {
  render ??= htmlToTextOfMailparser().compile({ formatters: { anchor: formatAnchor } });
  return render(capNesting(html));
}

/**
 * mailparser, loaded with `renderHtmlText` as its `htmlToText`. Throws when mailparser was loaded
 * before, by another path than this one: it would keep html-to-text's own.
 */
export async function loadMailparser(): Promise<typeof Mailparser> {
  const htmlToText = htmlToTextOfMailparser();
  if (htmlToText.htmlToText !== renderHtmlText) {
    if (requireFromMailparser.cache[requireFromMailparser.resolve('./lib/mail-parser.js')]) {
      throw new Error('mailparser was loaded before its html-to-text could be replaced');
    }
    htmlToText.htmlToText = renderHtmlText;
  }
  return import('mailparser');
}
