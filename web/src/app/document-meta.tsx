import { useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { applyPageMeta } from '@/lib/seo';
import { metaOfMatches } from './page-meta';

/**
 * Keeps `<head>` (title, description, canonical, Open Graph) in step with the route while the
 * visitor navigates. The prerendered HTML already carries the same tags, so on the first load
 * this changes nothing. A layout effect, so that a page's own title logic (the unread count on
 * the home page, a passive effect) runs after it and wins.
 */
export function DocumentMeta() {
  const meta = metaOfMatches(useMatches());
  const key = meta ? JSON.stringify(meta) : null;
  useLayoutEffect(() => {
    if (key) applyPageMeta(JSON.parse(key) as Parameters<typeof applyPageMeta>[0]);
  }, [key]);
  return null;
}
