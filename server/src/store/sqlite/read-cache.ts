import type { MessageRecord } from '../../domain/message';
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
 * A map whose iteration order is its eviction order, least recently used first. A read moves
 * its entry to the end (a `delete` and a `set`) only when the entry is not already among the
 * newer half: fewer than size/2 entries were added or moved since it was, so at most that many
 * stand after it. On a map of a few entries every move makes V8 rebuild the table within a few
 * calls, and each poll of an open inbox reads two entries; an entry the polls keep reading
 * stays put. Eviction still takes the older entries first; only within the newer half is the
 * order no longer exact.
 */
function createLruMap<V>() {
  const entries = new Map<string, { value: V; stamp: number }>();
  let stamps = 0;
  return {
    get size() {
      return entries.size;
    },
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (stamps - entry.stamp >= entries.size / 2) {
        entries.delete(key);
        entry.stamp = ++stamps;
        entries.set(key, entry);
      }
      return entry.value;
    },
    /** Adds or replaces `key` as the most recently used. */
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, { value, stamp: ++stamps });
    },
    /** Removes `key`; returns what it held. */
    take(key: string): V | undefined {
      const entry = entries.get(key);
      entries.delete(key);
      return entry?.value;
    },
    oldestKey(): string | undefined {
      return entries.keys().next().value;
    },
    clear() {
      entries.clear();
    },
  };
}

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
