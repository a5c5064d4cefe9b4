/**
 * Start of the home page in the browser. The prerendered page is hydrated (its HTML is kept and
 * made live); an empty root (the dev server) is rendered from scratch.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';

/** Mounts the app on `container`. */
export function startApp(container: HTMLElement): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
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
