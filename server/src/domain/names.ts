/**
 * Names taken from mail (file names, From names, subjects) as we store and serve them: whole
 * code points, on one line, and unable to reorder the text around them. A mail chooses these
 * strings; the page and the download headers show them beside ours.
 */

/** Longest file name kept, in UTF-16 code units (cut on a code-point boundary). */
export const MAX_FILENAME_UNITS = 200;
/** Longest From name kept, in UTF-16 code units. */
export const MAX_DISPLAY_NAME_UNITS = 200;
/** Longest address kept, in UTF-16 code units: past RFC 5321's 254, yet bounded. */
export const MAX_ADDRESS_UNITS = 320;
/** Longest subject kept, in UTF-16 code units: more than any real subject, far less than a hostile one. */
export const MAX_SUBJECT_UNITS = 1000;

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Control characters (C0, DEL, C1) and Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The bidi embeddings, overrides and isolates: each reorders the text after it. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * The invisible format controls a file name could hide its real extension with: zero-width
 * characters, the bidi marks, embeddings, overrides and isolates, and the byte-order mark.
 */
const FORMAT_CONTROLS = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** `text` with every lone surrogate replaced by U+FFFD: safe for `encodeURIComponent` and UTF-8. */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** `text` cut to at most `max` code units, never between the two halves of a surrogate pair. */
export function cutAtCodePoint(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * A From name or a subject as shown: whole code points, one line (control characters become
 * blanks), no bidi controls, trimmed and cut to `max` code units.
 */
function cleanHeaderText(value: string, max: number): string {
  const text = wellFormed(value).replace(CONTROL_CHARS, ' ').replace(BIDI_CONTROLS, '').trim();
  return cutAtCodePoint(text, max).trimEnd();
}

/** A From name as shown (`cleanHeaderText` at MAX_DISPLAY_NAME_UNITS). */
export const cleanDisplayName = (name: string) => cleanHeaderText(name, MAX_DISPLAY_NAME_UNITS);

/** An address as shown (`cleanHeaderText` at MAX_ADDRESS_UNITS). */
export const cleanAddress = (address: string) => cleanHeaderText(address, MAX_ADDRESS_UNITS);

/** A subject as shown (`cleanHeaderText` at MAX_SUBJECT_UNITS). */
export const cleanSubject = (subject: string) => cleanHeaderText(subject, MAX_SUBJECT_UNITS);

/**
 * A file name safe to show and to put in a Content-Disposition header: the last path segment
 * only, whole code points, no control or invisible format characters, no leading dots, at most
 * MAX_FILENAME_UNITS code units; `attachment` if nothing is left. It is only ever a label: no
 * file path is built from it.
 */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = wellFormed(base)
    .replace(CONTROL_CHARS, '')
    .replace(FORMAT_CONTROLS, '')
    .replace(/^[.\s]+/, '')
    .trim();
  return cutAtCodePoint(cleaned, MAX_FILENAME_UNITS).trimEnd() || 'attachment';
}

/** A `type/subtype` made of token characters, else application/octet-stream. */
export function cleanContentType(type: unknown): string {
  const t = (typeof type === 'string' ? type : '').toLowerCase().trim();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(t) ? t : 'application/octet-stream';
}
