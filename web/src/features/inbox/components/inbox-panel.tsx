import type { MessageSummary } from '@et/common';
import { InboxIcon, MailOpenIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { ScrollArea } from '@/components/ui/scroll-area';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';

// A row (sender, marks, code chip) is drawn only once mail has come, never in the page's first
// paint: a chunk of its own, out of the first download, fetched with the first message. Until it is
// there the list is empty for a moment, inside a scroll area whose height does not depend on it.
const MessageRow = lazy(async () => ({ default: (await import('./message-row')).MessageRow }));

export interface InboxPanelProps {
  /** The inbox, newest first; undefined while there is no mailbox or no first answer yet. */
  messages: MessageSummary[] | undefined;
  /** `ready`: a mailbox is active; `starting`: one is being made; `gone`: expired or failed. */
  mailboxState: 'ready' | 'starting' | 'gone';
  unreadIds: ReadonlySet<string>;
  deletingIds: ReadonlySet<string>;
  /** The push stream is up. */
  live: boolean;
  isRefreshing: boolean;
  isClearing: boolean;
  now: number;
  onRefresh: () => void;
  onClear: () => void;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
}

/** The inbox card: title with count, live status, 'Aggiorna', 'Svuota inbox' and the list. */
export function InboxPanel({
  messages,
  mailboxState,
  unreadIds,
  deletingIds,
  live,
  isRefreshing,
  isClearing,
  now,
  onRefresh,
  onClear,
  onOpen,
  onDelete,
}: InboxPanelProps) {
  const count = messages?.length ?? 0;
  const waiting = mailboxState !== 'ready';
  const listRef = useRef<HTMLUListElement>(null);
  const refreshRef = useRef<HTMLButtonElement>(null);
  // A row goes with its message, and the focus with it: keep the keyboard in the inbox, on the
  // next message (or the previous one), or on 'Aggiorna' when it was the last.
  const deleteRow = (id: string) => {
    const row = document.activeElement?.closest('[data-slot="message-row"]');
    if (row && listRef.current?.contains(row)) {
      const neighbour = row.nextElementSibling ?? row.previousElementSibling;
      const target = neighbour?.querySelector('button') ?? refreshRef.current;
      target?.focus();
    }
    onDelete(id);
  };
  return (
    <Card data-slot="inbox-panel" className="gap-0 pb-0">
      <CardHeader className="pb-4">
        <div className="flex items-center gap-2">
          <InboxIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          <CardTitle>{strings.inbox.title}</CardTitle>
          {count > 0 && (
            <Badge data-slot="inbox-count" aria-label={strings.inbox.countLabel(count)}>
              {count}
            </Badge>
          )}
        </div>
        {!waiting && (
          <span
            data-slot="live-status"
            data-live={live}
            title={live ? strings.inbox.liveOnHint : strings.inbox.liveOffHint}
            className="flex items-center gap-1.5 text-xs text-muted-foreground"
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-2 rounded-full',
                live ? 'animate-pulse bg-success' : 'bg-muted-foreground/50',
              )}
            />
            {live ? strings.inbox.liveOn : strings.inbox.liveOff}
          </span>
        )}
        <div className="ml-auto flex gap-2">
          <Button
            ref={refreshRef}
            type="button"
            variant="outline"
            size="sm"
            onClick={onRefresh}
            disabled={waiting || isRefreshing}
            title={strings.inbox.refreshLabel}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(isRefreshing && 'animate-spin')} />
            {strings.inbox.refresh}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onClear}
            disabled={waiting || count === 0 || isClearing}
            title={strings.inbox.clearLabel}
          >
            <Trash2Icon aria-hidden="true" />
            {strings.inbox.clear}
          </Button>
        </div>
      </CardHeader>
      <ScrollArea className="h-[400px] border-t" data-slot="inbox-scroll">
        {count > 0 && messages ? (
          <ul ref={listRef} aria-label={strings.inbox.listLabel}>
            <Suspense fallback={null}>
              {messages.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  unread={unreadIds.has(message.id)}
                  deleting={deletingIds.has(message.id)}
                  now={now}
                  onOpen={onOpen}
                  onDelete={deleteRow}
                />
              ))}
            </Suspense>
          </ul>
        ) : (
          <div
            data-slot="inbox-empty"
            className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center"
          >
            <span className="flex size-14 items-center justify-center rounded-full bg-muted">
              <MailOpenIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            </span>
            <p className="font-medium">
              {mailboxState === 'gone' ? strings.inbox.waitingTitle : strings.inbox.emptyTitle}
            </p>
            <p className="max-w-sm text-sm text-muted-foreground">
              {mailboxState === 'gone' ? strings.inbox.waitingHint : strings.inbox.emptyHint}
            </p>
          </div>
        )}
      </ScrollArea>
    </Card>
  );
}
