/**
 * The content pages' script on the markup the prerenderer writes: the selectors it looks for are
 * the ones the React components render (`ThemeToggle`, `CodeSample`, `NotFoundPage`). The browser
 * side (clicks, the clipboard, JavaScript off) is in `e2e/content-site.test.ts`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_KEY } from '@/lib/color-scheme';
import { NOT_FOUND_PROBE_PATH, renderPage } from './entry-server';
import { startStaticPage } from './static-page';

async function showPage(path: string) {
  const { html } = await renderPage(path);
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

const pressed = () =>
  [...document.querySelectorAll('[data-slot="theme-toggle"] button')].map(
    (b) => `${b.getAttribute('data-value')}=${b.getAttribute('aria-pressed')}`,
  );

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the static page script', () => {
  it('shows the stored theme on the toggle and stores the one clicked', async () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    await showPage('/faq');
    expect(pressed()).toEqual(['system=true', 'light=false', 'dark=false']);
    startStaticPage(document);
    expect(pressed()).toEqual(['system=false', 'light=false', 'dark=true']);
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    document
      .querySelector<HTMLElement>('[data-value="light"] svg')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(pressed()).toEqual(['system=false', 'light=true', 'dark=false']);
    expect(document.documentElement.className).toBe('light');
  });

  it('shows the copy buttons of commands and programs, which the HTML hides', async () => {
    await showPage('/api');
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-copy]')];
    expect(buttons.length).toBeGreaterThan(3);
    expect(buttons.every((b) => b.hidden)).toBe(true);
    startStaticPage(document);
    expect(buttons.every((b) => !b.hidden)).toBe(true);
    expect(buttons[0]?.querySelector('[data-label]')?.textContent).toBe('Copia');
    expect(buttons[0]?.dataset.copiedLabel).toBe('Copiato');
  });

  it('logs the path of a page that does not exist, and only there', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/non-esiste');
    await showPage(NOT_FOUND_PROBE_PATH);
    startStaticPage(document);
    expect(warn).toHaveBeenCalledWith('404: no page at /non-esiste');

    warn.mockClear();
    await showPage('/blog');
    startStaticPage(document);
    expect(warn).not.toHaveBeenCalled();
  });
});
