/**
 * Server HTML and the client's first render must be the same tree: every page is rendered the
 * way the prerenderer does it, then hydrated the way the browser does it, with React's
 * development build, which reports even an attribute that differs.
 */
import type * as React from 'react';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { articles } from '@/content/articles';
import { articlePath, STATIC_ROUTES } from '@/content/site';
import { createApp } from './client';
import { NOT_FOUND_PROBE_PATH, renderPage } from './entry-server';

// Under Vitest, `react-router/dom` is loaded as ESM and `react-router` as CommonJS: two copies
// whose contexts do not meet (the bundled app has one). The DOM RouterProvider only adds
// `flushSync`; this is the same, on the one copy the components use.
vi.mock('react-router/dom', async () => {
  const { RouterProvider } = await import('react-router');
  const { flushSync } = await import('react-dom');
  return {
    RouterProvider: (props: React.ComponentProps<typeof RouterProvider>) => (
      <RouterProvider flushSync={(fn) => void flushSync(fn)} {...props} />
    ),
  };
});

// `act` from React itself (no Testing Library here) needs the flag Testing Library would set.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let errors: unknown[][];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  // The home page asks the server for a mailbox once hydrated; no server here.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/**
 * `#root` without the toast outlet, which sonner renders once it has loaded, after hydration
 * (`components/ui/sonner.tsx`): not part of the prerendered HTML.
 */
const withoutToaster = (container: HTMLElement) =>
  container.innerHTML.replace(/<section aria-label="Notifiche[^>]*><\/section>$/, '');

/** Renders `path` as the prerenderer does and hydrates it at `url` as the browser does. */
async function hydrate(path: string, url = path) {
  const { html } = await renderPage(path);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  /** The server's HTML as the DOM holds it, before React touched it. */
  const before = container.innerHTML;
  window.history.replaceState(null, '', url);
  const app = await createApp(new URL(url, window.location.href).pathname);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <StrictMode>{app}</StrictMode>, {
      onRecoverableError: (error) => void recoverable.push(error),
    });
  });
  return { before, container, recoverable };
}

const CONTENT_PATHS = [
  ...STATIC_ROUTES.filter((path) => path !== '/'),
  ...articles.map((a) => articlePath(a.slug)),
];

describe('hydration of the prerendered pages', () => {
  it.each(CONTENT_PATHS)(
    '%s hydrates without a warning and without touching the HTML',
    async (path) => {
      const { before, container, recoverable } = await hydrate(path);
      expect(recoverable).toEqual([]);
      expect(errors).toEqual([]);
      expect(withoutToaster(container)).toBe(before);
    },
  );

  it('the home page shell hydrates without a warning', async () => {
    const { recoverable } = await hydrate('/');
    expect(recoverable).toEqual([]);
    // Its live parts start timers once hydrated; their updates are not this test's subject.
    const notAct = errors.filter((args) => !String(args[0]).includes('not wrapped in act'));
    expect(notAct).toEqual([]);
    expect(document.querySelector('h1')).not.toBeNull();
  });

  it('the home page, hydrated without the router, changes page in place at its first link', async () => {
    await hydrate('/');
    const home = document.querySelector('h1');
    const footerFaq = document.querySelector<HTMLAnchorElement>('footer a[href="/faq"]')!;
    // The router and the page are loaded first; the page changes only once they are there.
    await act(async () => {
      footerFaq.click();
      await vi.waitFor(() => expect(window.location.pathname).toBe('/faq'));
    });
    await vi.waitFor(() =>
      expect(document.querySelector('h1')?.textContent).toBe('Domande frequenti'),
    );
    expect(home?.isConnected).toBe(false);
    expect(document.title).toBe('Domande frequenti | Email Temporanea');

    // From now on the router has the page: back goes home, in place.
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect(window.location.pathname).toBe('/'));
    });
    await vi.waitFor(() => expect(document.querySelector('h1')?.id).toBe('home-title'));
  });

  it('404.html hydrates at any unknown path, an unknown article included, and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const url of ['/non-esiste', '/blog/articolo-inesistente']) {
      const { before, container, recoverable } = await hydrate(NOT_FOUND_PROBE_PATH, url);
      expect(recoverable).toEqual([]);
      expect(errors).toEqual([]);
      expect(withoutToaster(container)).toBe(before);
      expect(warn).toHaveBeenCalledWith(`404: no page at ${url}`);
      expect(document.title).toBe('Pagina non trovata | Email Temporanea');
      act(() => root?.unmount());
      document.body.innerHTML = '';
    }
  });

  it('a mismatch is caught (the check itself works)', async () => {
    const { html } = await renderPage('/faq');
    const container = document.createElement('div');
    container.innerHTML = html.replace('Domande frequenti</h1>', 'Domande diverse</h1>');
    document.body.append(container);
    window.history.replaceState(null, '', '/faq');
    const app = await createApp('/faq');
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, app, {
        onRecoverableError: (error) => void recoverable.push(error),
      });
    });
    expect(recoverable.length + errors.length).toBeGreaterThan(0);
  });
});
