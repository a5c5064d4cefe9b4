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
  /** The pub/sub channel of one mailbox's events; names no address (keys.ts). */
  channelOf: (mailbox: string) => string;
  logger: Logger;
}

/** Attempts of a SUBSCRIBE before a stream is refused, and the pause after the first failure. */
const SUBSCRIBE_ATTEMPTS = 3;
const SUBSCRIBE_RETRY_MS = 50;

/**
 * SUBSCRIBE, tried again a moment later when it fails: on a Cluster, ioredis makes its
 * subscriber connection on first use and, when several SUBSCRIBEs race its ready check, the
 * connection fails them ("only subscriber commands may be used") and is made anew at once.
 */
async function subscribeWithRetry(subscriber: Redis | Cluster, channel: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await subscriber.subscribe(channel);
      return;
    } catch (err) {
      if (attempt >= SUBSCRIBE_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_RETRY_MS * attempt));
    }
  }
}

/** A mailbox this node listens to: its channel and when Redis confirmed the subscription. */
interface Subscription {
  readonly channel: string;
  readonly ready: Promise<void>;
}

/**
 * Events across nodes: a channel per mailbox, to which a node subscribes while one of its
 * streams watches that mailbox. An event reaches only the nodes that serve it, so a node's
 * share of the fan-out follows the streams it holds rather than the whole service's mail, and
 * a node without streams (SMTP only) receives nothing. Redis Cluster broadcasts channels
 * across its nodes, so this works there as on one Redis.
 *
 * Best effort, like the local bus: a publish that fails (Redis away) is logged, never thrown;
 * pages refetch after they reconnect.
 */
export async function createRedisBus({
  publisher,
  subscriber,
  channelOf,
  logger,
}: RedisBusOptions): Promise<EventBus> {
  const fanOut = createFanOut();
  const subscriptions = new Map<string, Subscription>();
  /** channel → mailbox, for the channels subscribed to. */
  const mailboxes = new Map<string, string>();

  subscriber.on('message', (channel: string, payload: string) => {
    const mailbox = mailboxes.get(channel);
    if (mailbox === undefined) return;
    try {
      // The payload is the event's JSON as the publisher made it; passed on when it is one line,
      // as a stream's `data:` field must be.
      const event = JSON.parse(payload) as MailboxEvent;
      fanOut.deliver(mailbox, event, /[\r\n]/.test(payload) ? undefined : payload);
    } catch (err) {
      logger.warn({ err }, 'dropping a malformed event');
    }
  });

  // A Cluster client makes its subscriber connection on first use: made now, with a channel of
  // the bus's own that nothing publishes to, its ready check is behind it before streams
  // subscribe by the thousand (see subscribeWithRetry).
  await subscribeWithRetry(subscriber, channelOf(''));

  function listen(mailbox: string) {
    const channel = channelOf(mailbox);
    const ready = subscribeWithRetry(subscriber, channel);
    const subscription: Subscription = { channel, ready };
    subscriptions.set(mailbox, subscription);
    mailboxes.set(channel, mailbox);
    // Refused (Redis away): forgotten, so that the next stream subscribes anew; the streams
    // waiting for it are told so by `ready`.
    ready.catch(() => {
      if (subscriptions.get(mailbox) === subscription) stopListening(mailbox);
    });
  }

  function stopListening(mailbox: string) {
    const subscription = subscriptions.get(mailbox);
    if (!subscription) return;
    subscriptions.delete(mailbox);
    mailboxes.delete(subscription.channel);
    subscriber.unsubscribe(subscription.channel).catch(() => {
      // Redis away: the channel is not resubscribed after the reconnect either (not ours now).
    });
  }

  return {
    async publish(mailbox, event) {
      try {
        await publisher.publish(channelOf(mailbox), JSON.stringify(event));
      } catch (err) {
        logger.warn({ err, type: event.type }, 'publishing an event failed');
      }
    },
    subscribe(mailbox, listener) {
      const remove = fanOut.add(mailbox, listener);
      if (!subscriptions.has(mailbox)) listen(mailbox);
      return () => {
        remove();
        if (fanOut.count(mailbox) === 0) stopListening(mailbox);
      };
    },
    ready: (mailbox) => subscriptions.get(mailbox)?.ready ?? Promise.resolve(),
    listenerCount: (mailbox) => fanOut.count(mailbox),
    async close() {
      fanOut.clear();
      subscriptions.clear();
      mailboxes.clear();
      await Promise.all([publisher, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
