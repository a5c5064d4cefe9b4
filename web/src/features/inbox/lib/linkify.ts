/**
 * Splits a plain-text body into text and web links, so links can be rendered as real anchors
 * without ever interpreting the mail as HTML. Only `http(s)://` and `www.` links are recognised;
 * `javascript:` and other schemes stay plain text.
 */
export type TextPart =
  { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?'"»”’]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const link = trimLink(match[0]);
    if (!link) continue;
    const start = match.index;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    const href = /^www\./i.test(link) ? `https://${link}` : link;
    parts.push({ type: 'link', text: link, href });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/** Drops trailing punctuation and closing brackets that have no opening partner in the link. */
function trimLink(raw: string): string {
  let link = raw;
  for (;;) {
    const trimmed = link.replace(TRAILING, '');
    const last = trimmed.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };
    const open = last ? pairs[last] : undefined;
    if (open && last && count(trimmed, last) > count(trimmed, open)) {
      link = trimmed.slice(0, -1);
      continue;
    }
    if (trimmed === link) return /^(?:https?:\/\/|www\.)$/i.test(link) ? '' : link;
    link = trimmed;
  }
}

function count(text: string, ch: string): number {
  return text.split(ch).length - 1;
}
