/**
 * The content model of the site: every article, guide and legal page body is a list of blocks.
 *
 * Inline text (a paragraph, a list item, a table cell, a callout) is plain text. The only markup
 * it may contain is a link written as `[testo](/percorso)`, always to an internal route; the
 * renderer turns it into a real `<a href>`. Nothing else (no HTML, no emphasis) is interpreted.
 */

/** A paragraph of running text. */
export interface ParagraphBlock {
  type: 'p';
  /** Inline text, may contain internal links. */
  text: string;
}

/** A section heading (rendered as `<h2>`; the page title is the only `<h1>`). */
export interface Heading2Block {
  type: 'h2';
  text: string;
  /** Optional fragment id, so that a table of contents can link to the section. */
  id?: string;
}

/** A sub-section heading (rendered as `<h3>`). */
export interface Heading3Block {
  type: 'h3';
  text: string;
}

/** A bulleted list; each item is inline text. */
export interface UnorderedListBlock {
  type: 'ul';
  items: string[];
}

/** A numbered list, for steps that happen in order; each item is inline text. */
export interface OrderedListBlock {
  type: 'ol';
  items: string[];
}

/** A table with a header row; every row has as many cells as `head`. */
export interface TableBlock {
  type: 'table';
  /** Short description of the table, rendered as `<caption>`. */
  caption?: string;
  head: string[];
  rows: string[][];
}

/** A highlighted box that stands out from the running text. */
export interface CalloutBlock {
  type: 'callout';
  /** `info`: good to know; `warning`: a risk or a limit; `tip`: a practical suggestion. */
  tone: 'info' | 'warning' | 'tip';
  title?: string;
  text: string;
}

/** A list of things to check or do, rendered with check marks (not interactive). */
export interface ChecklistBlock {
  type: 'checklist';
  items: string[];
}

/**
 * Source code or a shell command, shown exactly as written (monospace; a long line scrolls inside
 * the block, never the page). Not inline text: nothing in it is parsed, it holds no links and it
 * does not count as words.
 */
export interface CodeBlock {
  type: 'code';
  /** `sh`: commands for a shell; `js`: JavaScript; `json`, `text`: what a command prints. */
  language: 'sh' | 'js' | 'json' | 'text';
  code: string;
  /** What the code does, shown above it and read as its name by assistive technology. */
  caption: string;
}

/** One block of page content. */
export type Block =
  | ParagraphBlock
  | Heading2Block
  | Heading3Block
  | UnorderedListBlock
  | OrderedListBlock
  | TableBlock
  | CalloutBlock
  | ChecklistBlock
  | CodeBlock;

/** A piece of inline text after parsing: plain text or an internal link. */
export type InlinePart =
  { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/** Source of the inline link syntax `[testo](/percorso)`; the target must start with `/`. */
const INLINE_LINK_SOURCE = String.raw`\[([^\]]+)\]\((\/[^)\s]*)\)`;

/** Splits inline text into plain parts and internal links, in order, for the renderer. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(INLINE_LINK_SOURCE, 'g'))) {
    const index = match.index;
    if (index > last) parts.push({ type: 'text', text: text.slice(last, index) });
    parts.push({ type: 'link', text: match[1] ?? '', href: match[2] ?? '/' });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/** Inline text without link markup: `[testo](/percorso)` becomes `testo`. */
export function inlineToPlain(text: string): string {
  return text.replace(new RegExp(INLINE_LINK_SOURCE, 'g'), '$1');
}

/** Every link target written in a list of blocks, in order of appearance. */
export function linkTargets(blocks: readonly Block[]): string[] {
  return blockTexts(blocks).flatMap((text) =>
    parseInline(text).flatMap((part) => (part.type === 'link' ? [part.href] : [])),
  );
}

/** The inline texts of a list of blocks, headings and table cells included. */
export function blockTexts(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'p':
      case 'h2':
      case 'h3':
        return [block.text];
      case 'ul':
      case 'ol':
      case 'checklist':
        return block.items;
      case 'table':
        return [...(block.caption ? [block.caption] : []), ...block.head, ...block.rows.flat()];
      case 'callout':
        return [...(block.title ? [block.title] : []), block.text];
      case 'code':
        return [block.caption];
    }
  });
}

/** Plain text of a list of blocks, links reduced to their text, one block text per line. */
export function blocksToPlainText(blocks: readonly Block[]): string {
  return blockTexts(blocks).map(inlineToPlain).join('\n');
}

/**
 * Number of words in a list of blocks, counted like `wc -w`: runs of non-space characters that
 * hold at least one letter or digit (so `dell'indirizzo` is one word and a lone dash is none).
 */
export function countWords(blocks: readonly Block[]): number {
  return blocksToPlainText(blocks)
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
