import type { DeliveryRefusal } from '@et/common';
import { MailWarningIcon } from 'lucide-react';
import { refusalNotice } from '@/content/refusal-notice';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

export interface RefusalNoticeProps extends React.ComponentProps<'section'> {
  /** The mailbox's refusals, newest first; nothing is shown without one. */
  refusals: DeliveryRefusal[] | undefined;
  now: number;
}

/**
 * Why mail did not arrive, under the inbox: one line per message the server refused for this
 * address, newest first, with when, and the server's reply on hover. The newest line is also in
 * a live region that is always there, so a screen reader hears a refusal pushed while the
 * visitor waits for a mail, the first one included.
 */
export function RefusalNotice({ refusals, now, className, ...props }: RefusalNoticeProps) {
  const newest = refusals?.[0];
  const announcer = (
    <p data-slot="refusal-announcer" aria-live="polite" className="sr-only">
      {newest ? Object.values(refusalNotice.line(newest)).join('') : ''}
    </p>
  );
  if (!refusals?.length) return announcer;
  return (
    <>
      {announcer}
      <section
        data-slot="refusal-notice"
        aria-labelledby="refusal-notice-title"
        className={cn(
          'flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm',
          className,
        )}
        {...props}
      >
        <MailWarningIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div>
            <h2 id="refusal-notice-title" className="font-semibold">
              {refusalNotice.title}
            </h2>
            <p className="text-muted-foreground">{refusalNotice.hint}</p>
          </div>
          <ul className="flex max-h-48 flex-col gap-1.5 overflow-y-auto">
            {refusals.map((refusal) => {
              const { before, sender, after } = refusalNotice.line(refusal);
              return (
                <li
                  key={`${refusal.at} ${refusal.sender} ${refusal.reply}`}
                  data-slot="refusal-line"
                  className="break-words"
                >
                  {before}
                  {sender && <bdi className="font-medium">{sender}</bdi>}
                  {after}{' '}
                  <time
                    dateTime={refusal.at}
                    title={`${formatDateTime(refusal.at)} · ${refusalNotice.replyLabel}: ${refusal.reply}`}
                    className="whitespace-nowrap text-xs text-muted-foreground"
                  >
                    {formatRelativeTime(refusal.at, now)}
                  </time>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </>
  );
}
