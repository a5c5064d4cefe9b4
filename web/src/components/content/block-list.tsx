import { CircleCheckIcon, InfoIcon, LightbulbIcon, TriangleAlertIcon } from 'lucide-react';
import type * as React from 'react';
import type { Block, CalloutBlock, TableBlock } from '@/content/blocks';
import { cn } from '@/lib/cn';
import { CodeSample } from './code-block';
import { InlineText } from './inline-text';

const calloutTones = {
  info: {
    icon: InfoIcon,
    className: 'border-primary/60 bg-accent/60',
    iconClassName: 'text-primary',
  },
  warning: {
    icon: TriangleAlertIcon,
    className: 'border-destructive/60 bg-destructive/5',
    iconClassName: 'text-destructive',
  },
  tip: {
    icon: LightbulbIcon,
    className: 'border-success/60 bg-success/10',
    iconClassName: 'text-success',
  },
} satisfies Record<CalloutBlock['tone'], object>;

function Callout({ block }: { block: CalloutBlock }) {
  const tone = calloutTones[block.tone];
  const Icon = tone.icon;
  return (
    <aside
      data-slot="callout"
      data-tone={block.tone}
      className={cn('mt-6 flex gap-3 rounded-lg border-l-4 p-4 leading-7', tone.className)}
    >
      <Icon className={cn('mt-1 size-5 shrink-0', tone.iconClassName)} aria-hidden="true" />
      <div>
        {block.title && <p className="font-semibold">{block.title}</p>}
        <p>
          <InlineText text={block.text} />
        </p>
      </div>
    </aside>
  );
}

function Table({ block }: { block: TableBlock }) {
  return (
    // Cells wrap; a table that still does not fit scrolls sideways, focusable for the keyboard.
    <div
      role="region"
      aria-label={block.caption}
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-lg border bg-card outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table className="w-full border-collapse text-left text-sm">
        {block.caption && (
          <caption className="border-b px-3 py-2 text-left text-xs font-medium text-muted-foreground sm:px-4">
            {block.caption}
          </caption>
        )}
        <thead className="bg-muted/60">
          <tr>
            {block.head.map((cell, index) => (
              <th
                key={index}
                scope="col"
                className="px-3 py-2.5 align-bottom font-semibold sm:px-4"
              >
                <InlineText text={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-3 py-2.5 align-top font-medium sm:px-4">
                    <InlineText text={cell} />
                  </th>
                ) : (
                  <td key={index} className="px-3 py-2.5 align-top text-foreground/90 sm:px-4">
                    <InlineText text={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'p':
      return (
        <p className="mt-4 leading-7">
          <InlineText text={block.text} />
        </p>
      );
    case 'h2':
      return (
        <h2
          id={block.id}
          className="mt-10 scroll-mt-20 text-xl font-semibold tracking-tight text-balance sm:text-2xl"
        >
          <InlineText text={block.text} />
        </h2>
      );
    case 'h3':
      return (
        <h3 className="mt-8 text-lg font-semibold tracking-tight">
          <InlineText text={block.text} />
        </h3>
      );
    case 'ul':
      return (
        <ul className="mt-4 ml-5 list-disc space-y-2 leading-7 marker:text-muted-foreground">
          {block.items.map((item, index) => (
            <li key={index} className="pl-1">
              <InlineText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol className="mt-4 ml-5 list-decimal space-y-2 leading-7 marker:font-semibold marker:text-primary">
          {block.items.map((item, index) => (
            <li key={index} className="pl-1">
              <InlineText text={item} />
            </li>
          ))}
        </ol>
      );
    case 'table':
      return <Table block={block} />;
    case 'callout':
      return <Callout block={block} />;
    case 'code':
      return <CodeSample block={block} />;
    case 'checklist':
      return (
        <ul
          data-slot="checklist"
          className="mt-4 space-y-2.5 rounded-lg border bg-card p-4 leading-7"
        >
          {block.items.map((item, index) => (
            <li key={index} className="flex gap-3">
              <CircleCheckIcon className="mt-1 size-5 shrink-0 text-success" aria-hidden="true" />
              <span>
                <InlineText text={item} />
              </span>
            </li>
          ))}
        </ul>
      );
  }
}

/** The body of an article, guide or legal section: every block of the content model, in order. */
export function BlockList({
  blocks,
  className,
  ...props
}: React.ComponentProps<'div'> & { blocks: readonly Block[] }) {
  return (
    <div data-slot="block-list" className={cn('[&>:first-child]:mt-0', className)} {...props}>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}
