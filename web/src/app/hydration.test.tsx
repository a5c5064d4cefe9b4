/**
 * Server HTML and the client's first render must be the same tree: the home page, the one page
 * React hydrates, is rendered the way the prerenderer does it, then hydrated the way the browser
 * does it, with React's development build, which reports even an attribute that differs. (The
 * content pages are static HTML that no React touches in the browser: `site-build.test.ts`.)
 */
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { renderPage } from './entry-server';

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

/** Hydrates `html` as the browser hydrates the home page. */
async function hydrateHome(html: string) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', '/');
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => void recoverable.push(error) },
    );
  });
  return { container, recoverable };
}

describe('hydration of the prerendered home page', () => {
  it('the home page shell hydrates without a warning', async () => {
    const { html, kind } = await renderPage('/');
    expect(kind).toBe('app');
    const { recoverable } = await hydrateHome(html);
    expect(recoverable).toEqual([]);
    // Its live parts start timers once hydrated; their updates are not this test's subject.
    const notAct = errors.filter((args) => !String(args[0]).includes('not wrapped in act'));
    expect(notAct).toEqual([]);
    expect(document.querySelector('h1')?.id).toBe('home-title');
  });

  it('a mismatch is caught (the check itself works)', async () => {
    const { html } = await renderPage('/');
    const changed = html.replace(/(<h1 id="home-title"[^>]*>)[^<]+/, '$1Un altro titolo');
    expect(changed).not.toBe(html);
    const { recoverable } = await hydrateHome(changed);
    expect(recoverable.length + errors.length).toBeGreaterThan(0);
  });

  it('renders every other page as static markup, with plain links', async () => {
    const { html, kind } = await renderPage('/faq');
    expect(kind).toBe('static');
    // No hydration markers: React's text separators are only needed by a page it hydrates.
    expect(html).not.toContain('<!-- -->');
    expect(html).toContain('<a href="/blog"');
  });
});
