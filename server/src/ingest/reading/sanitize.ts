import sanitizeHtml from 'sanitize-html';
import type { MessageLink } from '../../domain/verification';
import { TextRunTokenizer } from './html-text-runs';

/**
 * The server's layer under the page's sandboxed iframe and CSP: an allow-list of what mail
 * layouts use; no scripts, handlers, forms, frames, objects or `<base>`. `<style>` stays: layouts
 * need it, and in the iframe CSS runs no code and loads nothing until the visitor asks.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  // The defaults (text, lists, tables, headings, links) and what mail layouts add to them.
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'font',
    'center',
    'style',
    'strike',
    'big',
  ],
  disallowedTagsMode: 'discard',
  allowVulnerableTags: true, // <style>: see above
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'color',
      'border',
      'dir',
      'lang',
      'title',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'nowrap'],
    th: ['colspan', 'rowspan', 'nowrap', 'scope'],
    table: ['cellpadding', 'cellspacing', 'summary'],
    font: ['face', 'size', 'color'],
    ol: ['start', 'type'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links open in a new tab and tell the target nothing about us.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** How the HTML is read. */
export interface HtmlScanOptions {
  /** Each run of text one event (html-text-runs.ts, a fast path; default true). */
  textRuns?: boolean;
}

type ParserOptions = NonNullable<sanitizeHtml.IOptions['parser']>;

/** The cast: sanitize-html's types describe htmlparser2 12, while it loads 10 (ours). */
const PLAIN_PARSER: ParserOptions = { decodeEntities: true };
const TEXT_RUNS_PARSER: ParserOptions = {
  decodeEntities: true,
  Tokenizer: TextRunTokenizer as unknown as ParserOptions['Tokenizer'],
};
const parserOptions = (textRuns: boolean) => (textRuns ? TEXT_RUNS_PARSER : PLAIN_PARSER);

/**
 * Elements open at once past which opening tags are dropped: htmlparser2 searches its stack of
 * open elements on every tag (10.x, `Parser.emitOpenTag`, `onclosetag`). Layouts nest a few dozen.
 */
export const MAX_HTML_NESTING = 256;

/** A tag's name, read from just after `<` or `</` (sticky: `lastIndex` says where). */
const TAG_NAME = /[A-Za-z][^\s/>]*/y;

/** A tag as capNesting reads it: its name, whether it closes, and where it is in the HTML. */
export interface TagAt {
  name: string;
  closing: boolean;
  start: number;
  /** Just past its `>`. */
  end: number;
}

/**
 * The tags of `html` as `/<(\/?)([A-Za-z][^\s/>]*)[^>]*>/g` finds them, without its cubic cost on
 * `<a<a<a`: a tag with no `>` after it ends the scan, since no later tag can have one.
 */
