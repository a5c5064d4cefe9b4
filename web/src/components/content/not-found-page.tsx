import { buttonVariants } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { notFoundPage } from '@/content/site';
import { cn } from '@/lib/cn';

/**
 * The not-found page: '404', the heading, a short explanation and the way home. The page's
 * script (`app/static-page.ts`) logs the attempted path as a warning (not an error: nothing broke,
 * the visitor mistyped or followed a stale link).
 */
export function NotFoundPage() {
  return (
    <div
      data-slot="not-found"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:py-24"
    >
      <p className="text-7xl font-bold tracking-tight text-primary">{notFoundPage.code}</p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{notFoundPage.heading}</h1>
      <p className="text-pretty text-muted-foreground">{notFoundPage.text}</p>
      <Link
        to="/"
        data-slot="button"
        data-variant="default"
        className={cn(buttonVariants({ size: 'lg' }), 'mt-2')}
      >
        {notFoundPage.homeLink}
      </Link>
    </div>
  );
}
