/**
 * Setup of the web component tests: jest-dom matchers and a clean DOM and storage per test.
 * jsdom lacks a few browser APIs the Radix primitives probe for; they get inert stand-ins here
 * (layout observers only: nothing that decides what a test asserts).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadSonner } from '@/lib/toast';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Sonner's `theme="system"` asks for the colour scheme; jsdom has no media queries at all.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Testing Library waits for React with a zero `setTimeout` and advances fake timers only when it
// sees Jest's. Under Vitest's fake clock that timeout would never fire: let it advance ours.
// (https://github.com/testing-library/react-testing-library/issues/1197)
Object.assign(globalThis, {
  jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
});

// The app loads sonner on demand (`lib/toast.ts`); the components' tests look for a toast right
// after the action, as with sonner in the bundle. `toast.test.tsx` covers the loading itself.
await loadSonner();
