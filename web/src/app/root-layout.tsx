import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';

/**
 * The frame of every page: sticky header, the page, footer. The router puts the route in it
 * (`router.tsx`); the home page, hydrated without the router, puts itself (`app.tsx`). Both give
 * the same HTML.
 */
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
