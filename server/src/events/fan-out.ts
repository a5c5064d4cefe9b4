import type { MailboxEvent } from '@et/common';
import type { EventListener } from './event-bus';

/**
 * Mailbox → listeners map of one node, by which the local bus and the Redis bus deliver. Costs
 * nothing for mailboxes nobody watches: an event for such a mailbox is one failed map lookup.
 * The event streams are not listeners each: the push hub (`http/push-hub.ts`) holds one
 * listener per mailbox and fans out to its streams itself.
 */
export function createFanOut() {
  const listeners = new Map<string, Set<EventListener>>();
  let total = 0;

  return {
    deliver(mailbox: string, event: MailboxEvent, json?: string) {
      const set = listeners.get(mailbox);
      if (!set) return;
      for (const listener of [...set]) listener(event, json);
    },

    add(mailbox: string, listener: EventListener): () => void {
      let set = listeners.get(mailbox);
      if (!set) listeners.set(mailbox, (set = new Set()));
      set.add(listener);
      total++;
      return () => {
        if (!set.delete(listener)) return;
        total--;
        if (set.size === 0 && listeners.get(mailbox) === set) listeners.delete(mailbox);
      };
    },

    count(mailbox?: string) {
      return mailbox === undefined ? total : (listeners.get(mailbox)?.size ?? 0);
    },

    clear() {
      listeners.clear();
      total = 0;
    },
  };
}
