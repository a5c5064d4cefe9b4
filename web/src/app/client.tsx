/**
 * Start of the app in the browser. A prerendered page is hydrated (its HTML is kept and made
 * live); an empty root (the dev server) is rendered from scratch.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { App } from './app';
import { routes } from './router';

/**
 * Loads the lazy route modules the current URL matches before the router is created, so that
 * the first client render is the page the server rendered (react-router would otherwise render
 * nothing while it loads them, and hydration would fail).
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

/** Mounts the app on `container`. */
export async function startApp(container: HTMLElement): Promise<void> {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  try {
    await preloadMatchedRoutes(routes, window.location);
  } catch (error) {
    // A chunk that failed to load: the router tries again itself once it is mounted.
    console.warn('could not preload the route modules', error);
  }
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
