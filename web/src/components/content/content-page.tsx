import { ArrowLeftIcon } from 'lucide-react';
import type * as React from 'react';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/cn';

/** The link above the content: back to the blog on articles, to the home page elsewhere. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      data-slot="back-link"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/**
 * Frame of a content page: a readable column (or a wider one for card grids) that starts with
 * the back link.
 */
export function ContentPage({
  back,
  wide = false,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & { back: { to: string; label: string }; wide?: boolean }) {
  return (
    <div
      data-slot="content-page"
      className={cn(
        'mx-auto w-full px-4 pt-6 pb-4 sm:pt-8',
        wide ? 'max-w-5xl' : 'max-w-3xl',
        className,
      )}
      {...props}
    >
      <BackLink to={back.to} label={back.label} />
      {children}
    </div>
  );
}

/** The top of a content page: optional small line above, the page's only `<h1>`, the lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: React.ReactNode;
  title: string;
  lead?: React.ReactNode;
  /** Details under the lead, e.g. dates and reading time. */
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <header data-slot="page-header" className={cn('mt-6 flex flex-col gap-3 sm:mt-8', className)}>
      {eyebrow}
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {lead && <p className="text-lg leading-8 text-pretty text-muted-foreground">{lead}</p>}
      {children}
    </header>
  );
}
