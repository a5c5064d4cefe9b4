/**
 * Turns the HTML body of a message (hostile input) into the `srcdoc` of a sandboxed iframe.
 *
 * Defences, in layers:
 * - the iframe has `sandbox=""`: no scripts, no forms, no popups, no same-origin access;
 * - a Content-Security-Policy `<meta>` placed first in `<head>` blocks every remote fetch
 *   (images, CSS, fonts, media) until the visitor asks for it with 'Mostra immagini': remote
 *   images are how senders track opens;
 * - `<meta http-equiv>` (refresh, a looser policy), `<base>`, `<script>` and every `<link>` that
 *   is not a stylesheet (prefetch, dns-prefetch, preconnect: requests CSP does not stop) are
 *   removed before the document is built;
 * - `<meta name="referrer" content="no-referrer">`, so an allowed image learns nothing of us.
 */

/** While remote content is blocked: only inline styles and `data:` images and fonts. */
export const BLOCKED_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

/** After 'Mostra immagini': remote images, stylesheets, fonts and media; still never scripts. */
export const REMOTE_CSP =
  "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline' http: https:; font-src data: http: https:; media-src data: http: https:; form-action 'none'; base-uri 'none'";

/** Look of a mail body that brings no styles of its own; mail is designed for a light page. */
const BASE_STYLE =
  'html{background:#fff;color:#1f2328;color-scheme:light}body{margin:16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}';

export interface MailDocumentOptions {
  /** The visitor clicked 'Mostra immagini'. */
  allowRemote: boolean;
}

export function buildMailDocument(html: string, { allowRemote }: MailDocumentOptions): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');

  for (const el of doc.querySelectorAll('script, base, meta[http-equiv], link')) {
    const isStylesheet =
      el.localName === 'link' &&
      (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('stylesheet');
    if (!isStylesheet) el.remove();
  }
  // Links cannot open from the sandbox (no popups): the text view offers them instead. Marking
  // them keeps a click from loading a remote page inside the frame.
  for (const anchor of doc.querySelectorAll('a[href]')) {
    anchor.setAttribute('target', '_blank');
    anchor.setAttribute('rel', 'noopener noreferrer');
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

/** An absolute http(s) or protocol-relative URL; browsers ignore tabs and newlines in URLs. */
function remoteUrl(value: string | null | undefined): string | null {
  const url = (value ?? '').replace(/[\t\n\r]/g, '').trim();
  return /^(https?:)?\/\//i.test(url) ? url : null;
}

/** The URLs of a `srcset`: candidates are separated by a comma and whitespace. */
function srcsetUrls(srcset: string | null): string[] {
  if (!srcset) return [];
  return srcset.split(/,\s+/).map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
}

const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
/** `@import "x.css"` and `@import url(x.css)`, to the end of the rule. */
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1\s*\)?[^;]*;?/gi;

/**
 * What the visitor is protected from in this message: the distinct remote URLs that the
 * blocking policy ({@link BLOCKED_CSP}) keeps from loading until 'Mostra immagini'. `cid:` and
 * `data:` are local and not counted; nor are relative URLs, which have nothing to resolve
 * against in a mail.
 */
export function findRemoteResources(html: string): RemoteResources {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const images = new Set<string>();
  const other = new Set<string>();
  const add = (into: Set<string>, ...values: (string | null | undefined)[]) => {
    for (const value of values) {
      const url = remoteUrl(value);
      if (url) into.add(url);
    }
  };
  const addCss = (css: string) => {
    for (const [, , url] of css.matchAll(CSS_IMPORT)) add(other, url);
    for (const [, , url] of css.replace(CSS_IMPORT, '').matchAll(CSS_URL)) add(images, url);
  };

  for (const img of doc.querySelectorAll('img, source')) {
    const into =
      img.parentElement?.localName === 'picture' || img.localName === 'img' ? images : other;
    add(into, img.getAttribute('src'), ...srcsetUrls(img.getAttribute('srcset')));
  }
  for (const el of doc.querySelectorAll('[background]')) add(images, el.getAttribute('background'));
  for (const el of doc.querySelectorAll('video[poster]')) add(images, el.getAttribute('poster'));
  for (const el of doc.querySelectorAll('input')) {
    if (el.getAttribute('type')?.toLowerCase() === 'image') add(images, el.getAttribute('src'));
  }
  for (const el of doc.querySelectorAll(
    'video[src], audio[src], track[src], iframe[src], embed[src]',
  )) {
    add(other, el.getAttribute('src'));
  }
  for (const el of doc.querySelectorAll('object[data]')) add(other, el.getAttribute('data'));
  for (const link of doc.querySelectorAll('link[href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet')) add(other, link.getAttribute('href'));
  }
  for (const el of doc.querySelectorAll('[style]')) addCss(el.getAttribute('style') ?? '');
  for (const style of doc.querySelectorAll('style')) addCss(style.textContent ?? '');

  // A URL that is both (an image also named in CSS) counts once, as an image.
  for (const url of images) other.delete(url);
  return { images: [...images], other: [...other] };
}
