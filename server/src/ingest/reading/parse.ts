import type * as Mailparser from 'mailparser';
import type { AddressObject, ParsedMail } from 'mailparser';
import type {
  MailAddress,
  MessageParser,
  MessageSummaryFields,
  ParseOptions,
  ParsedAttachment,
  ParsedMessage,
} from '../../domain/message';
import { extractVerification, findTextLinks } from '../../domain/verification';
import {
  decodeBody,
  decodeHeader,
  decodeWords,
  outlineMessage,
  type HeaderLine,
  type MessageOutline,
} from './mime-outline';
import { loadMailparser as loadMailparserModule } from './mailparser-internals';
import { scanMailHtml } from './sanitize';

/** Length of the inbox preview, in characters. */
export const PREVIEW_CHARS = 200;

const PARSER_OPTIONS = { skipTextToHtml: true, skipTextLinks: true };

let mailparser: Promise<typeof Mailparser> | undefined;

/**
 * mailparser, loaded at the first message that needs it: a reader opening a message, or one the
 * summary's shortcut cannot read. Loaded at start-up, it and its charset tables hold heap that a
 * process under plain mail never uses (bench/README.md, "Memory"). Outside the callers' `try`: a
 * module that cannot load is a fault of the server, not of the message. It renders the text of
 * HTML-only mail through mailparser-internals.ts.
 */
const loadMailparser = () => (mailparser ??= loadMailparserModule());

/**
 * Parses raw message bytes. The only file that reads what mailparser gives; mailparser-internals.ts
 * loads it, with the parts of it that are patched.
 *
 * Never throws: mail is hostile input and a message we accepted must still show up, so a
 * parser failure yields an empty summary with the raw text as body.
 * `cid:` references in the HTML are inlined as `data:` URLs (mailparser's default), so inline
 * images display inside a sandboxed iframe without fetching anything. The HTML is sanitised
 * (sanitize.ts); the raw message keeps the original.
 *
 * With `summaryOnly`, only the summary fields (what ingest stores), for less: see
 * `summarizeMessage`.
 */
export const parseMessage: MessageParser = createMessageParser();

/** How `createMessageParser` reads. */
export interface MessageParserOptions {
  /**
   * Read the summary of plain mail with mime-outline.ts instead of mailparser (default true): a
   * fast path (docs/architecture.md, "Fast paths"). `FAST_PATHS_OFF=mime-outline` turns it off,
   * leaving mailparser to read every summary, attachment bodies included.
   */
  mimeOutline?: boolean;
  /**
   * Hand the sanitiser each run of text as one event (html-text-runs.ts; default true): a fast
   * path (docs/architecture.md, "Fast paths"). `FAST_PATHS_OFF=html-text-runs` turns it off.
   */
  htmlTextRuns?: boolean;
}

/** `parseMessage`, with the fast path of the summary on or off. */
export function createMessageParser({
  mimeOutline = true,
  htmlTextRuns = true,
}: MessageParserOptions = {}) {
  function parse(
    raw: Buffer,
    options: ParseOptions & { summaryOnly: true },
  ): Promise<MessageSummaryFields>;
  function parse(
    raw: Buffer,
    options?: ParseOptions & { summaryOnly?: false },
  ): Promise<ParsedMessage>;
  async function parse(
    raw: Buffer,
    { verification = true, summaryOnly = false }: ParseOptions = {},
  ): Promise<ParsedMessage | MessageSummaryFields> {
    if (summaryOnly) return summarizeMessage(raw, { verification, mimeOutline, htmlTextRuns });
    return parseWhole(raw, verification, htmlTextRuns);
  }
  return parse satisfies MessageParser;
}

async function parseWhole(
  raw: Buffer,
  verification: boolean,
  htmlTextRuns: boolean,
): Promise<ParsedMessage> {
  const { simpleParser } = await loadMailparser();
  try {
    const mail = await simpleParser(raw, PARSER_OPTIONS);
    const attachments = mail.attachments.map((a, i): ParsedAttachment => ({
      id: String(i + 1),
      filename: cleanFilename(a.filename),
      contentType: cleanContentType(a.contentType),
      contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '') : null,
      content: a.content,
    }));
    return {
      ...summarize(raw, readingOf(mail), verification, htmlTextRuns),
      to: addressList(mail.to),
      attachments,
    };
  } catch {
    // Both mailparser and what we read from its output can trip over hostile input.
    return { ...unreadable(raw), to: [], attachments: [] };
  }
}

/**
 * The summary fields of `parseMessage`, exactly, for a fraction of the work: a message whose
 * MIME structure is plain (mime-outline.ts) and whose headers and text parts need no decoding
 * beyond UTF-8, quoted-printable and base64 never reaches mailparser; any other gets to
 * mailparser without the bodies of its attachments, which the summary only counts.
 * server/test/summary.test.ts holds the two to the same answers. With `mimeOutline` false,
 * mailparser reads the whole message, as `parseMessage` does.
 */
