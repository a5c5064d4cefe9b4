import type { Guide } from '@/content/guides/guide';
import { backLinks } from '@/content/site';
import { BlockList } from './block-list';
import { ContentPage, PageHeader } from './content-page';
import { TableOfContents, tocEntries } from './table-of-contents';

/** A stand-alone guide (`/guida-privacy`, `/sicurezza-online`, `/casi-uso`). */
export function GuidePage({ guide }: { guide: Guide }) {
  return (
    <ContentPage back={{ to: '/', label: backLinks.home }}>
      <article>
        <PageHeader title={guide.title} lead={guide.description} />
        <TableOfContents entries={tocEntries(guide.blocks)} />
        <BlockList blocks={guide.blocks} className="mt-8" />
      </article>
    </ContentPage>
  );
}
