import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COLOR_SCHEME_KEY,
  readColorSchemePreference,
  setColorSchemePreference,
  startColorScheme,
  subscribeColorScheme,
} from './color-scheme';

const root = document.documentElement;

describe('color scheme', () => {
  afterEach(() => {
    window.localStorage.clear();
    root.classList.remove('dark');
  });

  it('follows the system while nothing is stored (jsdom reports a light system)', () => {
    expect(readColorSchemePreference()).toBe('system');
    const stop = startColorScheme();
    expect(root.classList.contains('dark')).toBe(false);
    stop();
  });

  it('stores an explicit pick, applies it and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeColorScheme(listener);
    setColorSchemePreference('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(readColorSchemePreference()).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    setColorSchemePreference('system');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBeNull();
    expect(root.classList.contains('dark')).toBe(false);
    unsubscribe();
  });

  it('ignores values it did not write', () => {
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'seppia');
    expect(readColorSchemePreference()).toBe('system');
  });

  it('takes up a pick made in another tab', () => {
    const stop = startColorScheme();
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_SCHEME_KEY }));
    expect(root.classList.contains('dark')).toBe(true);
    stop();
  });
});
