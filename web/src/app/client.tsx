/**
 * Start of the app in the browser. A prerendered page is hydrated (its HTML is kept and made
 * live); an empty root (the dev server) is rendered from scratch.
 */
import { StrictMode, startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startsWithoutRouter } from './app';

/**
 * The app as the page at `pathname` starts: the home page on its own, any other page with the
 * router, which is loaded first (with the page's module), so that the first render is the page
 * the server rendered.
 */
export async function createApp(pathname: string): Promise<ReactElement> {
  if (startsWithoutRouter(pathname)) return <App />;
  const { createRouting } = await import('./router');
  return <App routing={await createRouting()} />;
}

/** Mounts the app on `container`. */
export async function startApp(container: HTMLElement): Promise<void> {
  let page: ReactElement;
  try {
    page = await createApp(window.location.pathname);
  } catch (error) {
    // The router's chunk did not load: the prerendered page stays, readable, its links plain.
    console.warn('could not start the app', error);
    return;
  }
  const app = <StrictMode>{page}</StrictMode>;
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  // As a transition, hydration works in slices of a few milliseconds and lets the browser answer
  // the visitor in between, instead of holding the main thread for the whole page at once (the
  // page is already on screen, prerendered).
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
