import type { MessageSummary } from '@et/common';
import { PaperclipIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { senderInitial, senderLabel, subjectLabel } from '../lib/sender';
import { senderCheck } from '../lib/sender-check';
import { CodeChip } from './code-chip';
import { SenderMark } from './sender-mark';

export interface MessageRowProps {
  message: MessageSummary;
  unread: boolean;
  deleting: boolean;
  /** Current time, for the relative timestamp. */
  now: number;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
}

/**
 * One inbox row. The row opens the message; the delete button sits beside it (never nested in
 * it) and shows on hover with a mouse, always on touch screens, and whenever it has focus.
 * A verification code gets a chip that copies it: also beside the row's button, laid over a
 * space kept free for it at the bottom of the button, so a tap on it never opens the message.
 * Whatever the mail chose (name, subject, preview) sits in a `<bdi>`: its direction is its own
 * and ends there, so it cannot reorder the row's words.
 */
export function MessageRow({ message, unread, deleting, now, onOpen, onDelete }: MessageRowProps) {
  const sender = senderLabel(message.from);
  const subject = subjectLabel(message.subject);
  const check = senderCheck(message);
  const spoofedDomain = check?.kind === 'spoofed' ? check.domain : null;
  return (
    <li
      data-slot="message-row"
      data-unread={unread || undefined}
      className="group relative border-b last:border-b-0"
    >
      {unread && (
        <span
          data-slot="unread-bar"
          aria-hidden="true"
          className="absolute inset-y-2 left-0 w-1 rounded-r-full bg-primary"
        />
      )}
      <button
        type="button"
        onClick={() => onOpen(message.id)}
        className={cn(
          'flex w-full items-start gap-3 py-3 pr-14 pl-4 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
          unread && 'bg-primary/5',
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
        >
          {senderInitial(message.from)}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1">
              <span
                data-slot="message-sender"
                className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}
              >
                <bdi>{sender}</bdi>
              </span>
              {check?.kind === 'verified' && <SenderMark check={check} compact />}
            </span>
            <time dateTime={message.receivedAt} className="shrink-0 text-xs text-muted-foreground">
              {formatRelativeTime(message.receivedAt, now)}
            </time>
          </span>
          <span
            data-slot="message-subject"
            className={cn('truncate text-sm', unread && 'font-semibold')}
          >
            {unread && <span className="sr-only">{strings.inbox.unread}: </span>}
            <bdi>{subject}</bdi>
          </span>
          {message.preview && (
            <span className="truncate text-xs text-muted-foreground">
              <bdi>{message.preview}</bdi>
            </span>
          )}
          {spoofedDomain && <SenderMark check={check} compact />}
          {message.hasAttachments && (
            <Badge variant="secondary" className="mt-1">
              <PaperclipIcon aria-hidden="true" />
              {strings.inbox.attachment}
            </Badge>
          )}
          {message.code && <span aria-hidden="true" className="mt-1 block h-7" />}
        </span>
      </button>
      {message.code && (
        <CodeChip
          code={message.code}
          spoofedDomain={spoofedDomain}
          className="absolute bottom-3 left-16"
        />
      )}
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={strings.inbox.deleteLabel(subject)}
        title={strings.message.delete}
        disabled={deleting}
        onClick={() => onDelete(message.id)}
        className="absolute top-1/2 right-2 -translate-y-1/2 text-muted-foreground transition-opacity hover:text-destructive focus-visible:opacity-100 pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100"
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </li>
  );
}
