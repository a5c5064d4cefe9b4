/**
 * Light or dark: the page follows the system unless the visitor picked a theme on this device.
 * The pick lives in `localStorage` under `COLOR_SCHEME_KEY` ('light' or 'dark'; absent = follow
 * the system) and shows as `.dark` or `.light` on <html>, the classes the Tailwind `dark:` variant
 * keys off (with neither, as with JavaScript off, it follows `prefers-color-scheme`).
 *
 * The very first paint is handled before this module loads: an inline script in `index.html`
 * (allowed by its hash in the server's CSP) reads the same key and sets the class, so a dark
 * choice never flashes white. This module then keeps the class in step: system changes while
 * following, the toggle, and picks made in other tabs.
 */

/** `localStorage` key of an explicit choice; the inline script in `index.html` reads it too. */
export const COLOR_SCHEME_KEY = 'colorScheme';

/** 'system' = no stored choice: follow `prefers-color-scheme`. */
export type ColorSchemePreference = 'system' | 'light' | 'dark';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}

/** The stored choice, 'system' when there is none (or storage is unavailable). */
export function readColorSchemePreference(): ColorSchemePreference {
  let value: string | null | undefined;
  try {
    value = storage()?.getItem(COLOR_SCHEME_KEY);
  } catch {
    value = null;
  }
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Whether the page should be dark right now, given the preference and the system. */
export function isDark(preference: ColorSchemePreference = readColorSchemePreference()): boolean {
  return preference === 'system' ? (systemQuery()?.matches ?? false) : preference === 'dark';
}

/**
 * `.dark` or `.light`, one of the two: the stylesheet falls back on the system's scheme only when
 * neither is there (JavaScript off), so a light pick must be marked too.
 */
function apply(root: HTMLElement = document.documentElement): void {
  const dark = isDark();
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
}

function notify(): void {
  apply();
  for (const listener of listeners) listener();
}

/** Stores the visitor's pick ('system' forgets it) and applies it at once. */
export function setColorSchemePreference(preference: ColorSchemePreference): void {
  const store = storage();
  try {
    if (preference === 'system') store?.removeItem(COLOR_SCHEME_KEY);
    else store?.setItem(COLOR_SCHEME_KEY, preference);
  } catch {
    // Quota or privacy mode: the pick holds for this page only.
  }
  notify();
}

/** For `useSyncExternalStore`: called when the preference changes here or in another tab. */
export function subscribeColorScheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies the preference now and keeps `.dark` current: on system changes (which matter only
 * while following the system) and on picks made in other tabs. Returns a function that stops.
 */
export function startColorScheme(root: HTMLElement = document.documentElement): () => void {
  apply(root);
  const query = systemQuery();
  const onSystem = () => apply(root);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_SCHEME_KEY || event.key === null) notify();
  };
  query?.addEventListener('change', onSystem);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystem);
    window.removeEventListener('storage', onStorage);
  };
}
