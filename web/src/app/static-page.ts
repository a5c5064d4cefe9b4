/**
 * The only script of the prerendered content pages (FAQ, legal pages, API page, blog, articles,
 * guides, not-found page). They carry no React: their HTML is complete, the FAQ is `<details>`,
 * links are ordinary page loads. This adds the little that needs a script, onto the markup the
 * React components rendered at build time:
 *
 * - the header's theme toggle (`[data-slot="theme-toggle"]`, as `ThemeToggle` renders it);
 * - the copy buttons of code samples (`[data-copy]`, hidden until this makes them work);
 * - the not-found page's console note of the path that was asked for.
 *
 * Kept small on purpose (docs/web-app.md, "Content pages"): every content page ships it.
 */
import { copyText } from '@/lib/clipboard';
import {
  type ColorSchemePreference,
  readColorSchemePreference,
  setColorSchemePreference,
  startColorScheme,
  subscribeColorScheme,
} from '@/lib/color-scheme';

/** How long a copy button says 'Copiato' after a copy; as on the React pages. */
export const COPIED_MS = 2000;

const PREFERENCES: readonly string[] = [
  'system',
  'light',
  'dark',
] satisfies ColorSchemePreference[];

/** Shows the stored pick on the toggle's buttons and stores the one clicked. */
export function startThemeToggle(doc: Document): void {
  const groups = [...doc.querySelectorAll<HTMLElement>('[data-slot="theme-toggle"]')];
  const show = () => {
    const preference = readColorSchemePreference();
    for (const group of groups) {
      group.dataset.preference = preference;
      for (const button of group.querySelectorAll<HTMLElement>('button[data-value]')) {
        button.setAttribute('aria-pressed', String(button.dataset.value === preference));
      }
    }
  };
  for (const group of groups) {
    group.addEventListener('click', (event) => {
      const value = (event.target as Element).closest<HTMLElement>('button[data-value]')?.dataset
        .value;
      if (value && PREFERENCES.includes(value)) {
        setColorSchemePreference(value as ColorSchemePreference);
      }
    });
  }
  subscribeColorScheme(show);
  show();
}

/**
 * Makes each code sample's copy button work and shows it. The button carries its two labels
 * (`data-copy-label`, `data-copied-label`); its `[data-label]` child shows the current one and
 * `data-copied` switches the icon.
 */
export function startCopyButtons(doc: Document): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const code = button.closest('[data-slot="code-block"]')?.querySelector('code');
    const label = button.querySelector('[data-label]');
    if (!code || !label) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      copyText(code.textContent ?? '').then(
        () => {
          clearTimeout(timer);
          button.dataset.copied = '';
          label.textContent = button.dataset.copiedLabel ?? '';
          timer = setTimeout(() => {
            delete button.dataset.copied;
            label.textContent = button.dataset.copyLabel ?? '';
          }, COPIED_MS);
        },
        (error: unknown) => console.error('Copy failed', error),
      );
    });
    button.hidden = false;
  }
}

/** On the not-found page: the path asked for goes to the console (a warning, nothing broke). */
export function logNotFound(doc: Document): void {
  if (doc.querySelector('[data-slot="not-found"]')) {
    console.warn(`404: no page at ${doc.location.pathname}`);
  }
}

/** Everything a content page does with a script, once its HTML is parsed. */
export function startStaticPage(doc: Document): void {
  startColorScheme(doc.documentElement);
  startThemeToggle(doc);
  startCopyButtons(doc);
  logNotFound(doc);
}
