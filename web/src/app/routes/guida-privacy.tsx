import { GuidePage } from '@/components/content/guide-page';
import { guide } from '@/content/guides/guida-privacy';
import { contentPageMeta, type LazyPage } from '../page-meta';

/** `/guida-privacy`: the privacy guide. */
function GuidaPrivacyRoute() {
  return <GuidePage guide={guide} />;
}

export const page: LazyPage = {
  Component: GuidaPrivacyRoute,
  handle: { meta: () => contentPageMeta('/guida-privacy') },
};
