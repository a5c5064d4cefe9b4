/**
 * The URLs a style sheet of a mail would load, read the way a browser reads CSS: with
 * `@csstools/css-tokenizer`, an implementation of CSS Syntax Level 3 that decodes escapes
 * (`u\72l(`, `\75rl(`), strings, comments and bad URLs as the browser does, in one linear pass.
 * A pattern over the raw text cannot: it misses what escapes spell, and patterns such as
 * `url\(.*?\)` try every start against the rest of the text (a run of `url('` froze the tab).
 */
import { tokenizer, TokenType, type CSSToken } from '@csstools/css-tokenizer';

/** A URL named in CSS, decoded, and the source range of the token that names it. */
export interface CssUrl {
  url: string;
  /** Offset of the token's first character in the CSS. */
  start: number;
  /** Offset just past the token's last character. */
  end: number;
  /** A string (`url("…")`, `image-set("…")`, `@import "…"`) rather than an unquoted `url(…)`. */
  quoted: boolean;
  /** Named by an `@import` rule: a style sheet, not an image. */
  imported: boolean;
}

/** Functions whose string argument is a URL (`src()` is CSS Values 4's `url()` for strings). */
const URL_FUNCTIONS = new Set(['url', 'src']);
/** Functions whose bare strings are image URLs (CSS Images 4). */
const IMAGE_SETS = new Set(['image-set', '-webkit-image-set']);

/** Every URL in `css`, in order. */
export function cssUrls(css: string): CssUrl[] {
  const found: CssUrl[] = [];
  const tokens = tokenizer({ css });
  // The open functions, innermost last ('' for a plain parenthesis): a string is a URL only
  // directly inside `url()` or `image-set()`.
  const open: string[] = [];
  // The at-rule whose prelude this is, until its end: `@import` names a style sheet,
  // `@namespace` a name that is never fetched.
  let rule = '';
  const add = (token: CSSToken, url: string, quoted: boolean) => {
    if (rule !== 'namespace') {
      found.push({ url, start: token[2], end: token[3] + 1, quoted, imported: rule === 'import' });
    }
  };

  for (let token = tokens.nextToken(); token[0] !== TokenType.EOF; token = tokens.nextToken()) {
    switch (token[0]) {
      case TokenType.URL:
        add(token, token[4].value, false);
        break;
      case TokenType.String: {
        const inner = open.at(-1) ?? '';
        if (rule === 'import' || URL_FUNCTIONS.has(inner) || IMAGE_SETS.has(inner)) {
          add(token, token[4].value, true);
        }
        break;
      }
      case TokenType.Function:
        // Function names are ASCII case-insensitive; the tokenizer has decoded their escapes.
        open.push(token[4].value.toLowerCase());
        break;
      case TokenType.OpenParen:
        open.push('');
        break;
      case TokenType.CloseParen:
        open.pop();
        break;
      case TokenType.AtKeyword:
        rule = token[4].value.toLowerCase();
        break;
      case TokenType.Semicolon:
      case TokenType.OpenCurly:
      case TokenType.CloseCurly:
        rule = '';
        break;
    }
  }
  return found;
}

/**
 * `css` with the URLs `drop` picks made empty (`url()`, `""`), which CSS Values 4 defines as an
 * invalid resource that is never fetched; the rest of the CSS is left as written.
 */
export function emptyCssUrls(css: string, drop: (url: string) => boolean): string {
  let out = '';
  let from = 0;
  for (const found of cssUrls(css)) {
    if (!drop(found.url)) continue;
    out += css.slice(from, found.start) + (found.quoted ? '""' : 'url()');
    from = found.end;
  }
  return from === 0 ? css : out + css.slice(from);
}
