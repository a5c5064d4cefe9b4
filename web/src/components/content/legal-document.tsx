import type { LegalSection } from '@/content/legal/legal-section';
import { formatDateIt, labels } from '@/content/site';
import { slugify } from '@/lib/slug';
import { BlockList } from './block-list';
import { PageHeader } from './content-page';
import { TableOfContents } from './table-of-contents';

/** A legal page (privacy policy, terms): heading, date of the last revision, numbered sections. */
export function LegalDocument({
  title,
  intro,
  lastUpdated,
  sections,
}: {
  title: string;
  intro: string;
  /** ISO date of the last revision. */
  lastUpdated: string;
  sections: readonly LegalSection[];
}) {
  const numbered = sections.map((section, index) => ({
    ...section,
    id: slugify(section.title),
    heading: `${index + 1}. ${section.title}`,
  }));
  return (
    <>
      <PageHeader title={title} lead={intro}>
        <p className="text-sm text-muted-foreground">
          {labels.lastUpdated} <time dateTime={lastUpdated}>{formatDateIt(lastUpdated)}</time>
        </p>
      </PageHeader>
      <TableOfContents entries={numbered.map((s) => ({ id: s.id, text: s.heading }))} />
      {numbered.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10">
          <h2
            id={section.id}
            className="scroll-mt-20 text-xl font-semibold tracking-tight text-balance sm:text-2xl"
          >
            {section.heading}
          </h2>
          <BlockList blocks={section.blocks} className="mt-4" />
        </section>
      ))}
    </>
  );
}
