/**
 * The one bound on what mailauth is given: the header block its DKIM verifier reads. Its header
 * parser is not linear on what a sender writes. Measured on mailauth 4.13.3, in one process,
 * CPU per `authenticate()` of a 1 KB signed message (about 1 ms of its own):
 *
 * - it splices its array of lines once per folded line and copies a field's lines at each fold:
 *   folds cost the square of their number (8,000 folds 23 ms, 16,000 43 ms, 40,000 seconds);
 * - it tries `/[\r\n]+$/` from each byte of a run of bare CRs (16,000 of them 91 ms, 32,000
 *   340 ms);
 * - its b= pattern tries each start of a run of separators in a DKIM-Signature (16,000
 *   semicolons 142 ms, 32,000 560 ms);
 * - nodemailer's address parser, which it reads From with, tries a pattern from each character
 *   of a From without an address in brackets (16 KB 145 ms, 32 KB 590 ms);
 * - it scans the header once per name of a signature's `h=` (25,000 names over 1,500 fields:
 *   61 ms).
 *
 * Each grows with the square of a part of the header block, so one cap on the block's bytes
 * bounds them all: `MAX_DKIM_HEADER_BYTES`. A cap on lines would add nothing: within 32 KB the
 * folds cost some 35 ms at most, less than the fields above. What is left within the cap (some
 * 0.6 s at worst on a busy machine) is bounded by the reading's deadline in its worker
 * (docs/architecture.md, "Hostile mail"). Beyond the cap mailauth's DKIM is not run, and DMARC
 * is judged on the From addresses `fromAddresses` finds in one pass.
 */

/**
 * Bytes of a header block given to mailauth's DKIM verifier, its final blank line included. As
 * sendmail's `MaxHeadersLength` default (32,768): real messages carry 2-15 KB, a heavily
 * forwarded one (Received chains, ARC sets, a provider's anti-spam fields) some 20-25. Past it
 * the costs above reach a second and more, past the reading's deadline, and a spoof padded so
 * would lose its DMARC verdict.
 */
export const MAX_DKIM_HEADER_BYTES = 32 * 1024;

/**
 * Where the header block of `raw` ends as mailauth's reader finds it: after the first LF that is
 * followed by an LF or by CR LF (it makes every bare LF CRLF first). The whole message when there
 * is no such line: mailauth then reads it all as header.
 */
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
const CLOSE = 0x29;
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
 * The From addresses of a header block, in one pass over its From fields: each address in angle
 * brackets, and each word holding an `@` outside them, quoted strings and comments skipped.
 * DMARC needs exactly one; two words with an `@` count as two, so that a padded From cannot show
 * one address and be judged on another.
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
        for (let depth = 1; depth > 0 && ++i < value.length;) {
          const d = value.charCodeAt(i);
          if (d === BACKSLASH) i++;
          else if (d === OPEN) depth++;
          else if (d === CLOSE) depth--;
        }
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
