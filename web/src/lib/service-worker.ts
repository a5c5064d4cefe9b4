/**
 * The home page's service worker (`public/sw.js`): it shows new-mail notifications, focuses the
 * page when one is clicked, and keeps the app shell for installing the site as an app. It never
 * sees the API (docs/web-app.md, "Installable app").
 *
 * Registered from the home page only, and only in a production build: the dev server's modules
 * are not the shell the worker keeps.
 */

/** Where the worker is served; at the root, so its scope is the whole site without extra headers. */
export const SERVICE_WORKER_URL = '/sw.js';

function serviceWorkers(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : null;
}

/**
 * Registers the worker once the page has loaded, so that its install (which fetches the home
 * page and its files again, from the HTTP cache mostly) does not compete with the first render.
 */
export function registerServiceWorker(): void {
  const container = serviceWorkers();
  if (!container || !import.meta.env.PROD) return;
  const register = () => {
    container
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The registration of this page whose worker is active: the one notifications go through.
 * `null` when there is none yet (first visit, still installing) or the browser has no workers.
 */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const container = serviceWorkers();
  if (!container) return null;
  try {
    const registration = await container.getRegistration();
    return registration?.active ? registration : null;
  } catch {
    return null;
  }
}
