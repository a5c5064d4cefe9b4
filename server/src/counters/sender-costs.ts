/** Half-life of what a sender has cost: one that stops sending dear mail is light again soon. */
const HEAVY_HALF_LIFE_MS = 10_000;
/** Senders remembered at most; the lightest are forgotten first. */
const MAX_SENDERS = 10_000;

/** What each sender's mail has cost, decaying with time. */
export interface SenderCosts {
  /** Adds `ms` of work to `sender`, and `messages` to its count (0 for work still going on). */
  charge(sender: string, ms: number, messages?: number): void;
  /** What `sender` has cost, decayed to now (ms). */
  costOf(sender: string): number;
  /** What a message of `sender` has cost on average, its recent mail weighing most (ms). */
  perMessage(sender: string): number;
}

/** Work and messages per sender, halved every `halfLifeMs`; the least recently charged go first. */
export function createSenderCosts({
  now,
  halfLifeMs = HEAVY_HALF_LIFE_MS,
  maxSenders = MAX_SENDERS,
}: {
  now: () => number;
  halfLifeMs?: number;
  maxSenders?: number;
}): SenderCosts {
  const costs = new Map<string, { ms: number; messages: number; at: number }>();
  const decay = (at: number, since: number) => 2 ** (-(at - since) / halfLifeMs);
  return {
    charge(sender, ms, messages = 1) {
      const at = now();
      const c = costs.get(sender);
      const kept = c ? decay(at, c.at) : 0;
      // Deleted and set again, so that Map order stays the order of the last charge.
      costs.delete(sender);
      costs.set(sender, {
        ms: (c?.ms ?? 0) * kept + ms,
        messages: (c?.messages ?? 0) * kept + messages,
        at,
      });
      if (costs.size > maxSenders) costs.delete(costs.keys().next().value!);
    },
    costOf(sender) {
      const c = costs.get(sender);
      return c ? c.ms * decay(now(), c.at) : 0;
    },
    perMessage(sender) {
      const c = costs.get(sender);
      // A first message still being read counts as one.
      return c ? c.ms / Math.max(1, c.messages) : 0;
    },
  };
}
