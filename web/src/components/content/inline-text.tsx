import { Fragment } from 'react';
import { Link } from '@/components/ui/link';
import { parseInline } from '@/content/blocks';
import { cn } from '@/lib/cn';

/** Classes of a link inside running text. */
export const inlineLinkClassName =
  'rounded-sm font-medium text-primary underline decoration-primary/40 underline-offset-4 outline-none hover:decoration-primary focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * Inline text of the content model: plain text with `[testo](/percorso)` links, which become
 * real `<a href>` elements (`Link`, so navigation stays in the page).
 */
export function InlineText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return parseInline(text).map((part, index) =>
    part.type === 'link' ? (
      <Link key={index} to={part.href} className={cn(inlineLinkClassName, linkClassName)}>
        {part.text}
      </Link>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
