import { GuidePage } from '@/components/content/guide-page';
import { guide } from '@/content/guides/sicurezza-online';
import { contentPageMeta, type LazyPage } from '../page-meta';

/** `/sicurezza-online`: the online-security guide. */
function SicurezzaOnlineRoute() {
  return <GuidePage guide={guide} />;
}

export const page: LazyPage = {
  Component: SicurezzaOnlineRoute,
  handle: { meta: () => contentPageMeta('/sicurezza-online') },
};
