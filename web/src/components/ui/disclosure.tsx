import { ChevronDownIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/cn';

/**
 * An expandable question, built on the native `<details>`/`<summary>` pair: the browser gives it
 * keyboard handling, the expanded state to assistive technology and find-in-page, and it opens
 * and closes with JavaScript off, so a prerendered page keeps every answer readable. A list of
 * these is an accordion in which several items may be open at once. Uncontrolled: pass `open`
 * only for the initial state.
 */
export function Disclosure({ className, ...props }: React.ComponentProps<'details'>) {
  return (
    <details
      data-slot="disclosure"
      className={cn('group border-b last:border-b-0', className)}
      {...props}
    />
  );
}

export function DisclosureSummary({
  className,
  children,
  ...props
}: React.ComponentProps<'summary'>) {
  return (
    <summary
      data-slot="disclosure-summary"
      className={cn(
        'flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left font-medium outline-none select-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden',
        className,
      )}
      {...props}
    >
      {children}
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
      />
    </summary>
  );
}

export function DisclosureContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="disclosure-content" className={cn('pb-4', className)} {...props} />;
}
