import { NotFoundPage } from '@/components/content/not-found-page';
import { type LazyPage, notFoundMeta } from '../page-meta';

/** Any unknown path: '404', a short explanation and the way home. The path is logged. */
function NotFoundRoute() {
  return <NotFoundPage />;
}

export const page: LazyPage = {
  Component: NotFoundRoute,
  handle: { meta: () => notFoundMeta },
};
