import type { Block } from '@/content/blocks';
import { labels } from '@/content/site';
import { cn } from '@/lib/cn';

/** One entry of a table of contents: the fragment id of a section and its heading. */
export interface TocEntry {
  id: string;
  text: string;
}

/** The sections of a body that can be linked to: its `<h2>` blocks with an id. */
export function tocEntries(blocks: readonly Block[]): TocEntry[] {
  return blocks.flatMap((block) =>
    block.type === 'h2' && block.id ? [{ id: block.id, text: block.text }] : [],
  );
}

/** 'In questa pagina': links to the sections of a long page. Hidden when there are fewer than 3. */
export function TableOfContents({
  entries,
  className,
}: {
  entries: readonly TocEntry[];
  className?: string;
}) {
  if (entries.length < 3) return null;
  return (
    <nav
      data-slot="table-of-contents"
      aria-labelledby="toc-title"
      className={cn('mt-8 rounded-xl border bg-card p-4 sm:p-5', className)}
    >
      <p id="toc-title" className="text-sm font-semibold">
        {labels.tableOfContents}
      </p>
      <ol className="mt-3 gap-x-6 text-sm sm:columns-2">
        {entries.map((entry) => (
          <li key={entry.id} className="break-inside-avoid pb-1.5">
            <a
              href={`#${entry.id}`}
              className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
