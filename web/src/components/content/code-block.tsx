import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CodeBlock } from '@/content/blocks';
import { codeLabels } from '@/content/site';
import { copyText } from '@/lib/clipboard';

/** How long 'Copiato' stays on the button after a copy. */
const COPIED_MS = 2000;

/**
 * A code sample: its caption with a copy button, then the code exactly as written. A long line
 * scrolls sideways inside the block (focusable, so the keyboard can scroll it too); the page
 * itself never gets wider than the screen.
 */
export function CodeSample({ block }: { block: CodeBlock }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    copyText(block.code).then(
      () => setCopied(true),
      (error: unknown) => console.error('Copy failed', error),
    );
  };

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
            className="h-7 text-foreground"
            onClick={copy}
            aria-label={codeLabels.copyLabel(block.caption)}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? codeLabels.copied : codeLabels.copy}
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
