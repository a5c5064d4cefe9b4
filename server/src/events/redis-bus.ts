import type { MailboxEvent } from '@et/common';
import type { Logger } from 'pino';
import type { Cluster, Redis } from 'ioredis';
import type { EventBus } from './event-bus';
import { createFanOut } from './fan-out';

export interface RedisBusOptions {
  /** Connection for PUBLISH; may fail fast while Redis is away. */
  publisher: Redis | Cluster;
  /**
   * Dedicated connection for SUBSCRIBE (a subscribed connection can do nothing else). It should
   * queue commands while offline, so that it resubscribes by itself after a reconnect.
   */
  subscriber: Redis | Cluster;
  /** Name of the one pub/sub channel every node publishes to and listens on. */
  channel: string;
  logger: Logger;
}

/** One event on the shared channel, with the mailbox whose streams it goes to. */
interface Envelope {
  mailbox: string;
  event: MailboxEvent;
}

/**
 * Events across nodes (after WildDuck's notifier): every node publishes to one channel; each
 * node has one dedicated subscriber connection and fans out locally by mailbox, so an event
 * costs a node nothing when none of its clients watches that mailbox.
 *
 * Best effort, like the local bus: a publish that fails (Redis away) is logged, never thrown;
 * pages refetch after they reconnect.
 */
export async function createRedisBus({
  publisher,
  subscriber,
  channel,
  logger,
}: RedisBusOptions): Promise<EventBus> {
  const fanOut = createFanOut();
  subscriber.on('message', (_channel: string, payload: string) => {
    try {
      const { mailbox, event } = JSON.parse(payload) as Envelope;
      fanOut.deliver(mailbox, event);
    } catch (err) {
      logger.warn({ err }, 'dropping a malformed event');
    }
  });
  await subscriber.subscribe(channel);

  return {
    async publish(mailbox, event) {
      try {
        await publisher.publish(channel, JSON.stringify({ mailbox, event } satisfies Envelope));
      } catch (err) {
        logger.warn({ err, type: event.type }, 'publishing an event failed');
      }
    },
    subscribe: (mailbox, listener) => fanOut.add(mailbox, listener),
    listenerCount: (mailbox) => fanOut.count(mailbox),
    async close() {
      fanOut.clear();
      await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
