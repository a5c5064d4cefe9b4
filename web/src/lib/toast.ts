/**
 * The app's toasts: sonner's `toast` (the part of its API we use), without sonner in the first
 * download. Sonner (~10 KB compressed) is loaded the first time a toast is asked for, or when the
 * browser is idle after the start (`components/ui/sonner.tsx`), so that its live region is in
 * the page before anything is announced in it. A toast asked for while sonner loads is queued
 * and shown, in order, as soon as it is there; sonner's `Toaster` shows the toasts made before it
 * mounted.
 */
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
/** What waits for sonner, in call order. */
const pending: ((loaded: Sonner) => void)[] = [];
const listeners = new Set<() => void>();

/** Loads sonner once; a failed load (offline) is tried again at the next toast. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (loaded) => {
      sonner = loaded;
      for (const call of pending.splice(0)) call(loaded);
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Sonner once loaded, else undefined. */
export function loadedSonner(): Sonner | undefined {
  return sonner;
}

/** Calls `listener` once sonner has loaded; returns the unsubscribe function. */
export function subscribeSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withSonner(call: (loaded: Sonner) => void): void {
  if (sonner) {
    call(sonner);
    return;
  }
  pending.push(call);
  loadSonner().catch((error: unknown) => {
    pending.length = 0;
    console.error('could not load the toasts', error);
  });
}

type Show = (message: string, data?: ExternalToast) => void;

const show =
  (kind: 'success' | 'error' | 'info' | null): Show =>
  (message, data) =>
    withSonner(({ toast: sonnerToast }) => {
      if (kind) sonnerToast[kind](message, data);
      else sonnerToast(message, data);
    });

/** `toast(message, options)`, `toast.success`, `toast.error`, `toast.info`, as in sonner. */
export const toast: Show & { success: Show; error: Show; info: Show } = Object.assign(show(null), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
});
