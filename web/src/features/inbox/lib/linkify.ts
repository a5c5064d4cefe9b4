/**
 * Splits a plain-text body into text and web links, so links can be rendered as real anchors
 * without ever interpreting the mail as HTML. Only `http(s)://` and `www.` links are recognised;
 * `javascript:` and other schemes stay plain text.
 *
 * Mail is hostile: every step is linear in the text. The pattern has no nested or adjacent
 * quantifiers, so it never backtracks, and a link's trailing punctuation is trimmed in one pass
 * from its end (`trimLink`), not with a pattern anchored at `$`, which scans the rest of the
 * text again from every start it tries.
 */
export type TextPart =
  { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that usually ends a sentence rather than a URL (`LINK` already stops at quotes). */
const TRAILING = '.,;:!?»”’';
/** A link with nothing after its scheme or `www.`. */
const BARE = /^(?:https?:\/\/|www\.)$/i;

/**
 * Links made into anchors; beyond these the text stays text (the HTML view still has them).
 * Real mail has a few dozen; a text that is nothing but links would otherwise cost the page an
 * element every few bytes, many times what text of its size costs.
 */
export const MAX_TEXT_LINKS = 200;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  let links = 0;
  for (const match of text.matchAll(LINK)) {
    if (links === MAX_TEXT_LINKS) break;
    const link = trimLink(match[0]);
    if (!link) continue;
    const start = match.index;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    const href = /^www\./i.test(link) ? `https://${link}` : link;
    parts.push({ type: 'link', text: link, href });
    links++;
    last = start + link.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/**
 * Drops trailing punctuation and closing brackets that have no opening partner in the link,
 * walking back from the end once; '' when only the scheme or `www.` is left. (`LINK` already
 * stops at `<` and `>`.)
 */
function trimLink(raw: string): string {
  // Closing brackets minus opening ones, of each kind, kept as the end moves back.
  let round = 0;
  let square = 0;
  let curly = 0;
  for (const ch of raw) {
    if (ch === '(') round--;
    else if (ch === ')') round++;
    else if (ch === '[') square--;
    else if (ch === ']') square++;
    else if (ch === '{') curly--;
    else if (ch === '}') curly++;
  }
  let end = raw.length;
  for (; end > 0; end--) {
    const last = raw[end - 1]!;
    if (TRAILING.includes(last)) continue;
    if (last === ')' && round > 0) round--;
    else if (last === ']' && square > 0) square--;
    else if (last === '}' && curly > 0) curly--;
    else break;
  }
  const link = raw.slice(0, end);
  return BARE.test(link) ? '' : link;
}
