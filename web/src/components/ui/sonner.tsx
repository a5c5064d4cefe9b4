import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { strings } from '@/content/strings';

/**
 * The toast outlet. Sonner follows the system colour scheme itself; the colours come from our
 * tokens so toasts match the cards. Error toasts ('Errore', 'Tempo scaduto!') use the destructive
 * colours through `richColors`.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
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
