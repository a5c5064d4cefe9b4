import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { cameOverTls, type ProxyTrust } from '../proxy-trust';
import { isApiPath, routePath } from '../route-path';

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), clipboard-write=(self)';
/** Sent only over TLS: HSTS on plain HTTP is ignored at best. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers of every API answer (see below). */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
});

/**
 * Browser-facing security headers (helmet) for every response.
 *
 * Scripts: only our own files, plus the exact inline scripts the build wrote into its HTML,
 * allowed by hash (no 'unsafe-inline'). The page itself never needs remote anything; the wide
 * img/style/font sources exist only because the message view is an `about:srcdoc` iframe,
 * which inherits this policy: the iframe carries its own stricter policy that blocks remote
 * loads until the visitor clicks 'Mostra immagini', and then these let the images through.
 * Scripts stay forbidden there either way (the iframe is sandboxed without allow-scripts).
 *
 * API answers (JSON, event streams, downloads) are never documents: they get a policy that
 * allows nothing at all, `no-store` so that no mail or token lands in a browser or proxy cache,
 * and only the headers that mean something outside a document.
 *
 * Which of the two an answer gets is decided by what answers it: the route the router matched,
 * whatever the spelling of the request's path (percent-escapes, absolute form), or, for a path
 * no route matched, that path spelled plainly (`route-path.ts`), so no spelling of an API path
 * gets a page's headers.
 *
 * The headers are the same for every response, so helmet runs once, at start-up, and its
 * headers are replayed: run per request (as @fastify/helmet does) it re-parses the whole
 * policy every time, a visible share of an inbox read (bench/README.md, "Where the time goes").
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  webDistDir: string | null,
  trustProxy: ProxyTrust | false,
) {
  const scriptHashes = webDistDir ? inlineScriptHashes(webDistDir) : [];
  const pageHeaders = {
    ...helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'", 'http:', 'https:'],
          imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
          fontSrc: ["'self'", 'data:', 'http:', 'https:'],
          mediaSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      // Remote images in mail are cross-origin; COEP would block them even when asked for.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      // Sent only over TLS (below).
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersAsApi(request) ? API_HEADERS : pageHeaders);
    if (cameOverTls(request.raw, trustProxy)) reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** Whether the route that answers `request` is the API's (or a 404 of a path under it). */
function answersAsApi(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return isApiPath(pattern ?? routePath(request.url));
}

/** The headers helmet sets with these options, collected from one run on a dummy response. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (err?: unknown) => (failure = err ?? null),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Executable inline scripts: no `src`, and a JavaScript type (JSON-LD is data, never run). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\stype=["']?(application\/(ld\+)?json|text\/template)/i;

/** CSP hashes of every inline script in the built HTML files. */
export function inlineScriptHashes(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.html')) {
        for (const [, attributes, body] of readFileSync(path, 'utf8').matchAll(INLINE_SCRIPT)) {
          if (DATA_TYPE.test(attributes ?? '') || !body) continue;
          hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
        }
      }
    }
  };
  visit(distDir);
  return [...hashes];
}
