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
