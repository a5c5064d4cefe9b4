import { API_BASE } from '@et/common';
import { BlockList } from '@/components/content/block-list';
import { inlineLinkClassName } from '@/components/content/inline-text';
import { ContentPage, PageHeader } from '@/components/content/content-page';
import { TableOfContents, tocEntries } from '@/components/content/table-of-contents';
import { API_URL, developerApiBlocks, developerApiPage } from '@/content/developer-api';
import { backLinks, pages } from '@/content/site';
import { contentPageMeta, type LazyPage } from '../page-meta';

const text = pages['/api'];
/** Site-relative, so the link works on whatever host serves the page. */
const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/** `/api`: the public API for developers, with examples the browser tests run. */
function ApiRoute() {
  return (
    <ContentPage back={{ to: '/', label: backLinks.home }}>
      <article>
        <PageHeader title={text.heading} lead={text.intro} />
        <dl
          data-slot="api-facts"
          className="mt-6 grid gap-4 rounded-xl border bg-card p-4 text-sm sm:grid-cols-2 sm:p-5"
        >
          <div className="min-w-0">
            <dt className="font-semibold">{developerApiPage.baseUrlLabel}</dt>
            <dd className="mt-1 font-mono break-all text-muted-foreground">{API_URL}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-semibold">{developerApiPage.openApiLabel}</dt>
            <dd className="mt-1">
              {/* A file the server answers, not a page of the app: a plain link. */}
              <a href={OPENAPI_PATH} className={`${inlineLinkClassName} font-mono break-all`}>
                {OPENAPI_PATH}
              </a>
              <p className="mt-1 text-muted-foreground">{developerApiPage.openApiHint}</p>
            </dd>
          </div>
        </dl>
        <TableOfContents entries={tocEntries(developerApiBlocks)} />
        <BlockList blocks={developerApiBlocks} className="mt-8" />
      </article>
    </ContentPage>
  );
}

export const page: LazyPage = {
  Component: ApiRoute,
  handle: { meta: () => contentPageMeta('/api') },
};
