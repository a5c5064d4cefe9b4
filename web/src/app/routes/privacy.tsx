import { ContentPage } from '@/components/content/content-page';
import { LegalDocument } from '@/components/content/legal-document';
import { lastUpdated, sections } from '@/content/legal/privacy';
import { backLinks, pages } from '@/content/site';
import { contentPageMeta, type LazyPage } from '../page-meta';

const text = pages['/privacy'];

/** `/privacy`: the privacy policy. */
function PrivacyRoute() {
  return (
    <ContentPage back={{ to: '/', label: backLinks.home }}>
      <LegalDocument
        title={text.heading}
        intro={text.intro}
        lastUpdated={lastUpdated}
        sections={sections}
      />
    </ContentPage>
  );
}

export const page: LazyPage = {
  Component: PrivacyRoute,
  handle: { meta: () => contentPageMeta('/privacy') },
};
