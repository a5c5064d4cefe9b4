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
