import type { MessageRecord } from '../../domain/message';
import { createLruMap } from '../lru-map';
import type { MailboxRecord } from '../mail-store';

/** Bounds of the read cache; small enough to leave the memory budget of a node alone. */
export interface ReadCacheLimits {
  /** Mailboxes kept (a record is ~200 bytes), and inbox lists kept. */
  maxMailboxes: number;
  /** Message summaries kept over all cached inboxes (a summary is well under 1 KB). */
  maxMessages: number;
}

const DEFAULT_LIMITS: ReadCacheLimits = { maxMailboxes: 10_000, maxMessages: 10_000 };

/**
 * What the SQLite store last read for a mailbox: its record (found by token or by address)
 * and its message list. Every read of a page or a poll asks for exactly these, and a list
 * changes only through this process's own writes, so the store drops a mailbox's entries when
 * one of its writes touching that mailbox completes (`forget`). Reads are synchronous on one
 * thread, so an entry filled before that moment is dropped by it, and one filled after it
 * reads the committed data.
 *
 * Only misses are read from SQLite; unknown tokens and addresses are never cached, so a flood
 * of wrong tokens cannot push the live mailboxes out. Least recently used entries go first.
 */
export function createReadCache(limits: ReadCacheLimits = DEFAULT_LIMITS) {
  const mailboxes = createLruMap<MailboxRecord>();
  const byToken = new Map<string, string>();
  const tokenOf = new Map<string, string>();
  const lists = createLruMap<readonly MessageRecord[]>();
  let listedMessages = 0;

  const dropList = (address: string) => {
    const list = lists.take(address);
    if (list) listedMessages -= list.length;
  };

  const dropMailbox = (address: string) => {
    mailboxes.take(address);
    const token = tokenOf.get(address);
    if (token !== undefined) {
      byToken.delete(token);
      tokenOf.delete(address);
    }
  };

  return {
    mailboxByToken(tokenHash: string): MailboxRecord | undefined {
      const address = byToken.get(tokenHash);
      return address === undefined ? undefined : mailboxes.get(address);
    },

    mailbox(address: string): MailboxRecord | undefined {
      return mailboxes.get(address);
    },

    putMailbox(record: MailboxRecord, tokenHash?: string) {
      mailboxes.set(record.address, record);
      if (tokenHash !== undefined) {
        byToken.set(tokenHash, record.address);
        tokenOf.set(record.address, tokenHash);
      }
      while (mailboxes.size > limits.maxMailboxes) {
        dropMailbox(mailboxes.oldestKey()!);
      }
    },

    list(address: string): readonly MessageRecord[] | undefined {
      return lists.get(address);
    },

    putList(address: string, list: readonly MessageRecord[]) {
      // An inbox larger than the whole budget is read from SQLite every time.
      if (list.length > limits.maxMessages) return;
      dropList(address);
      lists.set(address, list);
      listedMessages += list.length;
      // Bounded by count too: empty inboxes hold no summaries, yet each is an entry.
      while (listedMessages > limits.maxMessages || lists.size > limits.maxMailboxes) {
        dropList(lists.oldestKey()!);
      }
    },

    /** A write touching these mailboxes (their record, usage or messages) has completed. */
    forget(addresses: Iterable<string>) {
      for (const address of addresses) {
        dropMailbox(address);
        dropList(address);
      }
    },

    /** Every mailbox: after a write whose reach is unknown (a failure of the writer). */
    clear() {
      mailboxes.clear();
      byToken.clear();
      tokenOf.clear();
      lists.clear();
      listedMessages = 0;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
