/** The string work the code finder and the link finder share. */

/** Only this many characters of each part are scanned: codes sit near the top, and mail is hostile. */
const MAX_SCAN_CHARS = 30_000;

/** What `\p{L}\p{N}` matches: a letter or a digit of any script, for a regex character class. */
const LETTER_OR_DIGIT = '\\p{L}\\p{N}';

/** A global, case-blind regex for `pattern` as whole words (no letter or digit on either side). */
export const wordPattern = (pattern: string) =>
  new RegExp(`(?<![${LETTER_OR_DIGIT}])(?:${pattern})(?![${LETTER_OR_DIGIT}])`, 'giu');

/**
 * `pattern.test(text)` for the global patterns of `wordPattern`, whose `lastIndex` would
 * otherwise carry over from one call to the next.
 */
export function matches(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const hit = pattern.test(text);
  pattern.lastIndex = 0;
  return hit;
}

/**
 * Calls `each` with every match of the global `pattern` in `text` and where it starts, until
 * `each` says false. An `exec` loop: `matchAll` copies the regex on every call, which cost the
 * heuristic more than its matching on short lines.
 */
export function eachMatch(
  pattern: RegExp,
  text: string,
  each: (match: string, index: number) => boolean,
): void {
  pattern.lastIndex = 0;
  try {
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      // An empty match would be found again at the same place.
      if (m[0] === '') pattern.lastIndex++;
      if (!each(m[0], m.index)) return;
    }
  } finally {
    pattern.lastIndex = 0;
  }
}

/** What `\s` matches, by character code. */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The first MAX_SCAN_CHARS characters of `text`. */
export function clipForScan(text: string): string {
  return text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
}

/**
 * `text` without its trailing run of characters for which `drop` holds: what
 * `text.replace(/[…]+$/, '')` gives, in one pass from the end, where the regex tries every run
 * inside the text up to its end, which costs the square of a long run of them.
 */
export function trimEndWhere(text: string, drop: (c: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text.charAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Whitespace runs made one space, invisible characters removed, trimmed. */
export function collapseWhitespace(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Lines of a text with URLs and addresses blanked out, spaces folded. Longer lines (HTML without
 * blocks, hostile input) are cut at a space every MAX_LINE_CHARS, so the work per line stays
 * bounded and the scan linear in the size of the mail.
 */
export function scanLines(text: string): string[] {
  const withoutUrls = clipForScan(text)
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi, ' ');
  const lines: string[] = [];
  for (const raw of blankAddresses(withoutUrls).split(/\r\n|\r|\n/)) {
    // An empty line has nothing to fold: a text of line breaks is little else.
    const line = raw === '' ? raw : raw.replace(/[\s\u00a0\u2007\u202f]+/gu, ' ').trim();
    if (line.length <= MAX_LINE_CHARS) lines.push(line);
    else lines.push(...splitLongLine(line));
  }
  return lines;
}

const MAX_LINE_CHARS = 500;

/**
 * Blanks out what looks like an address, so that its digits are never taken for a code: the
 * same as `text.replace(/[^\s@<>()[\]"']{1,64}@[^\s@<>()[\]"']{1,255}/g, ' ')`, but working
 * out from each '@' instead of trying the pattern at every position, where the regex tries up
 * to 64 characters at each of them: on plain text that was most of the heuristic's cost.
 */
function blankAddresses(text: string): string {
  let at = text.indexOf('@');
  if (at < 0) return text;
  let out = '';
  // Everything before `done` is in `out` already (or was blanked); a match never starts before.
  let done = 0;
  while (at >= 0) {
    let start = at;
    while (start > done && at - start < 64 && isAddressChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - at <= 255 && isAddressChar(text.charCodeAt(end))) end++;
    if (start < at && end > at + 1) {
      out += `${text.slice(done, start)} `;
      done = end;
    }
    at = text.indexOf('@', Math.max(at + 1, done));
  }
  return out + text.slice(done);
}

/** Not whitespace (as `\s`), not `@<>()[]"'`. */
function isAddressChar(c: number): boolean {
  switch (c) {
    case 0x40: // @
    case 0x3c: // <
    case 0x3e: // >
    case 0x28: // (
    case 0x29: // )
    case 0x5b: // [
    case 0x5d: // ]
    case 0x22: // "
    case 0x27: // '
      return false;
  }
  return !isSpace(c);
}

function splitLongLine(line: string): string[] {
  if (line.length <= MAX_LINE_CHARS) return [line];
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > MAX_LINE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_LINE_CHARS);
    const at = space > MAX_LINE_CHARS / 2 ? space : MAX_LINE_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at);
  }
  pieces.push(rest.trim());
  return pieces;
}
