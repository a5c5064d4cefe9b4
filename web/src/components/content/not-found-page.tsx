import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { notFoundPage } from '@/content/site';

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
      <Button asChild size="lg" className="mt-2">
        <Link to="/">{notFoundPage.homeLink}</Link>
      </Button>
    </div>
  );
}
