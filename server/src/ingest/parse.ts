import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { MailAddress, ParseOptions, ParsedAttachment, ParsedMessage } from '../domain/message';
import { extractVerification, findTextLinks } from '../domain/verification';
import { scanMailHtml } from './sanitize';

/** Length of the inbox preview, in characters. */
export const PREVIEW_CHARS = 200;

/**
 * Parses raw message bytes. The only file that imports mailparser.
 *
 * Never throws: mail is hostile input and a message we accepted must still show up, so a
 * parser failure yields an empty summary with the raw text as body.
 * `cid:` references in the HTML are inlined as `data:` URLs (mailparser's default), so inline
 * images display inside a sandboxed iframe without fetching anything. The HTML is sanitised
 * (sanitize.ts); the raw message keeps the original.
 */
export async function parseMessage(
  raw: Buffer,
  { verification = true }: ParseOptions = {},
): Promise<ParsedMessage> {
  try {
    const mail = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true });
    return fromParsedMail(mail, raw, verification);
  } catch {
    // Both mailparser and what we read from its output can trip over hostile input.
    const text = raw.toString('utf8');
    return {
      from: { name: '', address: '' },
      to: [],
      subject: '',
      preview: makePreview(text),
      text,
      html: null,
      attachments: [],
      attachmentCount: 0,
      // No guessing on a message the parser could not read.
      code: null,
      confirmLink: null,
    };
  }
}

function fromParsedMail(mail: ParsedMail, raw: Buffer, verification: boolean): ParsedMessage {
  const scanned = typeof mail.html === 'string' ? scanMailHtml(mail.html) : null;
  const html = scanned?.html ?? null;
  // A message whose MIME structure is broken beyond repair (a boundary that never occurs)
  // parses to headers alone; show its body as text rather than nothing.
  const text =
    mail.text ?? (html === null && mail.attachments.length === 0 ? bodyAfterHeaders(raw) : '');
  const attachments = mail.attachments.map((a, i): ParsedAttachment => ({
    id: String(i + 1),
    filename: cleanFilename(a.filename),
    contentType: cleanContentType(a.contentType),
    contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '') : null,
    content: a.content,
  }));
  const subject = oneLine(mail.subject ?? '');
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
    from: firstAddress(mail.from) ?? { name: '', address: '' },
    to: addressList(mail.to),
    subject,
    preview: makePreview(text),
    text,
    html,
    attachments,
    attachmentCount: attachments.length,
    code,
    confirmLink,
  };
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
