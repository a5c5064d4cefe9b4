import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import {
  emptySummary,
  type AttachmentPart,
  type MailAddress,
  type MessageReading,
  type MessageSummaryFields,
  type ReadingAttachment,
} from '../../domain/message';
import {
  cleanAddress,
  cleanContentType,
  cleanDisplayName,
  cleanFilename,
  cleanSubject,
  cutAtCodePoint,
} from '../../domain/names';
import { extractVerification, findTextLinks } from '../../domain/verification';
import type { Step } from './cpu-lock';
import { partsOf } from './mime-parts';
import { scanMailHtml } from './sanitize';

/** Length of the inbox preview, in UTF-16 code units (cut on a code-point boundary). */
export const PREVIEW_CHARS = 200;

/** mailparser's own options; the page makes links of the text itself. */
const PARSER_OPTIONS = { skipTextToHtml: true, skipTextLinks: true };

/** How `readMessage` reads. */
export interface ReadOptions {
  /** Look for the code and the link (default true); a stored message has them in its summary. */
  verification?: boolean;
  /** Each run of text one event for the sanitiser (html-text-runs.ts; default true). */
  textRuns?: boolean;
  /** Told each step as it begins, for the deadline to name the step it caught. */
  onStep?: (step: Step) => void;
}

/** A message read once: its summary, its reading, and what the sender check needs of it. */
export interface MessageContent {
  summary: MessageSummaryFields;
  /** Its attachments' parts lie in the bytes read. */
  reading: MessageReading;
  /** More than one From address, in several From fields or in one (RFC 7489 §6.6.1). */
  multipleFrom: boolean;
}

/**
 * Reads a message whole, once, in a reading worker under its deadline (nothing here bounds its
 * own time). Never throws: a message mailparser cannot read shows its raw text. `cid:` images are
 * inlined as `data:` URLs (mailparser's default), so the sandboxed iframe fetches nothing.
 */
export async function readMessage(
  raw: Buffer,
  { verification = true, textRuns = true, onStep = () => {} }: ReadOptions = {},
): Promise<MessageContent> {
  onStep('mime');
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, PARSER_OPTIONS);
  } catch {
    return unreadable(raw);
  }
  const html = typeof mail.html === 'string' ? mail.html : null;
  onStep('sanitize');
  const scanned = html === null ? null : scanMailHtml(html, { textRuns });
  // A message whose MIME structure is broken beyond repair (a boundary that never occurs)
  // parses to headers alone; show its body as text rather than nothing.
  const text =
    mail.text ?? (html === null && mail.attachments.length === 0 ? bodyAfterHeaders(raw) : '');
  const subject = cleanSubject(mail.subject ?? '');
  onStep('preview');
  const preview = makePreview(text);
  onStep('verification');
  const { code, confirmLink } = verification
    ? extractVerification({
        subject,
        text,
        htmlText: scanned?.text ?? '',
        // Anchors first: their text says more about a link than the line around a bare URL.
        links: [...(scanned?.links ?? []), ...findTextLinks(text)],
      })
    : { code: null, confirmLink: null };
  onStep('parts');
  const attachments = await attachmentsOf(raw, mail);
  const from = addressList(mail.from);
  return {
    summary: {
      from: from[0] ?? { name: '', address: '' },
      subject,
      preview,
      attachmentCount: attachments.length,
      code,
      confirmLink,
    },
    reading: {
      status: 'complete',
      to: addressList(mail.to),
      text,
      html: scanned?.html ?? null,
      attachments,
    },
    multipleFrom: from.length > 1 || mail.headerLines.filter((h) => h.key === 'from').length > 1,
  };
}

/** The attachments mailparser found, each with where its part lies in `raw` (mime-parts.ts). */
async function attachmentsOf(raw: Buffer, mail: ParsedMail): Promise<ReadingAttachment[]> {
  if (mail.attachments.length === 0) return [];
  // Read only when there are attachments: the split is a second pass over the message.
  const parts = await partsOf(raw).catch(() => new Map<string, AttachmentPart | null>());
  return mail.attachments.map((a, i) => ({
    id: String(i + 1),
    filename: cleanFilename(a.filename),
    contentType: cleanContentType(a.contentType),
    contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '') : null,
    size: a.content.length,
    part: parts.get(a.partId ?? '') ?? null,
  }));
}

/** What a message mailparser could not read shows: its raw text, nothing guessed. */
function unreadable(raw: Buffer): MessageContent {
  const text = raw.toString('utf8');
  return {
    summary: { ...emptySummary(), preview: makePreview(text) },
    reading: { status: 'complete', to: [], text, html: null, attachments: [] },
    multipleFrom: false,
  };
}

/** Everything after the first empty line, as UTF-8 (Latin-1 bytes become U+FFFD). */
function bodyAfterHeaders(raw: Buffer): string {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 4 : lf >= 0 ? lf + 2 : raw.length;
  return raw.subarray(end).toString('utf8').trim();
}

/** Every address of an address field, those inside groups included, cleaned. */
function addressList(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!field) return [];
  const out: MailAddress[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const e of entries) {
      if (e.group) visit(e.group);
      else
        out.push({ name: cleanDisplayName(e.name ?? ''), address: cleanAddress(e.address ?? '') });
    }
  };
  for (const obj of Array.isArray(field) ? field : [field]) visit(obj.value);
  return out;
}

/** Whitespace folded, trimmed, cut at PREVIEW_CHARS on a code-point boundary. */
export function makePreview(text: string): string {
  return cutAtCodePoint(text.replace(/\s+/g, ' ').trim(), PREVIEW_CHARS);
}
