import { ContentPage } from '@/components/content/content-page';
import { LegalDocument } from '@/components/content/legal-document';
import { lastUpdated, sections } from '@/content/legal/terms';
import { backLinks, pages } from '@/content/site';
import { contentPageMeta, type LazyPage } from '../page-meta';

const text = pages['/terms'];

/** `/terms`: the terms of service. */
function TermsRoute() {
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
  Component: TermsRoute,
  handle: { meta: () => contentPageMeta('/terms') },
};
