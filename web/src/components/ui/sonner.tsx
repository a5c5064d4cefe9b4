import { useEffect, useSyncExternalStore } from 'react';
import type * as React from 'react';
import type { ToasterProps } from 'sonner';
import { strings } from '@/content/strings';
import { loadedSonner, loadSonner, subscribeSonner } from '@/lib/toast';

/** How long the start may keep the browser busy before sonner is loaded anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * The toast outlet. Sonner follows the system colour scheme itself; the colours come from our
 * tokens so toasts match the cards. Error toasts ('Errore', 'Tempo scaduto!') use the destructive
 * colours through `richColors`.
 *
 * Sonner is not part of the first download (`lib/toast.ts`): nothing is rendered here, in the
 * prerendered HTML and at hydration alike, until it has loaded, at the first toast or when the
 * browser is idle, whichever comes first.
 */
export function Toaster(props: ToasterProps) {
  const sonner = useSyncExternalStore(subscribeSonner, loadedSonner, () => undefined);

  useEffect(() => {
    if (loadedSonner()) return;
    const load = () => void loadSonner().catch(() => {});
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 1);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }, []);

  if (!sonner) return null;
  const { Toaster: Sonner } = sonner;
  return (
    <Sonner
      // Given, not measured: sonner would otherwise read the computed style of <html> at every
      // render, a forced style recalculation of the whole page.
      dir="ltr"
      theme="system"
      richColors
      closeButton
      containerAriaLabel={strings.toaster.region}
      toastOptions={{ closeButtonAriaLabel: strings.toaster.close }}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
