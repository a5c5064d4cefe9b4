import { startTransition, useRef, useState } from 'react';
import { writeSession } from '@/lib/session-storage';
import {
  initialMailboxState,
  mailboxReducer,
  type MailboxEvent,
  type MailboxState,
} from '../lib/mailbox-life';

export interface MailboxStateHandle {
  /** The state as last rendered. */
  state: MailboxState;
  /**
   * The latest state, readable synchronously: each event meets what the ones before it made, even
   * within one tick (the countdown and a push event reporting the same end).
   */
  current: () => MailboxState;
  /** Applies an event; true when it changed something, i.e. when its side effects are due. */
  dispatch: (event: MailboxEvent) => boolean;
}

/**
 * `mailboxReducer` held by React. An address that arrives is stored for a reload and shown as a
 * transition: the address, the countdown and a new inbox are a large render, which React then
 * does in slices instead of one long task that would hold up the page while it starts.
 */
export function useMailboxState(): MailboxStateHandle {
  const [state, setState] = useState(initialMailboxState);
  const latest = useRef(state);
  const [handle] = useState(() => ({
    current: () => latest.current,
    dispatch: (event: MailboxEvent) => {
      const next = mailboxReducer(latest.current, event);
      if (next === latest.current) return false;
      latest.current = next;
      if (event.type !== 'obtained') setState(next);
      else {
        writeSession(event.session);
        startTransition(() => setState(next));
      }
      return true;
    },
  }));
  return { state, ...handle };
}
