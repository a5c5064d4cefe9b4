import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { notFoundPage } from '@/content/site';
import { cn } from '@/lib/cn';

/**
 * The not-found page: '404', the heading, a short explanation and the way home. The attempted
 * path goes to the console as a warning (not an error: nothing broke, the visitor mistyped or
 * followed a stale link).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
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
