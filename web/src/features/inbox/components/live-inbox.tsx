import { lazy, Suspense, useEffect, useState } from 'react';
import { strings } from '@/content/strings';
import { isUnauthorized } from '@/lib/api-client';
import { readStoredEmails } from '@/lib/session-storage';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { useClearInbox } from '../api/clear-inbox';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { useRefusals } from '../api/get-refusals';
import { useLiveEvents } from '../hooks/use-live-events';
import { useUnread } from '../hooks/use-unread';
import { useUnreadTitle } from '../hooks/use-unread-title';
import type { InboxProps } from './inbox-props';
import { InboxPanel } from './inbox-panel';
import { RefusalNotice } from './refusal-notice';

// The reader (dialog, tabs, the mail sandbox) is not needed to show the inbox: it is a chunk of
// its own, fetched as soon as there is a message to open.
const loadMessageDialog = () => import('./message-dialog');
const MessageDialog = lazy(async () => ({ default: (await loadMessageDialog()).MessageDialog }));

/** The spinner of 'Aggiorna' turns at least this long, so the visitor sees it happened. */
const MIN_REFRESH_SPIN_MS = 500;

/** Relative times ('5m fa') are refreshed this often. */
const RELATIVE_TIME_TICK_MS = 30_000;

/**
 * The live inbox of one mailbox: list, push and poll, unread state, reader, refused mail. A chunk
 * of its own, out of the home page's first download (`inbox.tsx`).
 */
export function LiveInbox({
  token,
  mailboxState,
  baseTitle,
  onMailboxGone,
  onMailboxExtended,
  onNewMail,
}: InboxProps & { token: string }) {
  // Read once per mounted mailbox: the component is keyed by token.
  const [restored] = useState(() => readStoredEmails(token));
  const live = useLiveEvents(token, { onGone: onMailboxGone, onExtended: onMailboxExtended });
  const query = useMessages(token, { live, restored });
  const messages = query.data;
  const refusals = useRefusals(token, { live }).data;
  const { unreadIds, markRead } = useUnread(token, messages, restored, onNewMail);
  useUnreadTitle(unreadIds.size, baseTitle);
  const now = useNow(RELATIVE_TIME_TICK_MS);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [isRefreshing, setIsRefreshing] = useState(false);
  const deleteMutation = useDeleteMessage(token);
  const clearMutation = useClearInbox(token);

  useEffect(() => {
    if (!query.error) return;
    if (isUnauthorized(query.error)) onMailboxGone();
    // Spec: a failed inbox fetch is only logged; the poll or the stream will try again.
    else console.error('Inbox fetch failed', query.error);
  }, [query.error, onMailboxGone]);

  const { refetch } = query;
  const handleRefresh = async () => {
    setIsRefreshing(true);
    toast.info(strings.toasts.checking);
    try {
      await Promise.all([
        refetch(),
        new Promise((resolve) => setTimeout(resolve, MIN_REFRESH_SPIN_MS)),
      ]);
    } finally {
      setIsRefreshing(false);
    }
  };

  const handleOpen = (id: string) => {
    setSelectedId(id);
    markRead(id);
  };

  const setDeleting = (id: string, on: boolean) =>
    setDeletingIds((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleDelete = (id: string) => {
    setDeleting(id, true);
    deleteMutation.mutate(id, {
      onSuccess: () => toast.success(strings.toasts.deleted),
      onError: (error) => {
        console.error('Delete failed', error);
        if (isUnauthorized(error)) onMailboxGone();
        else toast.error(strings.common.error, { description: strings.toasts.deleteFailed });
      },
      onSettled: () => setDeleting(id, false),
    });
  };

  const handleClear = () => {
    clearMutation.mutate(undefined, {
      onSuccess: () => {
        setSelectedId(null);
        toast.success(strings.toasts.cleared);
      },
      onError: (error) => {
        console.error('Clear failed', error);
        if (isUnauthorized(error)) onMailboxGone();
        else toast.error(strings.common.error, { description: strings.toasts.clearFailed });
      },
    });
  };

  const hasMessages = (messages?.length ?? 0) > 0;
  useEffect(() => {
    if (hasMessages) void loadMessageDialog();
  }, [hasMessages]);

  // A message deleted elsewhere (another tab, the stream) closes its reader by itself.
  const selected = messages?.find((m) => m.id === selectedId) ?? null;

  return (
    <>
      <InboxPanel
        messages={messages}
        mailboxState={mailboxState}
        unreadIds={unreadIds}
        deletingIds={deletingIds}
        live={live}
        isRefreshing={isRefreshing}
        isClearing={clearMutation.isPending}
        now={now}
        onRefresh={handleRefresh}
        onClear={handleClear}
        onOpen={handleOpen}
        onDelete={handleDelete}
      />
      <RefusalNotice refusals={refusals} now={now} />
      {selected && (
        <Suspense fallback={null}>
          <MessageDialog
            token={token}
            message={selected}
            onClose={() => setSelectedId(null)}
            onDelete={handleDelete}
            deleting={deletingIds.has(selected.id)}
          />
        </Suspense>
      )}
    </>
  );
}
