import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import type { SenderCheck } from '../lib/sender-check';

export interface SenderMarkProps extends React.ComponentProps<'span'> {
  check: SenderCheck;
  /** On a row: the calm mark as an icon with its words for screen readers and on hover. */
  compact?: boolean;
}

/**
 * The calm mark of a verified sender ("Mittente verificato: github.com") and the clear warning
 * of a forged one ("Attenzione: paypal.it non conferma di aver inviato questo messaggio"); nothing
 * for a message there is nothing to say about. A span, so that it may sit inside a row's button.
 */
export function SenderMark({ check, compact = false, className, ...props }: SenderMarkProps) {
  if (!check) return null;
  if (check.kind === 'verified') {
    const words = strings.sender.verified(check.domain);
    return (
      <span
        data-slot="sender-mark"
        data-kind="verified"
        title={words}
        className={cn(
          'flex min-w-0 items-center gap-1 text-xs text-muted-foreground',
          compact && 'shrink-0',
          className,
        )}
        {...props}
      >
        <ShieldCheckIcon aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
        <span className={compact ? 'sr-only' : 'truncate'}>{words}</span>
      </span>
    );
  }
  const words = strings.sender.spoofed(check.domain);
  return (
    <span
      data-slot="sender-mark"
      data-kind="spoofed"
      role={compact ? undefined : 'alert'}
      title={words}
      className={cn(
        'flex min-w-0 items-start gap-1.5 rounded-md bg-destructive/10 font-medium text-destructive',
        compact ? 'mt-1 px-1.5 py-0.5 text-xs' : 'px-3 py-2 text-sm',
        className,
      )}
      {...props}
    >
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>{words}</span>
    </span>
  );
}
