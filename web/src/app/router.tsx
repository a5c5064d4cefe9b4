/**
 * The routes of the site, used at build time only: `entry-server.tsx` renders each page with
 * react-router's static handler into its own HTML file. In the browser no router runs: the home
 * page is a React app of its own (`app.tsx`), every other page is static HTML, and links are
 * ordinary page loads.
 *
 * To add a page: write a thin route module under `routes/` that composes content, and add one
 * entry to `pageRoutes`. The catch-all stays last. A page module exports `page` (component +
 * `handle.meta`, see `page-meta.ts`).
 */
import { Outlet, type RouteObject } from 'react-router';
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

/** The frame with the route in it. */
function RouterLayout() {
  return (
    <RootLayout>
      <Outlet />
    </RootLayout>
  );
}

/** Pages inside the shared layout (header + footer). */
export const pageRoutes: RouteObject[] = [
  {
    id: 'home',
    index: true,
    element: <HomeRoute />,
    handle: homeHandle,
  },
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
  { id: 'root', element: <RouterLayout />, children: pageRoutes },
];
