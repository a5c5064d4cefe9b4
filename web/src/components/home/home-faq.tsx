import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import type { HomeFaqEntry } from '@/content/home';

/** The short FAQ of the home page: expandable questions, several may be open at once. */
export function HomeFaq({ title, entries }: { title: string; entries: readonly HomeFaqEntry[] }) {
  return (
    <section id="faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="mb-3 text-xl font-semibold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <Accordion type="multiple" className="rounded-xl border bg-card px-5">
        {entries.map((entry, index) => (
          <AccordionItem key={entry.question} value={`faq-${index}`}>
            <AccordionTrigger className="text-base">{entry.question}</AccordionTrigger>
            <AccordionContent className="leading-relaxed text-muted-foreground">
              {entry.answer}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
