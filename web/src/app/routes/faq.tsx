import { ContentPage, PageHeader } from '@/components/content/content-page';
import { InlineText } from '@/components/content/inline-text';
import { JsonLd } from '@/components/content/json-ld';
import { Disclosure, DisclosureContent, DisclosureSummary } from '@/components/ui/disclosure';
import { faq } from '@/content/faq';
import { backLinks, pages } from '@/content/site';
import { faqPageJsonLd } from '@/lib/seo';
import { contentPageMeta, type LazyPage } from '../page-meta';

const text = pages['/faq'];

/** `/faq`: the twenty questions, the first one open; every answer is in the HTML. */
function FaqRoute() {
  return (
    <ContentPage back={{ to: '/', label: backLinks.home }}>
      <PageHeader title={text.heading} lead={text.intro} />
      <div data-slot="faq-list" className="mt-8 rounded-xl border bg-card px-5 shadow-sm">
        {faq.map((entry, index) => (
          <Disclosure key={entry.question} open={index === 0}>
            <DisclosureSummary className="text-base">{entry.question}</DisclosureSummary>
            <DisclosureContent className="leading-7 text-muted-foreground">
              <p>
                <InlineText text={entry.answer} />
              </p>
            </DisclosureContent>
          </Disclosure>
        ))}
      </div>
      <JsonLd data={faqPageJsonLd(faq)} />
    </ContentPage>
  );
}

export const page: LazyPage = {
  Component: FaqRoute,
  handle: { meta: () => contentPageMeta('/faq') },
};
