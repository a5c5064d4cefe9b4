/**
 * The routes of the site. To add a page: write a thin route module under `routes/` that composes
 * features and content, and add one entry to `pageRoutes`. The catch-all stays last.
 *
 * Only the home page is in the initial bundle; every other page is loaded on demand with
 * `lazy`, so articles and guides never weigh on the generator's first load. A lazy page module
 * exports `page` (component + `handle.meta`, see `page-meta.ts`), and its route `id` is the
 * module's file name: the prerenderer uses it to preload the page's chunk.
 *
 * Every route is prerendered at build time (`scripts/prerender.ts`, `entry-server.tsx`) and
 * hydrated in the browser (`client.tsx`).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { strings } from '@/content/strings';
import type { LazyPage, PageHandle } from './page-meta';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';

/** A lazily loaded page: `id` names its module under `routes/`. */
function lazyPage(id: string, path: string, load: () => Promise<{ page: LazyPage }>): RouteObject {
  return { id, path, lazy: async () => (await load()).page };
}

const homeHandle: PageHandle = {
  meta: () => ({
    title: strings.meta.homeTitle,
    description: strings.meta.homeDescription,
    path: '/',
  }),
};

/** Pages inside the shared layout (header + footer). */
export const pageRoutes: RouteObject[] = [
  { id: 'home', index: true, element: <HomeRoute />, handle: homeHandle },
  lazyPage('faq', 'faq', () => import('./routes/faq')),
  lazyPage('privacy', 'privacy', () => import('./routes/privacy')),
  lazyPage('terms', 'terms', () => import('./routes/terms')),
  lazyPage('blog', 'blog', () => import('./routes/blog')),
  lazyPage('article', 'blog/:slug', () => import('./routes/article')),
  lazyPage('guida-privacy', 'guida-privacy', () => import('./routes/guida-privacy')),
  lazyPage('sicurezza-online', 'sicurezza-online', () => import('./routes/sicurezza-online')),
  lazyPage('casi-uso', 'casi-uso', () => import('./routes/casi-uso')),
  lazyPage('api', 'api', () => import('./routes/api')),
  lazyPage('not-found', '*', () => import('./routes/not-found')),
];

export const routes: RouteObject[] = [
  { id: 'root', element: <RootLayout />, children: pageRoutes },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
