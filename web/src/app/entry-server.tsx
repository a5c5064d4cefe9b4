/**
 * Server rendering of the site, used only at build time by `scripts/prerender.ts`: every page
 * is rendered to HTML once, with react-router's static handler (the home page without it, as the
 * browser starts it), and written to its own file. The client then hydrates that HTML (see
 * `client.tsx`).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { articles } from '@/content/articles';
import { articlePath, STATIC_ROUTES } from '@/content/site';
import { lastUpdated as privacyUpdated } from '@/content/legal/privacy';
import { lastUpdated as termsUpdated } from '@/content/legal/terms';
import type { PageMeta } from '@/lib/seo';
import { App, startsWithoutRouter } from './app';
import { metaOfMatches } from './page-meta';
import { AppProviders } from './providers';
import { routes } from './router';
import { loadHomeInfo } from './routes/home';

export { absoluteUrl, escapeHtml, renderHead } from '@/lib/seo';

/** A path no route knows: rendering it yields the not-found page, written to `404.html`. */
export const NOT_FOUND_PROBE_PATH = '/__pagina-inesistente__';

/** One page of the sitemap. */
export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when the content states one. */
  lastModified?: string;
}

/** Every page to prerender and list in the sitemap: fixed routes first, then the articles. */
export function sitemapEntries(): SitemapEntry[] {
  const modified: Partial<Record<string, string>> = {
    '/privacy': privacyUpdated,
    '/terms': termsUpdated,
    '/blog': articles
      .map((a) => a.dateModified)
      .sort()
      .at(-1),
  };
  return [
    ...STATIC_ROUTES.map((path) => ({ path, lastModified: modified[path] })),
    ...articles.map((a) => ({ path: articlePath(a.slug), lastModified: a.dateModified })),
  ];
}

/** A rendered page: the markup of `#root` and its head. */
export interface RenderedPage {
  html: string;
  meta: PageMeta;
  /**
   * The source modules (paths under `web/`) the page loads before it hydrates, beyond the entry:
   * the router and the page's own module (a lazily loaded page's route id is its module's file
   * name under `src/app/routes/`). The prerenderer adds `modulepreload` links for their chunks.
   * None for the home page, which starts without the router (`app.tsx`).
   */
  modules: string[];
}

/** Renders `path` as the browser will first see it, before any effect has run. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) {
    throw new Error(`${path}: the router answered with a redirect or response (${context.status})`);
  }
  if (context.errors) {
    throw new Error(`${path}: route error ${JSON.stringify(context.errors)}`);
  }
  const meta = metaOfMatches(context.matches);
  if (!meta) throw new Error(`${path}: no route declares the page's meta`);
  if (startsWithoutRouter(path)) {
    // The home page as the browser starts it, without the router (`app.tsx`): the same tree, so
    // that the ids React derives from it (`useId`) match at hydration. Its lazily loaded lower
    // half is loaded first, so that it is rendered rather than its (empty) fallback.
    await loadHomeInfo();
    return {
      html: renderToString(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
      meta,
      modules: [],
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        {/* No loaders, so there is no data to hand over: the client router starts on its own. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const modules = [
    'src/app/router.tsx',
    ...context.matches.map((match) => `src/app/routes/${match.route.id}.tsx`),
  ];
  return { html, meta, modules };
}
