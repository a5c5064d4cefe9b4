/**
 * The content pages on Vite's dev server, as the build writes them: a request for a page other
 * than the home page is rendered with `entry-server.tsx` (loaded through Vite, so an edit shows at
 * the next load) into `index.html`, with the static-page script instead of the React app, and
 * with status 404 for a path that is no page. The home page is Vite's own `index.html`.
 */
/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type * as ServerEntryModule from '../src/app/entry-server';
import { pageDocument } from './page-document';

type ServerEntry = typeof ServerEntryModule;

/** What the dev server serves itself: its client, sources, dependencies, files; and the API. */
const NOT_A_PAGE = /^\/(?:@|src\/|node_modules\/|api\/)|\.[a-z0-9]+$/i;

export function devContentPages(): Plugin {
  return {
    name: 'dev-content-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const wantsPage = request.headers.accept?.includes('text/html') ?? false;
        if (request.method !== 'GET' || path === '/' || NOT_A_PAGE.test(path) || !wantsPage) {
          next();
          return;
        }
        void (async () => {
          const entry = (await server.ssrLoadModule('/src/app/entry-server.tsx')) as ServerEntry;
          const known = entry.sitemapEntries().some((page) => page.path === path);
          const page = await entry.renderPage(known ? path : entry.NOT_FOUND_PROBE_PATH);
          const template = await server.transformIndexHtml(
            path,
            await readFile(join(server.config.root, 'index.html'), 'utf8'),
          );
          // In dev the stylesheet is imported by the app's entry; a content page links it.
          const html = pageDocument(template, entry.renderHead(page.meta), page.html, [
            '<link rel="stylesheet" href="/src/styles/globals.css" />',
            '<script type="module" src="/src/static-main.ts"></script>',
          ]);
          response.statusCode = known ? 200 : 404;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(html);
        })().catch(next);
      });
    },
  };
}
