import type * as React from 'react';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';

/**
 * An empty, labelled placeholder where an ad may go one day. It loads nothing (no third-party
 * requests) and renders nothing at all when ads are switched off (`VITE_ADS_ENABLED=false`).
 * Not a landmark: an empty box is nothing to navigate to, and two `<aside>`s with the same name
 * on one page are indistinguishable landmarks (axe `landmark-unique`). Its text says what it is.
 */
export function AdSlot({
  className,
  enabled = config.adsEnabled,
  ...props
}: React.ComponentProps<'div'> & { enabled?: boolean }) {
  if (!enabled) return null;
  return (
    <div
      data-slot="ad-slot"
      className={cn(
        'flex min-h-24 items-center justify-center rounded-xl border border-dashed bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase',
        className,
      )}
      {...props}
    >
      {strings.ads.label}
    </div>
  );
}
