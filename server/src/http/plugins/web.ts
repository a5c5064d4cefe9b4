import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { isApiPath, routePath } from '../route-path';

/**
 * Serves the built web app. The build prerenders every page into its own folder
 * (`/faq` → `faq/index.html`, `/` → `index.html`) and writes `404.html` for everything else.
 *
 * - Files (hashed assets, `robots.txt`, `sitemap.xml`, …) are served as they are. Hashed assets
 *   are cached for a year; HTML never is, so a deploy is seen at the next load.
 * - A page is served from its folder's `index.html` at its canonical URL, without a trailing
 *   slash; `/faq/` answers 301 to `/faq`. `*.html` files are not reachable by their own name, so
 *   every page has exactly one URL.
 * - Any other path answers 404 with `404.html`; under `/api/`, however spelled, the 404 is JSON,
 *   as in the API.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Pages are served by the not-found handler below, at their canonical URL only. The
    // compressed copies are never addressed by their own name either.
    globIgnore: ['**/*.html', '**/*.br', '**/*.gz'],
    // The build writes `.br` and `.gz` beside every text file (web/scripts/compress.ts): the
    // smallest one the browser accepts is sent, for assets and pages (`sendFile`) alike.
    preCompressed: true,
    // Our own Cache-Control below; `send`'s default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, path) {
      // The body depends on Accept-Encoding (preCompressed): caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // Everything no file route took: pages, redirects to canonical URLs, the 404 page.
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(routePath(request.url))) return apiNotFound(request, reply);
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFoundPage(reply);

    const page = await findPage(distDir, path);
    if (!page) return notFoundPage(reply);
    if (page.canonicalPath !== path) {
      const query = request.url.slice(path.length);
      return reply.redirect(`${page.canonicalPath}${query}`, 301);
    }
    return reply.header('cache-control', 'no-cache').sendFile(page.file);
  });

  function notFoundPage(reply: FastifyReply) {
    reply.code(404).header('cache-control', 'no-cache');
    // A build from before the 404 page existed: the app's shell renders its own not-found page.
    return existsSync(join(distDir, '404.html'))
      ? reply.sendFile('404.html')
      : reply.sendFile('index.html');
  }
}

/** The API's own 404 shape, for `/api/...` paths outside the versioned API. */
function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    error: {
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    },
  });
}

/**
 * The prerendered page of a URL path: its `index.html` (relative to `distDir`) and the path it
 * lives at. `null` when there is none, or when the path is not a plain page path (encoded
 * slashes, dot segments, anything that could leave `distDir`).
 */
async function findPage(
  distDir: string,
  path: string,
): Promise<{ file: string; canonicalPath: string } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..' || /[\\\0%]/.test(s) || s.startsWith('.'))) {
    return null;
  }
  if (decoded.includes('//')) return null;
  const file = [...segments, 'index.html'].join('/');
  try {
    if (!(await stat(join(distDir, ...segments, 'index.html'))).isFile()) return null;
  } catch {
    return null;
  }
  return { file, canonicalPath: encodeURI(`/${segments.join('/')}`) };
}
