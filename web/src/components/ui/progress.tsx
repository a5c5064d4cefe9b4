import type * as React from 'react';
import { cn } from '@/lib/cn';

export type ProgressProps = React.ComponentProps<'div'> & {
  /** Filled share in percent, 0 to 100. */
  value: number;
  indicatorClassName?: string;
};

/**
 * A determinate progress bar; the fill covers exactly `value`%. The fill is a full-width bar slid
 * to the left (a transform, not a width), so a change is animated by the compositor, with no
 * layout or paint on the main thread: the countdown moves it every second.
 */
export function Progress({ className, value, indicatorClassName, ...props }: ProgressProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          'h-full w-full bg-primary transition-transform duration-300',
          indicatorClassName,
        )}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </div>
  );
}
