/**
 * Prefix of everything that is not a page: the API and its own 404s. (`/api` itself, without
 * the slash, is a page: the API's documentation for developers.)
 */
export const API_PREFIX = '/api/';

/** Any absolute URL's origin, to read a path of origin form with `URL` (never fetched). */
const BASE = 'http://path.invalid';

/**
 * The path a request target names, spelled one way: the path of an absolute-form target
 * (`http://host/api/v1/x`), dot segments resolved, percent-escapes decoded, runs of slashes
 * made one. The router reads some of these spellings as the plain path and not others; what
 * answers a path no route matched (its headers, JSON or page) is decided on this spelling, so
 * `/%61pi/…` or `//api/…` is an API answer like `/api/…`.
 */
export function routePath(target: string): string {
  let path: string;
  try {
    path = new URL(target.startsWith('/') ? `${BASE}${target}` : target).pathname;
  } catch {
    path = target.split('?')[0] ?? target;
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as written.
  }
  return path.replace(/\/{2,}/g, '/');
}

/** Whether a path (as {@link routePath} spells it) is the API's. */
export const isApiPath = (path: string) => path.startsWith(API_PREFIX);
