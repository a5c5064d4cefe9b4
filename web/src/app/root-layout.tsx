import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { DocumentMeta } from './document-meta';

/** The frame of every page: sticky header, the route, footer; and the page's `<head>`. */
export function RootLayout() {
  return (
    <div className="flex min-h-svh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <DocumentMeta />
    </div>
  );
}
