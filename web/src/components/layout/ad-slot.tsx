import type * as React from 'react';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';

/**
 * An empty, labelled placeholder where an ad may go one day. It loads nothing (no third-party
 * requests) and renders nothing at all when ads are switched off (`VITE_ADS_ENABLED=false`).
 */
export function AdSlot({
  className,
  enabled = config.adsEnabled,
  ...props
}: React.ComponentProps<'aside'> & { enabled?: boolean }) {
  if (!enabled) return null;
  return (
    <aside
      data-slot="ad-slot"
      aria-label={strings.ads.label}
      className={cn(
        'flex min-h-24 items-center justify-center rounded-xl border border-dashed bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase',
        className,
      )}
      {...props}
    >
      {strings.ads.label}
    </aside>
  );
}
