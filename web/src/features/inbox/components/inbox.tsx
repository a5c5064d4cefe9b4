import { lazy, Suspense, useEffect } from 'react';
import { InboxPanel } from './inbox-panel';
import type { InboxProps } from './inbox-props';

export type { InboxProps };

/**
 * Everything the inbox does for a mailbox (the stream and the polls, unread state, deletion, the
 * refused mail) has nothing to do before there is one, and the page is first drawn without: it is
 * a chunk of its own, out of the home page's first download, fetched as soon as the page runs,
 * while the address is being made.
 */
const loadLiveInbox = () => import('./live-inbox');
const LiveInbox = lazy(async () => ({ default: (await loadLiveInbox()).LiveInbox }));

const NO_IDS: ReadonlySet<string> = new Set();
const idle = () => {};

/**
 * The inbox: the live one of the mailbox of `token`, and until there is one (or until its chunk
 * is there) the panel as it is before its first answer, empty and still. The prerendered page and
 * its hydration are the latter.
 */
export function Inbox({ token, ...props }: InboxProps) {
  useEffect(() => {
    loadLiveInbox().catch((error: unknown) =>
      console.warn('Inbox code could not be loaded', error),
    );
  }, []);
  const still = (
    <InboxPanel
      messages={undefined}
      mailboxState={props.mailboxState}
      unreadIds={NO_IDS}
      deletingIds={NO_IDS}
      live={false}
      isRefreshing={false}
      isClearing={false}
      now={0}
      onRefresh={idle}
      onClear={idle}
      onOpen={idle}
      onDelete={idle}
    />
  );
  if (!token) return still;
  return (
    <Suspense fallback={still}>
      <LiveInbox token={token} {...props} />
    </Suspense>
  );
}
