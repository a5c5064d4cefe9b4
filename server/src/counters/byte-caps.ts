import type { Logger } from 'pino';
import { clientKey } from '../domain/client-key';
import type { Admission, CappedDelivery, CappedMailbox, DeliveryCap } from './delivery-cap';
import type { RateCounters } from './rate-counters';

/** The window of the byte caps: each is set per hour. */
export const CAP_WINDOW_MS = 3_600_000;

/** How often the node forgets the spent windows that have ended, at most. */
const SPENT_SWEEP_MS = 60_000;

export interface DeliveryCapsOptions {
  /** This node's counters, or those every node shares on Redis. */
  counters: RateCounters;
  /** The clock of the counters' windows as this node sees them. */
  now: () => number;
  /** Bytes the mail of one sending client may take per hour, each stored copy counted. */
  senderMaxBytesPerHour: number;
  /** Bytes the mailboxes one client created may take in per hour, together. */
  creatorMaxBytesPerHour: number;
  /** The leading bits of an IPv6 address that name its client (`domain/client-key.ts`). */
  ipv6PrefixBits: number;
  logger: Logger;
}

/** One window a delivery is counted in: its counter's key, the amount, the cap. */
interface Count {
  key: string;
  bytes: number;
  max: number;
}

/**
 * The byte caps of SMTP, on the counters the HTTP limits use: the mail of one sending client
 * (an IPv4 address, an IPv6 network) and the mail into the mailboxes one client created, each
 * per hour, every stored copy counted (ten recipients take ten copies of the disk or memory).
 *
 * A message is judged once it has arrived whole, before the store: its size is then exact
 * (SIZE in MAIL FROM is optional and only a claim), and a refusal leaves nothing written. It is
 * counted first and given back if that took a window past its cap, so two nodes counting at
 * once cannot both slip under it; and given back too for the copies the store then did not
 * keep, so a sender that retries is never refused for mail it was refused. That is one round
 * trip a message on Redis, the keys of a message counted at once.
 *
 * A window that a message of this node found spent is remembered until it ends: at RCPT it
 * refuses that recipient at once, without asking the counters, so that no message is sent in
 * vain and one mailbox's spent cap does not hold back the other recipients. A node that has not
 * met the spent window yet refuses the next message whole after DATA, once, and knows it then.
 */
export function createDeliveryCaps(opts: DeliveryCapsOptions): DeliveryCap {
  const { counters, logger, now } = opts;
  /** Key → when its window ends, for the windows found spent (whole: nothing more fits). */
  const spent = new Map<string, number>();
  let nextSweep = 0;

  function isSpent(key: string, at: number): boolean {
    const until = spent.get(key);
    if (until === undefined) return false;
    if (until > at) return true;
    spent.delete(key);
    return false;
  }

  function markSpent(key: string, resetInMs: number) {
    const at = now();
    spent.set(key, at + resetInMs);
    if (at < nextSweep) return;
    nextSweep = at + SPENT_SWEEP_MS;
    for (const [k, until] of spent) if (until <= at) spent.delete(k);
  }

  const senderKey = (ip: string) => `smtp-sender-bytes:${clientKey(ip, opts.ipv6PrefixBits)}`;
  const creatorKey = (creator: string) => `smtp-creator-bytes:${creator}`;

  /** What the copies for `mailboxes` count, per window. */
  function countsOf(ip: string, mailboxes: readonly CappedMailbox[], bytes: number): Count[] {
    const counts = new Map<string, Count>();
    const add = (key: string, max: number) => {
      const count = counts.get(key);
      if (count) count.bytes += bytes;
      else counts.set(key, { key, bytes, max });
    };
    for (const mailbox of mailboxes) {
      add(senderKey(ip), opts.senderMaxBytesPerHour);
      if (mailbox.creator !== null) add(creatorKey(mailbox.creator), opts.creatorMaxBytesPerHour);
    }
    return [...counts.values()];
  }

  /**
   * Gives `counts` back, and forgets them as spent; a failure costs the sender some allowance,
   * never the reply.
   */
  async function giveBack(counts: readonly Count[]) {
    for (const c of counts) spent.delete(c.key);
    const given = await Promise.allSettled(
      counts.map((c) => counters.consume(c.key, -c.bytes, CAP_WINDOW_MS)),
    );
    const failed = given.find((g) => g.status === 'rejected');
    if (failed) logger.warn({ err: failed.reason }, 'giving back counted bytes failed');
  }

  return {
    admitsRecipient(ip, mailbox) {
      const at = now();
      return !countsOf(ip, [mailbox], 0).some((c) => isSpent(c.key, at));
    },

    async admit({ ip, mailboxes, bytes }: CappedDelivery): Promise<Admission | null> {
      const counts = countsOf(ip, mailboxes, bytes);
      const taken = await Promise.allSettled(
        counts.map((c) => counters.consume(c.key, c.bytes, CAP_WINDOW_MS)),
      );
      const windows = taken.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      const failed = taken.find((t) => t.status === 'rejected');
      if (failed) {
        await giveBack(counts.filter((_, i) => taken[i]!.status === 'fulfilled'));
        throw failed.reason;
      }
      const over = counts.some((c, i) => windows[i]!.count > c.max);
      if (over) await giveBack(counts);
      // Spent when nothing more fits once this message is counted, or given back.
      counts.forEach((c, i) => {
        const { count, resetInMs } = windows[i]!;
        if ((over ? count - c.bytes : count) >= c.max) markSpent(c.key, resetInMs);
      });
      if (over) return null;
      return {
        async refund(notStored) {
          const returned = new Set(notStored);
          const back = mailboxes.filter((m) => returned.has(m.address));
          if (back.length) await giveBack(countsOf(ip, back, bytes));
        },
      };
    },
  };
}
