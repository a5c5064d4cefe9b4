import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-all outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive:
          'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/30',
        outline:
          'border bg-card shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/20 dark:hover:bg-input/40',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9',
        'icon-sm': 'size-8',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * A link with a button's look takes `buttonVariants` itself (`<a className={cn(buttonVariants(),
 * …)}>`): no `asChild`, so that Radix's Slot stays out of the home page's first download.
 */
export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, ...props }: ButtonProps) {
  return (
    <button
      data-slot="button"
      data-variant={variant ?? 'default'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}

/**
 * One button of a row of actions, such as the address card's ('Apri sul telefono', 'Attiva
 * notifiche', 'Elimina tutto ora'): a tile (icon above a short label) on phones, so three fit side
 * by side at 360 px; an inline ghost button from `sm` on.
 */
export function ActionButton({
  className,
  ...props
}: Omit<React.ComponentProps<typeof Button>, 'variant' | 'size'>) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(
        'h-auto min-w-0 flex-1 basis-0 flex-col justify-start gap-1 px-1 py-2 text-xs whitespace-normal has-[>svg]:px-1 sm:h-8 sm:flex-none sm:basis-auto sm:flex-row sm:justify-center sm:gap-1.5 sm:px-2.5 sm:py-0 sm:text-sm sm:whitespace-nowrap sm:has-[>svg]:px-2.5',
        className,
      )}
      {...props}
    />
  );
}
