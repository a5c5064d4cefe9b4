import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';

/**
 * The frame of every page: sticky header, the page, footer. The build-time router puts a content
 * page in it (`router.tsx`); the home page, the React app, puts itself (`app.tsx`). Both give
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
