import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../src/domain/message';
import type { MailboxRecord } from '../src/store/mail-store';
import { createReadCache } from '../src/store/sqlite/read-cache';

const mailbox = (address: string): MailboxRecord => ({
  address,
  createdAt: 0,
  expiresAt: 1000,
  messageCount: 0,
  sizeBytes: 0,
  creator: null,
});
const messages = (n: number) => Array.from({ length: n }, () => ({}) as MessageRecord);

describe('the read cache of the SQLite store', () => {
  it('keeps the most recently used mailboxes within its bound, with their tokens', () => {
    const cache = createReadCache({ maxMailboxes: 2, maxMessages: 10 });
    cache.putMailbox(mailbox('a'), 'ta');
    cache.putMailbox(mailbox('b'), 'tb');
    expect(cache.mailboxByToken('ta')?.address).toBe('a'); // a is now the most recent
    cache.putMailbox(mailbox('c'), 'tc');
    expect(cache.mailbox('b')).toBeUndefined();
    expect(cache.mailboxByToken('tb')).toBeUndefined();
    expect(cache.mailboxByToken('ta')?.address).toBe('a');
    expect(cache.mailboxByToken('tc')?.address).toBe('c');
  });

  it('moves a read entry only from the older half, so the older half is still evicted first', () => {
    const cache = createReadCache({ maxMailboxes: 4, maxMessages: 10 });
    for (const address of ['a', 'b', 'c', 'd']) cache.putMailbox(mailbox(address));
    // d and c are the newer half and stay where they are; b, of the older half, moves last.
    for (const address of ['d', 'c', 'b']) expect(cache.mailbox(address)?.address).toBe(address);
    cache.putMailbox(mailbox('e'));
    expect(cache.mailbox('a')).toBeUndefined();
    cache.putMailbox(mailbox('f'));
    // Exact LRU would now drop d, read before c; here c goes, read in the newer half.
    expect(cache.mailbox('c')).toBeUndefined();
    expect(['b', 'd', 'e', 'f'].map((address) => cache.mailbox(address)?.address)).toEqual([
      'b',
      'd',
      'e',
      'f',
    ]);
  });

  it('bounds the lists by the messages they hold, and skips an inbox larger than the bound', () => {
    const cache = createReadCache({ maxMailboxes: 10, maxMessages: 10 });
    cache.putList('a', messages(4));
    cache.putList('b', messages(4));
    cache.list('a');
    cache.putList('c', messages(4));
    expect(cache.list('b')).toBeUndefined();
    expect(cache.list('a')).toHaveLength(4);
    expect(cache.list('c')).toHaveLength(4);
    cache.putList('d', messages(11));
    expect(cache.list('d')).toBeUndefined();
    expect(cache.list('a')).toHaveLength(4);
  });

  it('bounds the lists by their number too, empty inboxes included', () => {
    const cache = createReadCache({ maxMailboxes: 2, maxMessages: 10 });
    for (const address of ['a', 'b', 'c']) cache.putList(address, []);
    expect(cache.list('a')).toBeUndefined();
    expect(cache.list('b')).toEqual([]);
    expect(cache.list('c')).toEqual([]);
  });

  it('forgets a mailbox, its token and its list together', () => {
    const cache = createReadCache();
    cache.putMailbox(mailbox('a'), 'ta');
    cache.putList('a', messages(2));
    cache.putMailbox(mailbox('b'), 'tb');
    cache.forget(['a']);
    expect(cache.mailbox('a')).toBeUndefined();
    expect(cache.mailboxByToken('ta')).toBeUndefined();
    expect(cache.list('a')).toBeUndefined();
    expect(cache.mailboxByToken('tb')?.address).toBe('b');
    cache.clear();
    expect(cache.mailbox('b')).toBeUndefined();
  });
});
