/**
 * Which messages are new to the visitor: every message that shows up after the inbox was first
 * seen is unread (highlight bar, tab title) until opened, and its arrival is announced with a
 * toast. Unread flags are client state; they travel through a reload inside `emails`.
 */
import type { MessageSummary } from '@et/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { strings } from '@/content/strings';
import { writeStoredEmails, type StoredEmail } from '@/lib/session-storage';
import { toast } from '@/lib/toast';
import { senderLabel } from '../lib/sender';

/** More new messages than this at once get one summary toast instead of one each. */
export const MAX_NEW_MAIL_TOASTS = 3;

export interface Unread {
  unreadIds: ReadonlySet<string>;
  markRead: (id: string) => void;
}

/**
 * @param messages the inbox as cached, undefined until first loaded
 * @param restored the inbox remembered from before a reload: already seen, not announced again
 * @param onNewMail told of the messages just announced, oldest first (browser notifications)
 */
export function useUnread(
  token: string | null,
  messages: MessageSummary[] | undefined,
  restored: StoredEmail[] | undefined,
  onNewMail?: (messages: MessageSummary[]) => void,
): Unread {
  const [unreadIds, setUnreadIds] = useState<ReadonlySet<string>>(
    () => new Set(restored?.filter((m) => m.isNew).map((m) => m.id)),
  );
  const knownRef = useRef<Set<string> | null>(null);
  const onNewMailRef = useRef(onNewMail);
  useEffect(() => {
    onNewMailRef.current = onNewMail;
  });

  useEffect(() => {
    if (!messages) return;
    if (knownRef.current === null) knownRef.current = new Set(restored?.map((m) => m.id));
    const known = knownRef.current;
    const fresh = messages.filter((m) => !known.has(m.id));
    for (const m of fresh) known.add(m.id);
    const listed = new Set(messages.map((m) => m.id));

    setUnreadIds((previous) => {
      const next = new Set([...previous].filter((id) => listed.has(id)));
      for (const m of fresh) next.add(m.id);
      return next.size === previous.size && [...next].every((id) => previous.has(id))
        ? previous
        : next;
    });

    if (fresh.length > MAX_NEW_MAIL_TOASTS) {
      toast(strings.toasts.newMail, { description: strings.toasts.newMailMany(fresh.length) });
    } else {
      // Oldest first, so the newest toast ends up on top.
      for (const m of [...fresh].reverse()) {
        toast(strings.toasts.newMail, {
          description: strings.toasts.newMailFrom(senderLabel(m.from)),
        });
      }
    }
    if (fresh.length > 0) onNewMailRef.current?.([...fresh].reverse());
  }, [messages, restored]);

  useEffect(() => {
    if (!token || !messages) return;
    writeStoredEmails(
      token,
      messages.map((m) => ({ ...m, isNew: unreadIds.has(m.id) })),
    );
  }, [token, messages, unreadIds]);

  const markRead = useCallback((id: string) => {
    setUnreadIds((previous) => {
      if (!previous.has(id)) return previous;
      const next = new Set(previous);
      next.delete(id);
      return next;
    });
  }, []);

  return { unreadIds, markRead };
}
