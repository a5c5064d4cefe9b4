import libmime from 'libmime';
import type { MailAddress } from '../../domain/message';
import { cleanAddress, cleanDisplayName, cleanSubject } from '../../domain/names';
import { stripOwnAuthenticationResults } from '../auth';

/**
 * The sender and subject of a message past its deadline, read on the event loop and so bounded:
 * one pass over HEADER_SCAN_BYTES, MAX_VALUE_CHARS of a field decoded by libmime.
 */

/** Bytes of a message's header read, at most: the From and Subject of real mail come first. */
export const HEADER_SCAN_BYTES = 16 * 1024;
/** Characters of a field's value kept for decoding, at most: past any real From or subject. */
const MAX_VALUE_CHARS = 1024;

/** What the scan finds. */
export interface HeaderFacts {
  /** The first From field's first address, or empty. */
  from: MailAddress;
  /** The last Subject field that is not empty, decoded, or ''. */
  subject: string;
  /** From fields among those scanned. */
  fromFields: number;
}

/** From and Subject of `raw`, from its first HEADER_SCAN_BYTES. */
export function scanHeader(raw: Buffer): HeaderFacts {
  const head = raw.subarray(0, HEADER_SCAN_BYTES).toString('utf8');
  const facts: HeaderFacts = { from: { name: '', address: '' }, subject: '', fromFields: 0 };
  let name = '';
  let value = '';
  const field = () => {
    if (name === 'from' && ++facts.fromFields === 1) facts.from = addressOf(value);
    if (name === 'subject' && value.trim()) facts.subject = cleanSubject(decode(value));
  };
  for (const line of head.split('\n')) {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text === '') break;
    if (text[0] === ' ' || text[0] === '\t') {
      if (value.length < MAX_VALUE_CHARS) value += text;
      continue;
    }
    field();
    const colon = text.indexOf(':');
    name = colon > 0 ? text.slice(0, colon).trim().toLowerCase() : '';
    value = text.slice(colon + 1, colon + 1 + MAX_VALUE_CHARS);
  }
  field();
  return facts;
}

/** MIME words decoded (RFC 2047); the text as it is if they cannot be. */
function decode(value: string): string {
  const text = value.slice(0, MAX_VALUE_CHARS);
  try {
    return libmime.decodeWords(text);
  } catch {
    return text;
  }
}

/** `Name <address>`, `"Name" <address>` or a bare address: the first, read plainly. */
function addressOf(value: string): MailAddress {
  const open = value.indexOf('<');
  const close = open < 0 ? -1 : value.indexOf('>', open);
  if (close > open) {
    const name = value.slice(0, open).trim();
    const unquoted = name.length > 1 && name.startsWith('"') && name.endsWith('"');
    return {
      name: cleanDisplayName(decode(unquoted ? name.slice(1, -1) : name)),
      address: cleanAddress(value.slice(open + 1, close)),
    };
  }
  const bare = value.split(/[\s,;]+/).find((word) => word.includes('@')) ?? '';
  return { name: '', address: cleanAddress(bare) };
}

/** Where the header block of `raw` ends: past its first empty line (CRLF or LF), or its end. */
export function headerBlockEnd(raw: Buffer): number {
  if (raw[0] === 0x0a) return 1;
  if (raw[0] === 0x0d && raw[1] === 0x0a) return 2;
  for (let lf = raw.indexOf(0x0a); lf >= 0; lf = raw.indexOf(0x0a, lf + 1)) {
    if (raw[lf + 1] === 0x0a) return lf + 2;
    if (raw[lf + 1] === 0x0d && raw[lf + 2] === 0x0a) return lf + 3;
  }
  return raw.length;
}

/**
 * Where the body of `raw` starts, and its header with any `Authentication-Results` field in our
 * name renamed (RFC 8601 §5), or null when it holds none.
 */
export function ourHeader(
  raw: Buffer,
  hostname: string,
): { header: Buffer | null; bodyAt: number } {
  const bodyAt = headerBlockEnd(raw);
  const head = raw.subarray(0, bodyAt);
  const mayHold = /authentication-results/i.test(head.toString('latin1'));
  return { header: mayHold ? stripOwnAuthenticationResults(head, hostname) : null, bodyAt };
}
