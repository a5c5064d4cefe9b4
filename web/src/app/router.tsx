/**
 * The routes of the site. To add a page: write a thin route module under `routes/` that composes
 * features and content, and add one entry to `pageRoutes`. The catch-all stays last.
 *
 * Every page but the home page is loaded on demand with `lazy`, so articles and guides never
 * weigh on the generator's first load. A lazy page module exports `page` (component +
 * `handle.meta`, see `page-meta.ts`), and its route `id` is the module's file name: the
 * prerenderer uses it to preload the page's chunk.
 *
 * This module and react-router are a chunk of their own: the home page starts without them and
 * loads them at its first navigation (`app.tsx`); every other page loads them before it hydrates
 * (`client.tsx`). Every route is prerendered at build time (`scripts/prerender.ts`,
 * `entry-server.tsx`).
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { strings } from '@/content/strings';
import { DocumentMeta } from './document-meta';
import type { LazyPage, PageHandle } from './page-meta';
import { RootLayout } from './root-layout';
import { HomeRoute, loadHomeInfo } from './routes/home';

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

/** The frame with the route in it, the scroll position and the `<head>` kept in step. */
function RouterLayout() {
  return (
    <>
      <RootLayout>
        <Outlet />
      </RootLayout>
      <ScrollRestoration />
      <DocumentMeta />
    </>
  );
}

/** Pages inside the shared layout (header + footer). */
export const pageRoutes: RouteObject[] = [
  {
    id: 'home',
    index: true,
    element: <HomeRoute />,
    handle: homeHandle,
    // The page's lower half is a chunk of its own: loaded before the page is shown.
    lazy: async () => {
      await loadHomeInfo();
      return {};
    },
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

/**
 * Loads the lazy route modules `location` matches, so that a router created afterwards renders
 * that page at once: for hydration, the page the server rendered (react-router would otherwise
 * render nothing while it loads them, and hydration would fail).
 */
export async function preloadMatchedRoutes(
  routeList: RouteObject[],
  location: string | Partial<Location>,
): Promise<void> {
  const matches = matchRoutes(routeList, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** A browser router and what renders its pages. */
export interface Routing {
  router: AppRouter;
  Pages: ComponentType;
}

/** The browser router at the current URL, with the page there loaded. */
export async function createRouting(): Promise<Routing> {
  try {
    await preloadMatchedRoutes(routes, window.location);
  } catch (error) {
    // A chunk that failed to load: the router tries again itself once it is mounted.
    console.warn('could not preload the route modules', error);
  }
  // The page on screen came from the server (prerendered, or the home page the visitor may
  // already have scrolled): with hydration data, even empty (there are no loaders), the router
  // leaves the scroll position as it finds it at the start instead of resetting it to the top,
  // which would move the page under a reader's finger; it restores a saved one (a reload).
  const router = createBrowserRouter(routes, { hydrationData: {} });
  return { router, Pages: () => <RouterProvider router={router} /> };
}
