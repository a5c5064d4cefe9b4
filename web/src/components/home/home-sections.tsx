import type { HomeSection } from '@/content/home';
import { cn } from '@/lib/cn';

/** The explanatory sections under the generator (what, why, how). */
export function HomeSections({ sections }: { sections: readonly HomeSection[] }) {
  return (
    <div className="flex flex-col gap-10">
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2
            id={`${section.id}-title`}
            className="mb-3 text-xl font-semibold tracking-tight sm:text-2xl"
          >
            {section.title}
          </h2>
          <div className="flex flex-col gap-3 text-muted-foreground">
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed">
                {paragraph}
              </p>
            ))}
          </div>
          {section.items && <SectionItems items={section.items} ordered={section.ordered} />}
        </section>
      ))}
    </div>
  );
}

function SectionItems({
  items,
  ordered,
}: Pick<HomeSection, 'ordered'> & { items: NonNullable<HomeSection['items']> }) {
  const List = ordered ? 'ol' : 'ul';
  // Rows without orphans: three across from tablets on, four as two by two.
  const columns = items.length % 3 === 0 ? 'md:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <List className={cn('mt-5 grid gap-3', columns)}>
      {items.map((item, index) => (
        <li key={item.title} className="flex gap-3 rounded-xl border bg-card p-4">
          {ordered && (
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
          )}
          <div>
            <h3 className="font-medium">{item.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.text}</p>
          </div>
        </li>
      ))}
    </List>
  );
}
