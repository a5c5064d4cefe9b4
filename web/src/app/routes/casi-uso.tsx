import { GuidePage } from '@/components/content/guide-page';
import { guide } from '@/content/guides/casi-uso';
import { contentPageMeta, type LazyPage } from '../page-meta';

/** `/casi-uso`: fifteen use cases and when not to use the service. */
function CasiUsoRoute() {
  return <GuidePage guide={guide} />;
}

export const page: LazyPage = {
  Component: CasiUsoRoute,
  handle: { meta: () => contentPageMeta('/casi-uso') },
};
