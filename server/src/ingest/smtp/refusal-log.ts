import type { DeliveryRefusal, RefusalReason } from '@et/common';
import type { Logger } from 'pino';
import type { Clock } from '../../domain/clock';
import type { EventBus } from '../../events/event-bus';
import type { MailStore } from '../../store/mail-store';
import type { SmtpReply } from './smtp-server-internals';

/**
 * The reason of a refusal, from the RFC 3463 code of our reply; any other reply (a local fault, a
 * shutdown) is no refusal of the mailbox's mail, and is not recorded.
 */
const REASONS: Record<string, RefusalReason> = {
  '552 5.3.4': 'too-big',
  '452 4.2.2': 'mailbox-full',
  '451 4.7.1': 'sender-limit',
  '421 4.4.2': 'too-slow',
  '550 5.7.1': 'rejected',
};

/** The recorded reason of a reply of ours, or null when it is not one we record. */
export function refusalReason(reply: SmtpReply): RefusalReason | null {
  return REASONS[`${reply.responseCode} ${reply.message.slice(0, 5)}`] ?? null;
}

/** A refusal is recorded once this long per mailbox, sender and reason on a node: one write. */
const REFUSAL_REPEAT_MS = 60_000;
/** Refusals this node remembers for REFUSAL_REPEAT_MS (each a short key): oldest dropped first. */
const MAX_REMEMBERED = 10_000;

/** What the refusal log writes to and announces on. */
export interface RefusalLogDeps {
  store: MailStore;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  /** Entries a mailbox keeps, the newest. */
  maxRefusals: number;
}

/** What one refusal was, before it is stamped with its time and its reason read from `reply`. */
export type Refusal = Pick<DeliveryRefusal, 'sender' | 'size' | 'limit'> & { reply: SmtpReply };

/** Records refusals of mail addressed to live mailboxes, and tells the mailboxes' pages. */
export interface RefusalLog {
  /**
   * Records `refusal` in each live mailbox of `mailboxes` and announces `delivery.refused`;
   * never rejects (a failing store costs the record, not the reply).
   */
  record(mailboxes: readonly string[], refusal: Refusal): Promise<void>;
}

export function createRefusalLog({
  store,
  bus,
  clock,
  logger,
  maxRefusals,
}: RefusalLogDeps): RefusalLog {
  /** Key → when it was recorded, in insertion order. */
  const recent = new Map<string, number>();

  /** True when the same refusal was recorded within REFUSAL_REPEAT_MS; else remembers it. */
  function repeated(key: string, now: number): boolean {
    const at = recent.get(key);
    if (at !== undefined && now - at < REFUSAL_REPEAT_MS) return true;
    recent.delete(key);
    recent.set(key, now);
    if (recent.size > MAX_REMEMBERED) recent.delete(recent.keys().next().value!);
    return false;
  }

  async function recordOne(mailbox: string, refusal: DeliveryRefusal, at: number) {
    try {
      const recorded = await store.addRefusal(mailbox, { ...refusal, at }, at, maxRefusals);
      if (!recorded) return;
      await bus.publish(mailbox, { type: 'delivery.refused', refusal });
    } catch (err) {
      logger.warn({ err, reason: refusal.reason }, 'recording a refusal failed');
    }
  }

  return {
    async record(mailboxes, { sender, reply, size, limit }) {
      const reason = refusalReason(reply);
      if (!reason) return;
      const at = clock.now();
      const refusal: DeliveryRefusal = {
        at: new Date(at).toISOString(),
        sender,
        reason,
        reply: `${reply.responseCode} ${reply.message}`,
        size,
        limit,
      };
      const due = mailboxes.filter((m) => !repeated(`${m}\n${reason}\n${sender}`, at));
      await Promise.all(due.map((mailbox) => recordOne(mailbox, refusal, at)));
    },
  };
}
