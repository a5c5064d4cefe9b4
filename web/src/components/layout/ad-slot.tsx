import type * as React from 'react';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { config } from '@/lib/config';

/**
 * An empty, labelled placeholder where an ad may go one day. It loads nothing (no third-party
 * requests) and renders nothing at all when ads are switched off (`VITE_ADS_ENABLED=false`).
 * Not a landmark: an empty box is nothing to navigate to, and two `<aside>`s with the same name
 * on one page are indistinguishable landmarks (axe `landmark-unique`). Its text says what it is:
 * a placeholder with no third-party code, which the privacy policy and the FAQ rely on.
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
        'flex min-h-24 flex-col items-center justify-center gap-1 rounded-xl border border-dashed bg-muted/40 px-4 text-center text-xs text-muted-foreground',
        className,
      )}
      {...props}
    >
      <span className="tracking-wide uppercase">{strings.ads.label}</span>
      <span>{strings.ads.note}</span>
    </div>
  );
}