export async function summarizeMessage(
  raw: Buffer,
  {
    verification = true,
    mimeOutline = true,
    htmlTextRuns = true,
  }: { verification?: boolean } & MessageParserOptions = {},
): Promise<MessageSummaryFields> {
  let outline: MessageOutline | null = null;
  if (mimeOutline) {
    try {
      outline = outlineMessage(raw);
      const quick = outline && quickReading(raw, outline);
      if (quick) return summaryFields(summarize(raw, quick, verification, htmlTextRuns));
    } catch {
      // A fault of the shortcut must not cost the message its summary: mailparser reads it all.
      outline = null;
    }
  }
  const { simpleParser } = await loadMailparser();
  try {
    const input = outline ? withoutAttachmentBodies(raw, outline) : raw;
    const mail = await simpleParser(input, PARSER_OPTIONS);
    return summaryFields(summarize(raw, readingOf(mail), verification, htmlTextRuns));
  } catch {
    return summaryFields(unreadable(raw));
  }
}

/** What a parse found, before the summary is made of it: mailparser's fields, as it gives them. */
interface Reading {
  from: MailAddress;
  subject: string;
  /** mailparser's `text`: the text parts joined, undefined when there was none. */
  text: string | undefined;
  /** mailparser's `html`, before sanitising; null when there was none. */
  html: string | null;
  attachmentCount: number;
}

function readingOf(mail: ParsedMail): Reading {
  return {
    from: firstAddress(mail.from) ?? { name: '', address: '' },
    subject: mail.subject ?? '',
    text: mail.text,
    html: typeof mail.html === 'string' ? mail.html : null,
    attachmentCount: mail.attachments.length,
  };
}

type Summarized = MessageSummaryFields & Pick<ParsedMessage, 'text' | 'html'>;

function summarize(
  raw: Buffer,
  found: Reading,
  verification: boolean,
  textRuns: boolean,
): Summarized {
  const scanned = found.html === null ? null : scanMailHtml(found.html, { textRuns });
  const html = scanned?.html ?? null;
  // A message whose MIME structure is broken beyond repair (a boundary that never occurs)
  // parses to headers alone; show its body as text rather than nothing.
  const text =
    found.text ?? (html === null && found.attachmentCount === 0 ? bodyAfterHeaders(raw) : '');
  const subject = oneLine(found.subject);
  const { code, confirmLink } = verification
    ? extractVerification({
        subject,
        text,
        htmlText: scanned?.text ?? '',
        // Anchors first: their text says more about a link than the line around a bare URL.
        links: [...(scanned?.links ?? []), ...findTextLinks(text)],
      })
    : { code: null, confirmLink: null };
  return {
    from: found.from,
    subject,
    preview: makePreview(text),
    text,
    html,
    attachmentCount: found.attachmentCount,
    code,
    confirmLink,
  };
}

/** What a message the parser could not read shows. */
function unreadable(raw: Buffer): Summarized {
  const text = raw.toString('utf8');
  return {
    from: { name: '', address: '' },
    subject: '',
    preview: makePreview(text),
    text,
    html: null,
    attachmentCount: 0,
    // No guessing on a message the parser could not read.
    code: null,
    confirmLink: null,
  };
}

function summaryFields(s: Summarized): MessageSummaryFields {
  const { from, subject, preview, attachmentCount, code, confirmLink } = s;
  return { from, subject, preview, attachmentCount, code, confirmLink };
}

// ---------------------------------------------------------------------------------------------
// The summary without mailparser

/** Charsets whose text mailparser decodes as UTF-8 (its test, on the lower-case alphanumerics). */
const UTF8_CHARSETS = new Set(['ascii', 'usascii', 'utf8']);

/**
 * mailparser's reading of a plain message, from its outline, or null when mailparser would do
 * more than this does: decode encoded words or a charset, convert text to HTML or HTML to text
 * (when text and HTML parts are not alternatives), unwrap format=flowed, inline cid: images.
 */
function quickReading(raw: Buffer, outline: MessageOutline): Reading | null {
  const subject = plainSubject(outline.headers);
  const from = plainFrom(outline.headers);
  if (subject === null || from === null) return null;
  const inline = outline.leaves.filter((leaf) => !leaf.isAttachment);
  const hasText = inline.some((leaf) => leaf.contentType === 'text/plain');
  const hasHtml = inline.some((leaf) => leaf.contentType === 'text/html');
  const texts: string[] = [];
  const htmls: string[] = [];
  for (const leaf of inline) {
    const isText = leaf.contentType === 'text/plain';
    // mailparser's getTextContent: text beside HTML becomes HTML too, HTML without text
    // beside it becomes text (html-to-text).
    const converted = isText
      ? !leaf.inAlternative && hasHtml
      : (!leaf.inAlternative && hasText) || (leaf.root && !hasText);
    const charset = (leaf.charset || 'utf-8').toLowerCase().replace(/[^a-z0-9]+/g, '');
    if (converted || leaf.flowed || !UTF8_CHARSETS.has(charset)) return null;
    const body = decodeBody(raw, leaf);
    if (!body) return null;
    const content = body.toString('utf8').replace(/\r?\n/g, '\n');
    if (content) (isText ? texts : htmls).push(content);
  }
  const html = htmls.length ? htmls.join('<br/>\n') : null;
  // simpleParser replaces cid: references to image parts with data: URLs.
  if (html !== null && /\bcid:/.test(html)) return null;
  return {
    from,
    subject,
    text: texts.length ? texts.join('\n') : undefined,
    html,
    attachmentCount: outline.leaves.length - inline.length,
  };
}

