/**
 * Turns the HTML body of a message (hostile input) into the `srcdoc` of a sandboxed iframe.
 *
 * Defences, in layers:
 * - the iframe's sandbox allows popups and nothing else: no scripts, no forms, no same-origin
 *   access, no navigation of our page; a link opens in a new tab of its own, outside the sandbox,
 *   as in a webmail;
 * - only `http`, `https` and `mailto` links are followed, each with `target="_blank"`,
 *   `rel="noopener noreferrer"` and its real destination as its `title` (the browser's own
 *   tooltip, which the mail cannot draw over); any other link, and a relative one, is plain text;
 * - a Content-Security-Policy `<meta>` placed first in `<head>` blocks every remote fetch
 *   (images, CSS, fonts, media) until the visitor asks for it with 'Mostra immagini': remote
 *   images are how senders track opens;
 * - relative URLs are emptied: a `srcdoc` document resolves them against our page, so after
 *   'Mostra immagini' they would load from our own origin. `<base>` cannot redirect them, since
 *   the page's policy (`base-uri 'none'`), which the frame inherits, forbids any;
 * - `<meta http-equiv>` (refresh, a looser policy), `<base>`, `<script>` and every `<link>` that
 *   is not a stylesheet (prefetch, dns-prefetch, preconnect: requests CSP does not stop) are
 *   removed before the document is built;
 * - `<meta name="referrer" content="no-referrer">`, so an allowed image learns nothing of us.
 *
 * Every pass over the mail is linear in its size: the DOM is the browser's, the CSS is read by
 * a tokenizer (`css-urls.ts`), and the rest are single scans.
 */
import { cssUrls, emptyCssUrls } from './css-urls';

/** While remote content is blocked: only inline styles and `data:` images and fonts. */
export const BLOCKED_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

/** After 'Mostra immagini': remote images, stylesheets, fonts and media; still never scripts. */
export const REMOTE_CSP =
  "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline' http: https:; font-src data: http: https:; media-src data: http: https:; form-action 'none'; base-uri 'none'";

/**
 * The iframe's sandbox: a link may open a new tab (`target="_blank"`, set on every followed
 * link), and that tab is an ordinary page, not a sandboxed one; nothing else.
 */
export const MAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** Look of a mail body that brings no styles of its own; mail is designed for a light page. */
const BASE_STYLE =
  'html{background:#fff;color:#1f2328;color-scheme:light}body{margin:16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}';

const XLINK = 'http://www.w3.org/1999/xlink';

/** The schemes a link in mail may open: web pages and a new mail to someone. */
const FOLLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** A URL scheme at the start of a value (RFC 3986 §3.1). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A URL as the browser reads it (WHATWG URL): leading and trailing C0 controls and spaces go,
 * and so does every tab and newline inside.
 */
function cleanUrl(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end).replace(/[\t\n\r]/g, '');
}

/**
 * What loading `value` would reach from a mail: `remote`, an http(s) or protocol-relative URL
 * (`\` counts as `/` in them); `relative`, one resolved against our page; `local`, anything else
 * (`data:`, `cid:`, a fragment, nothing), which fetches nothing over the network.
 */
function urlReach(value: string | null | undefined): 'remote' | 'relative' | 'local' {
  const url = cleanUrl(value ?? '');
  if (url === '' || url.startsWith('#')) return 'local';
  const scheme = SCHEME.exec(url)?.[0].toLowerCase();
  if (scheme) return scheme === 'http:' || scheme === 'https:' ? 'remote' : 'local';
  return /^[/\\]{2}/.test(url) ? 'remote' : 'relative';
}

const isRelative = (value: string | null | undefined) => urlReach(value) === 'relative';

/**
 * Where a link in mail really leads, as an absolute URL, when it is one we follow; null for any
 * other scheme and for a relative link, which has nothing to resolve against in a mail.
 */
