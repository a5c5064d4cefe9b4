import { ContentPage } from '@/components/content/content-page';
import { LegalDocument } from '@/components/content/legal-document';
import type { LegalSection } from '@/content/legal/legal-section';
import { backLinks, pages } from '@/content/site';
import { contentPageMeta, type LazyPage } from '../page-meta';

/** A legal text as `content/legal/` holds it: its revision date and numbered sections. */
interface LegalText {
  /** ISO date of the last revision. */
  lastUpdated: string;
  sections: readonly LegalSection[];
}

/**
 * The page of a legal document (`/privacy`, `/terms`): heading and intro from the site's page
 * texts, the document below, a link back home. Each route module stays its own chunk.
 */
export function legalPage(path: '/privacy' | '/terms', legal: LegalText): LazyPage {
  const text = pages[path];
  function LegalRoute() {
    return (
      <ContentPage back={{ to: '/', label: backLinks.home }}>
        <LegalDocument
          title={text.heading}
          intro={text.intro}
          lastUpdated={legal.lastUpdated}
          sections={legal.sections}
        />
      </ContentPage>
    );
  }
  return { Component: LegalRoute, handle: { meta: () => contentPageMeta(path) } };
}
