/**
 * The one bound on what mailauth is given: the header block its DKIM verifier reads. Several of
 * its header steps grow with the square of a part of the block, so one cap on the block's bytes
 * bounds them all, and the reading's deadline the rest (docs/architecture.md, "The header cap",
 * with the figures measured on mailauth 4.13.3). Past the cap DMARC is judged on `fromAddresses`.
 */
import { commentEnd } from './auth-results';

/**
 * Bytes of a header block given to mailauth's DKIM verifier, its blank line included: sendmail's
 * `MaxHeadersLength` default; real mail carries 2-15 KB, a heavily forwarded message 20-25.
 */
export const MAX_DKIM_HEADER_BYTES = 32 * 1024;

/** Where mailauth's reader ends the header: past the first LF+LF or LF+CRLF, else at the end. */
export function headerBlockEnd(raw: Buffer): number {
  const ends = [raw.indexOf('\n\n'), raw.indexOf('\n\r\n')].filter((i) => i >= 0);
  if (!ends.length) return raw.length;
  const first = Math.min(...ends);
  return first + (raw[first + 1] === 0x0a ? 2 : 3);
}

/** Whether a header block has a DKIM-Signature field. */
export const hasDkimSignature = (header: string): boolean =>
  /^dkim-signature[ \t]*:/im.test(header);

/** The values of the fields of a header block named `name` (lower case), unfolded. */
function fieldValues(header: string, name: string): string[] {
  const values: string[][] = [];
  let current: string[] | null = null;
  for (const line of header.split('\n')) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      current?.push(line);
      continue;
    }
    const colon = line.indexOf(':');
    current = colon > 0 && line.slice(0, colon).trim().toLowerCase() === name ? [] : null;
    if (current) {
      current.push(line.slice(colon + 1));
      values.push(current);
    }
  }
  return values.map((lines) => lines.join(' ').replace(/\r/g, ''));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x28;
const LT = 0x3c;
const AT = 0x40;

/** Whether `c` ends a word of a From value: a blank, or `,` `;` `:` `>`. */
const endsWord = (c: number) =>
  c === 0x20 ||
  c === 0x09 ||
  c === 0x0a ||
  c === 0x0d ||
  c === 0x2c ||
  c === 0x3b ||
  c === 0x3a ||
  c === 0x3e;

/**
 * The From addresses of a header block in one pass: each address in angle brackets and each word
 * with an `@` outside them, quoted strings and comments skipped. Two such words count as two, so
 * a padded From cannot show one address and be judged on another.
 */
export function fromAddresses(header: string): string[] {
  const found: string[] = [];
  for (const value of fieldValues(header, 'from')) {
    let wordStart = 0;
    let wordHasAt = false;
    const endWord = (at: number) => {
      if (wordHasAt) found.push(value.slice(wordStart, at));
      wordStart = at + 1;
      wordHasAt = false;
    };
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === QUOTE) {
        endWord(i);
        for (i++; i < value.length && value.charCodeAt(i) !== QUOTE; i++) {
          if (value.charCodeAt(i) === BACKSLASH) i++;
        }
        wordStart = i + 1;
      } else if (c === OPEN) {
        endWord(i);
        i = commentEnd(value, i);
        wordStart = i + 1;
      } else if (c === LT) {
        endWord(i);
        const close = value.indexOf('>', i + 1);
        const inside = value.slice(i + 1, close < 0 ? value.length : close).trim();
        if (inside.includes('@')) found.push(inside);
        i = close < 0 ? value.length : close;
        wordStart = i + 1;
      } else if (endsWord(c)) endWord(i);
      else if (c === AT) wordHasAt = true;
    }
    endWord(value.length);
  }
  return found;
}
