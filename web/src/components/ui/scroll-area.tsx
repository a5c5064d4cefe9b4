import type * as React from 'react';
import { cn } from '@/lib/cn';

/**
 * A box that scrolls its content vertically, with a thin scrollbar in the border colour. The
 * browser's own scrolling, styled: no script measures or draws anything, and the home page's
 * first download carries none of the ~6 KB a drawn scrollbar (Radix ScrollArea) costs. A
 * scrollable box is in the tab order by itself, hence the focus ring.
 */
export function ScrollArea({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="scroll-area"
      className={cn(
        'relative overflow-y-auto [scrollbar-color:var(--border)_transparent] [scrollbar-width:thin] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
        className,
      )}
      {...props}
    />
  );
}
