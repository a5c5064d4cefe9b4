import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CodeBlock } from '@/content/blocks';
import { codeLabels } from '@/content/site';

/**
 * A code sample: its caption with a copy button, then the code exactly as written. A long line
 * scrolls sideways inside the block (focusable, so the keyboard can scroll it too); the page
 * itself never gets wider than the screen.
 *
 * Content pages are static HTML: the copy button is rendered `hidden`, with both of its labels,
 * and the page's script (`app/static-page.ts`) shows it and makes it copy. Without JavaScript
 * there is no button that would do nothing, and the code can still be selected.
 */
export function CodeSample({ block }: { block: CodeBlock }) {
  return (
    <figure
      data-slot="code-block"
      data-language={block.language}
      className="mt-4 min-w-0 overflow-hidden rounded-lg border bg-card"
    >
      <figcaption className="flex min-h-9 items-center justify-between gap-3 border-b bg-muted/60 py-1 pr-1 pl-3 text-xs font-medium text-muted-foreground">
        <span className="min-w-0 py-1">{block.caption}</span>
        {/* What a command prints is there to read; commands and programs are there to copy. */}
        {(block.language === 'sh' || block.language === 'js') && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="group h-7 text-foreground"
            hidden
            data-copy=""
            data-copy-label={codeLabels.copy}
            data-copied-label={codeLabels.copied}
            aria-label={codeLabels.copyLabel(block.caption)}
          >
            <CopyIcon aria-hidden="true" className="group-data-copied:hidden" />
            <CheckIcon aria-hidden="true" className="hidden group-data-copied:block" />
            <span data-label="">{codeLabels.copy}</span>
          </Button>
        )}
      </figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={block.caption}
        className="overflow-x-auto p-3 font-mono text-[13px] leading-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset sm:p-4"
      >
        <code>{block.code}</code>
      </pre>
    </figure>
  );
}
