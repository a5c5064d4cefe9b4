import { Disclosure, DisclosureContent, DisclosureSummary } from '@/components/ui/disclosure';
import type { HomeFaqEntry } from '@/content/home';

/**
 * The short FAQ of the home page: expandable questions, several may be open at once. Native
 * `<details>` as on `/faq`: they open before the page's script has run, and nothing of theirs
 * weighs on the home page's first download.
 */
export function HomeFaq({ title, entries }: { title: string; entries: readonly HomeFaqEntry[] }) {
  return (
    <section id="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="mb-3 text-xl font-semibold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <div data-slot="faq-list" className="rounded-xl border bg-card px-5">
        {entries.map((entry) => (
          <Disclosure key={entry.question}>
            <DisclosureSummary className="text-base">{entry.question}</DisclosureSummary>
            <DisclosureContent className="text-sm leading-relaxed text-muted-foreground">
              {entry.answer}
            </DisclosureContent>
          </Disclosure>
        ))}
      </div>
    </section>
  );
}
