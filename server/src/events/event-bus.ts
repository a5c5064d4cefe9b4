import type { MailboxEvent } from '@et/common';

/**
 * Called for every event of the mailbox a listener subscribed to, with the event's JSON when
 * the bus has it at hand (it came as JSON from another node), so that it need not be made
 * again. Must not throw.
 */
export type EventListener = (event: MailboxEvent, json?: string) => void;

/**
 * Carries mailbox events from whoever changed the data (ingest pipeline, HTTP routes, sweeper)
 * to the open event streams. Delivery is best effort: a page that misses an event refetches
 * after it reconnects, so the bus never buffers for absent listeners.
 */
export interface EventBus {
  /** Sends `event` to every listener of `mailbox`, on this node and, for a shared bus, on all. */
  publish(mailbox: string, event: MailboxEvent): Promise<void>;

  /** Registers a listener for one mailbox. Returns the function that removes it. */
  subscribe(mailbox: string, listener: EventListener): () => void;

  /**
   * Resolves once every event published for `mailbox` from then on, on any node, reaches this
   * node's listeners of it (a shared bus confirms its subscription first); rejects if the bus
   * cannot listen now. For a mailbox with a listener: a stream opens only after it, so that
   * the page's read that follows misses nothing.
   */
  ready(mailbox: string): Promise<void>;

  /**
   * Number of listeners on this node, of one mailbox or of all. The push hub holds one per
   * mailbox that has streams here, so this is not the number of open streams.
   */
  listenerCount(mailbox?: string): number;

  /** Stops delivering; listeners are dropped. */
  close(): Promise<void>;
}
