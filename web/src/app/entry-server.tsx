/**
 * Server rendering of the site, used only at build time by `scripts/prerender.ts`: every page
 * is rendered to HTML once and written to its own file. The home page is rendered as the browser
 * starts it, and hydrated there (`client.tsx`); every other page is rendered with react-router's
 * static handler into plain HTML that no React ever touches again (`static-page.ts` is its only
 * script).
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { articles } from '@/content/articles';
import { articlePath, STATIC_ROUTES } from '@/content/site';
import { lastUpdated as privacyUpdated } from '@/content/legal/privacy';
import { lastUpdated as termsUpdated } from '@/content/legal/terms';
import type { PageMeta } from '@/lib/seo';
import { App } from './app';
import { metaOfMatches } from './page-meta';
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

/** The path of the one page that runs React in the browser. */
export const APP_PATH = '/';

/** A rendered page: the markup of `#root` and its head. */
export interface RenderedPage {
  html: string;
  meta: PageMeta;
  /**
   * `app`: the home page, which React hydrates (the client build's entry and its preloads stay
   * in the document). `static`: a content page, plain HTML with the small static-page script.
   */
  kind: 'app' | 'static';
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
  if (path === APP_PATH) {
    // The home page as the browser starts it (`app.tsx`): the same tree, so that the ids React
    // derives from it (`useId`) match at hydration. Its lazily loaded lower half is loaded first,
    // so that it is rendered rather than its (empty) fallback.
    await loadHomeInfo();
    return {
      html: renderToString(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
      meta,
      kind: 'app',
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // Static markup: nothing hydrates it, so React's text separators are left out.
  const html = renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  return { html, meta, kind: 'static' };
}
