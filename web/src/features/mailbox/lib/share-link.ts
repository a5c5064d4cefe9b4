/**
 * 'Apri sul telefono': a link that opens this same mailbox on another device. The token rides in
 * the URL fragment (`/#apri=<token>`), which browsers never send to a server, so it cannot end up
 * in an access log or a `Referer`; the receiving page removes it from the address bar at once.
 */

/** Name of the fragment parameter: `https://host/#apri=<token>`. */
export const SHARE_FRAGMENT_KEY = 'apri';

/** Tokens are base64url; anything else in the fragment cannot be one (the server decides the rest). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,256}$/;

/** The link the QR code carries: the site's home with the token in the fragment. */
export function shareLink(token: string, origin: string): string {
  return `${origin}/#${SHARE_FRAGMENT_KEY}=${token}`;
}

/**
 * What a location's fragment says: `null` when it is not a share link at all, `{ token: null }`
 * when it is one whose token is malformed, `{ token }` otherwise.
 */
export function readShareFragment(hash: string): { token: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has(SHARE_FRAGMENT_KEY)) return null;
  const token = params.get(SHARE_FRAGMENT_KEY) ?? '';
  return { token: TOKEN_SHAPE.test(token) ? token : null };
}

/**
 * Takes the share fragment out of the address bar (and out of the history entry), keeping path
 * and query, so the token is not left behind in the history, a bookmark or a screenshot.
 */
export function dropShareFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