/** mailparser's value of a header line: unfolded, trimmed, its bytes read as UTF-8. */
function headerValue(line: HeaderLine): string {
  return Buffer.from(decodeHeader(line.line), 'latin1').toString('utf8');
}

/** The subject as mailparser gives it, or null when it holds words in a charset other than UTF-8. */
function plainSubject(headers: HeaderLine[]): string | null {
  let subject = '';
  for (const header of headers) {
    if (header.key !== 'subject') continue;
    const value = decodeWords(headerValue(header));
    if (value === null) return null;
    // mailparser keeps the last one that is not empty once decoded.
    if (value) subject = value;
  }
  return subject;
}

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const ADDR = `${ATOM}(?:\\.${ATOM})*@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*`;
/** `addr`, `<addr>`, `Name <addr>`, `"Name" <addr>`: what needs no address parser to read. */
const PLAIN_FROM = new RegExp(
  `^(?:(${ADDR})|<(${ADDR})>|(${ATOM}(?: ${ATOM})*) <(${ADDR})>|"([!#-\\[\\]-~]+(?: [!#-\\[\\]-~]+)*)" <(${ADDR})>)$`,
);

/**
 * The sender as mailparser gives it (the first address of the last From header), or null when
 * reading it takes an address parser (groups, comments, quoting, several addresses), an IDN
 * or a charset other than UTF-8.
 */
function plainFrom(headers: HeaderLine[]): MailAddress | null {
  let value = '';
  for (const header of headers) if (header.key === 'from') value = headerValue(header);
  if (!value) return { name: '', address: '' };
  const m = PLAIN_FROM.exec(value);
  const address = m && (m[1] ?? m[2] ?? m[4] ?? m[6] ?? '');
  if (!m || !address || address.includes('=?') || /@xn--/i.test(address)) return null;
  const name = decodeWords(m[3] ?? m[5] ?? '');
  return name === null ? null : { name: oneLine(name), address: oneLine(address) };
}

/** `raw` without the bodies of its attachments (not those an HTML part may show as cid:). */
function withoutAttachmentBodies(raw: Buffer, outline: MessageOutline): Buffer {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const leaf of outline.leaves) {
    if (!leaf.isAttachment || leaf.hasContentId || leaf.bodyEnd === leaf.bodyStart) continue;
    pieces.push(raw.subarray(at, leaf.bodyStart));
    at = leaf.bodyEnd;
  }
  if (at === 0) return raw;
  pieces.push(raw.subarray(at));
  return Buffer.concat(pieces);
}

/** Everything after the first empty line, as UTF-8 (Latin-1 bytes become U+FFFD). */
function bodyAfterHeaders(raw: Buffer): string {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 4 : lf >= 0 ? lf + 2 : raw.length;
  return raw.subarray(end).toString('utf8').trim();
}

function addressList(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!field) return [];
  const out: MailAddress[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const e of entries) {
      if (e.group) visit(e.group);
      else out.push({ name: oneLine(e.name ?? ''), address: oneLine(e.address ?? '') });
    }
  };
  for (const obj of Array.isArray(field) ? field : [field]) visit(obj.value);
  return out;
}

function firstAddress(field: AddressObject | undefined): MailAddress | undefined {
  return addressList(field)[0];
}

/** Whitespace folded, trimmed, cut at PREVIEW_CHARS. */
export function makePreview(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS);
}

// Control characters (C0, DEL, C1) and Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Header values end up in JSON and HTTP headers: one line, no control characters. */
function oneLine(value: string): string {
  return value.replace(CONTROL_CHARS, ' ').trim();
}

/**
 * A file name safe to show and to put in a Content-Disposition header: the last path segment
 * only, no control characters, no leading dots, at most 200 characters; `attachment` if
 * nothing is left. It is only ever a label: no file path is built from it.
 */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(CONTROL_CHARS, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'attachment';
}

/** A `type/subtype` made of token characters, else application/octet-stream. */
function cleanContentType(type: unknown): string {
  const t = (typeof type === 'string' ? type : '').toLowerCase().trim();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(t) ? t : 'application/octet-stream';
}
