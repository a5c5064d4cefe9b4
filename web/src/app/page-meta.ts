/**
 * How a route declares its `<head>`: a `handle.meta` function of the route's params. The
 * prerenderer reads it for every path it writes into that page's `<head>`, so the head comes from
 * one place per route.
 */
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { type ContentRoute, notFoundPage, pages } from '@/content/site';
import type { PageMeta } from '@/lib/seo';

/** The `handle` of a page route. */
export interface PageHandle {
  meta: (params: Params) => PageMeta;
}

/** What a page module hands to the (build-time) router. */
export interface LazyPage {
  Component: ComponentType;
  handle: PageHandle;
}

/** True for a route `handle` that carries page metadata. */
export function isPageHandle(handle: unknown): handle is PageHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as { meta?: unknown }).meta === 'function'
  );
}

/** Head of a fixed content route, from its texts in `content/site.ts`. */
export function contentPageMeta(path: ContentRoute): PageMeta {
  return { title: pages[path].title, description: pages[path].description, path };
}

/** Head of the not-found page: no canonical URL, `noindex`. */
export const notFoundMeta: PageMeta = {
  title: notFoundPage.title,
  description: notFoundPage.description,
  path: null,
};

/** The head of the deepest match that declares one. */
export function metaOfMatches(
  matches: readonly { params: Params; handle?: unknown; route?: { handle?: unknown } }[],
): PageMeta | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index];
    const handle = match?.handle ?? match?.route?.handle;
    if (match && isPageHandle(handle)) return handle.meta(match.params);
  }
  return null;
}