export function* tagsOf(html: string): Generator<TagAt> {
  let at = 0;
  for (;;) {
    const start = html.indexOf('<', at);
    if (start < 0) return;
    const closing = html.charCodeAt(start + 1) === 0x2f; // '/'
    TAG_NAME.lastIndex = start + (closing ? 2 : 1);
    const name = TAG_NAME.exec(html);
    if (!name) {
      at = start + 1;
      continue;
    }
    const gt = html.indexOf('>', TAG_NAME.lastIndex);
    if (gt < 0) return;
    yield { name: name[0], closing, start, end: gt + 1 };
    at = gt + 1;
  }
}
/** htmlparser2's void elements: never on its stack. */
const VOID_TAGS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Tags that close an open one of these at the top, as htmlparser2's `openImpliesClose` does. */
const CLOSES_OWN_KIND: Record<string, readonly string[]> = {
  p: ['p'],
  li: ['li'],
  td: ['td', 'th'],
  th: ['th'],
  tr: ['tr', 'td', 'th'],
  option: ['option'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
};

/**
 * `html` without the opening tags past MAX_HTML_NESTING, following htmlparser2's stack never
 * shallower than it is. Real mail comes back as the same string; the sanitiser runs after.
 */
export function capNesting(html: string): string {
  const stack: string[] = [];
  let out = '';
  let done = 0;
  for (const tag of tagsOf(html)) {
    const name = tag.name.toLowerCase();
    if (VOID_TAGS.has(name)) continue;
    if (tag.closing) {
      // A close tag pops down to its element, searching no deeper than the cap.
      const at = stack.lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    const closes = CLOSES_OWN_KIND[name];
    while (closes && stack.length > 0 && closes.includes(stack[stack.length - 1]!)) stack.pop();
    if (stack.length < MAX_HTML_NESTING) {
      stack.push(name);
      continue;
    }
    out += html.slice(done, tag.start);
    done = tag.end;
  }
  return done === 0 ? html : out + html.slice(done);
}

/** Bytes of HTML per tag past which `capTags` reads the rest as text; real mail has 25-60. */
export const BYTES_PER_TAG = 16;
/** Tags `capTags` leaves in any HTML, however short: a small part may be dense. */
export const MIN_TAGS = 5000;

/** How many tags of `html` are read as tags. */
export const maxTags = (html: string) =>
  Math.max(MIN_TAGS, Math.floor(html.length / BYTES_PER_TAG));

/**
 * `html` with the tags past its first `maxTags` read as text (each element costs the sanitiser
 * microseconds; real mail never reaches the cut). The `<` after the cut are escaped: taking a
 * tag out can join what was around it into a new one (`<<x>p>`).
 */
export function capTags(html: string): string {
  const max = maxTags(html);
  let brackets = 0;
  for (let at = html.indexOf('<'); at >= 0 && brackets <= max; at = html.indexOf('<', at + 1)) {
    brackets++;
  }
  if (brackets <= max) return html;
  let count = 0;
  let cut = -1;
  let done = 0;
  const rest: string[] = [];
  for (const tag of tagsOf(html)) {
    if (cut < 0) {
      if (++count <= max) {
        done = tag.end;
        continue;
      }
      cut = done;
    }
    rest.push(html.slice(done, tag.start));
    done = tag.end;
  }
  if (cut < 0) return html;
  rest.push(html.slice(done));
  return html.slice(0, cut) + rest.join('').replaceAll('<', '&lt;');
}

/** A sanitised body and what ingest reads from it on the same pass. */
export interface ScannedHtml {
  html: string;
  /** Visible text, a line per block element; nothing from `<style>` or `<script>`. */
  text: string;
  /** Every `<a href>` in document order, with its visible text and image alt texts. */
  links: MessageLink[];
}

/** Elements that start a new line of text (for the verification code on a line of its own). */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

/** What sanitize-html's escaping writes for each character it escapes in text. */
const UNESCAPE = new Map([
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
]);
const ESCAPED = /&(?:amp|lt|gt|quot);/g;

/** Text before sanitize-html escaped it; one escaped character, or none, without a regex pass. */
const unescapeText = (escaped: string) =>
  UNESCAPE.get(escaped) ??
  (escaped.includes('&') ? escaped.replace(ESCAPED, (e) => UNESCAPE.get(e)!) : escaped);

/** Work done by `scanMailHtml`, for the tests that hold it linear (hostile-mail.test.ts). */
export interface HtmlScanWork {
  /** Text events sanitize-html handled: each costs it six regular-expression passes. */
  textEvents: number;
  /** Opening tags sanitize-html handled: each costs it a few microseconds. */
  tags: number;
}

/** Counts the work of the next `scanMailHtml` calls into `into` (null to stop counting). */
export function countHtmlScanWork(into: HtmlScanWork | null): void {
  work = into;
}

let work: HtmlScanWork | null = null;

/** `html` sanitised, with its visible text and anchors collected in the same pass. */
export function scanMailHtml(html: string, { textRuns = true }: HtmlScanOptions = {}): ScannedHtml {
  const parts: string[] = [];
  const links: MessageLink[] = [];
  const open: MessageLink[] = [];
  const sanitized = sanitizeHtml(capTags(capNesting(html)), {
    ...OPTIONS,
    parser: parserOptions(textRuns),
    onOpenTag(name, attribs) {
      if (work) work.tags++;
      if (BLOCK_TAGS.has(name)) parts.push('\n');
      if (name === 'a') open.push({ href: attribs.href ?? '', text: '' });
      else if (name === 'img' && open.length > 0 && attribs.alt) {
        open[open.length - 1]!.text += ` ${attribs.alt} `;
      }
    },
    onCloseTag(name) {
      if (BLOCK_TAGS.has(name)) parts.push('\n');
      if (name === 'a') {
        const link = open.pop();
        if (link) links.push(link);
      }
    },
    // Called with each text node, escaped; never with the content of <style> or <script>.
    textFilter(escaped) {
      if (work) work.textEvents++;
      const text = unescapeText(escaped);
      parts.push(text);
      if (open.length > 0) open[open.length - 1]!.text += text;
      return escaped;
    },
  });
  links.push(...open);
  return { html: sanitized, text: parts.join(''), links };
}