export function linkDestination(href: string | null): string | null {
  if (href === null) return null;
  const value = cleanUrl(href);
  if (!SCHEME.test(value)) return null;
  try {
    const url = new URL(value);
    return FOLLOWED_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The URLs of a `srcset`, as the HTML standard splits it: a URL is a run without whitespace
 * (trailing commas end the candidate), then descriptors up to a comma outside parentheses.
 */
function srcsetUrls(srcset: string | null): string[] {
  const urls: string[] = [];
  const text = srcset ?? '';
  const space = (i: number) => /\s/.test(text[i]!);
  let i = 0;
  for (;;) {
    while (i < text.length && (space(i) || text[i] === ',')) i++;
    if (i === text.length) return urls;
    const start = i;
    while (i < text.length && !space(i)) i++;
    let end = i;
    while (text[end - 1] === ',') end--;
    urls.push(text.slice(start, end));
    if (end < i) continue;
    for (let depth = 0; i < text.length && (depth > 0 || text[i] !== ','); i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth = Math.max(0, depth - 1);
    }
  }
}

/** A `<link>` that loads a style sheet (the only kind the document keeps). */
function isStylesheetLink(el: Element): boolean {
  return (
    el.localName === 'link' &&
    (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('stylesheet')
  );
}

/** What an attribute that loads something fetches: an image, or anything else. */
type LoadKind = 'image' | 'other';

/** An attribute of `el` that makes the browser fetch its URL (not a link the visitor follows). */
interface LoadingAttribute {
  el: Element;
  name: string;
  kind: LoadKind;
}

/** Every attribute of the document that loads a URL, present or not. */
function* loadingAttributes(doc: Document): Generator<LoadingAttribute> {
  for (const el of doc.querySelectorAll('img, source')) {
    const kind = el.localName === 'img' || el.parentElement?.localName === 'picture';
    yield { el, name: 'src', kind: kind ? 'image' : 'other' };
    yield { el, name: 'srcset', kind: kind ? 'image' : 'other' };
  }
  for (const el of doc.querySelectorAll('[background]')) {
    yield { el, name: 'background', kind: 'image' };
  }
  for (const el of doc.querySelectorAll('video[poster]')) {
    yield { el, name: 'poster', kind: 'image' };
  }
  for (const el of doc.querySelectorAll('input')) {
    if (el.getAttribute('type')?.toLowerCase() !== 'image') continue;
    yield { el, name: 'src', kind: 'image' };
  }
  for (const el of doc.querySelectorAll('video, audio, track, iframe, embed')) {
    yield { el, name: 'src', kind: 'other' };
  }
  for (const el of doc.querySelectorAll('object')) yield { el, name: 'data', kind: 'other' };
  for (const el of doc.querySelectorAll('link')) {
    if (isStylesheetLink(el)) yield { el, name: 'href', kind: 'other' };
  }
  // SVG images, plain or through xlink (the HTML parser gives `xlink:href` that qualified name).
  for (const el of doc.querySelectorAll('image, feImage, use')) {
    yield { el, name: 'href', kind: 'image' };
    yield { el, name: 'xlink:href', kind: 'image' };
  }
}

/** The URLs one loading attribute names. */
function attributeUrls({ el, name }: LoadingAttribute): string[] {
  const value = el.getAttribute(name);
  if (value === null) return [];
  return name === 'srcset' ? srcsetUrls(value) : [value];
}

/** Every piece of CSS in the document: each `<style>` and `style` attribute, with a setter. */
function* cssPieces(doc: Document): Generator<{ css: string; set(css: string): void }> {
  for (const el of doc.querySelectorAll('[style]')) {
    yield { css: el.getAttribute('style') ?? '', set: (css) => el.setAttribute('style', css) };
  }
  for (const style of doc.querySelectorAll('style')) {
    yield { css: style.textContent ?? '', set: (css) => (style.textContent = css) };
  }
}

export interface MailDocumentOptions {
  /** The visitor clicked 'Mostra immagini'. */
  allowRemote: boolean;
}

export function buildMailDocument(html: string, { allowRemote }: MailDocumentOptions): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');

  for (const el of doc.querySelectorAll('script, base, meta[http-equiv], link')) {
    if (!isStylesheetLink(el)) el.remove();
  }
  for (const anchor of doc.querySelectorAll('a, area')) {
    const destination = linkDestination(anchor.getAttribute('href'));
    // Pings report the click elsewhere, `download` saves instead of opening; SVG's own link
    // attribute would bypass the checks below.
    for (const name of ['ping', 'download', 'target', 'rel', 'title']) anchor.removeAttribute(name);
    anchor.removeAttributeNS(XLINK, 'href');
    if (!destination) {
      anchor.removeAttribute('href');
      continue;
    }
    anchor.setAttribute('href', destination);
    anchor.setAttribute('target', '_blank');
    anchor.setAttribute('rel', 'noopener noreferrer');
    anchor.setAttribute('title', destination);
  }
  for (const attribute of loadingAttributes(doc)) {
    if (attributeUrls(attribute).some(isRelative)) attribute.el.removeAttribute(attribute.name);
  }
  for (const piece of cssPieces(doc)) {
    const css = emptyCssUrls(piece.css, isRelative);
    if (css !== piece.css) piece.set(css);
  }

  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  const csp = doc.createElement('meta');
  csp.setAttribute('http-equiv', 'Content-Security-Policy');
  csp.setAttribute('content', allowRemote ? REMOTE_CSP : BLOCKED_CSP);
  const referrer = doc.createElement('meta');
  referrer.setAttribute('name', 'referrer');
  referrer.setAttribute('content', 'no-referrer');
  const style = doc.createElement('style');
  style.textContent = BASE_STYLE;
  // First in <head>: the policy must be in force before any element that could fetch.
  doc.head.prepend(charset, csp, referrer, style);

  return `<!doctype html>${doc.documentElement.outerHTML}`;
}

/** The remote loads the blocking policy stops in one message, each URL counted once. */
export interface RemoteResources {
  /** Images: `<img>` (and `srcset`), `background`, posters, image inputs, CSS `url()`. */
  images: string[];
  /** Anything else that would fetch: stylesheets, `@import`, audio, video, frames. */
  other: string[];
}

/**
 * What the visitor is protected from in this message: the distinct remote URLs that the
 * blocking policy ({@link BLOCKED_CSP}) keeps from loading until 'Mostra immagini'. `cid:` and
 * `data:` are local and not counted; nor are relative URLs, which `buildMailDocument` empties.
 */
export function findRemoteResources(html: string): RemoteResources {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const images = new Set<string>();
  const other = new Set<string>();
  const add = (kind: LoadKind, value: string) => {
    if (urlReach(value) === 'remote') (kind === 'image' ? images : other).add(cleanUrl(value));
  };

  for (const attribute of loadingAttributes(doc)) {
    for (const url of attributeUrls(attribute)) add(attribute.kind, url);
  }
  for (const { css } of cssPieces(doc)) {
    for (const found of cssUrls(css)) add(found.imported ? 'other' : 'image', found.url);
  }

  // A URL that is both (an image also named in CSS) counts once, as an image.
  for (const url of images) other.delete(url);
  return { images: [...images], other: [...other] };
}
