import type { EventBus } from './event-bus';
import { createFanOut } from './fan-out';

/** The single-node bus: publish is a synchronous in-process fan-out. */
export function createLocalBus(): EventBus {
  const fanOut = createFanOut();
  return {
    async publish(mailbox, event) {
      fanOut.deliver(mailbox, event);
    },
    subscribe: (mailbox, listener) => fanOut.add(mailbox, listener),
    ready: () => Promise.resolve(),
    listenerCount: (mailbox) => fanOut.count(mailbox),
    async close() {
      fanOut.clear();
    },
  };
}
