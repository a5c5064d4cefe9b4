import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { NewMessage, StoredReading } from '../src/domain/message';
import { ROLE_MAILBOX_EXPIRES_AT } from '../src/domain/role-mailboxes';
import type { MailStore, RefusalRecord } from '../src/store/mail-store';
import { ensureRoleMailboxes } from '../src/store/role-mailboxes';

export interface StoreUnderTest {
  store: MailStore;
  /** Closes the store (if still open) and removes what the factory made. */
  cleanup(): Promise<void>;
}

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const ROOMY = { maxMessages: 1000, maxBytes: 1024 ** 3 };
const MIN = 60_000;
const DAY = 86_400_000;

let seq = 0;
function message(overrides: Partial<NewMessage> = {}): NewMessage {
  seq++;
  const raw = Buffer.from(`Subject: test ${seq}\r\n\r\nbody ${seq} \u00e8\r\n`, 'utf8');
  return {
    id: `msg${String(seq).padStart(19, '0')}`,
    receivedAt: T0 + seq,
    size: raw.length,
    from: { name: 'Mario Rossi', address: 'mario@example.org' },
    subject: `test ${seq}`,
    preview: `body ${seq}`,
    attachmentCount: 0,
    code: null,
    confirmLink: null,
    authentication: { spf: 'pass', dkim: 'pass', dmarc: 'pass', domain: 'example.org' },
    raw,
    ...overrides,
  };
}

function refusal(n: number, overrides: Partial<RefusalRecord> = {}): RefusalRecord {
  return {
    at: T0 + n,
    sender: `noreply${n}@sito.example`,
    reason: 'too-big',
    reply: '552 5.3.4 Message size exceeds fixed limit of 10485760 bytes',
    size: 12 * 1024 * 1024 + n,
    limit: 10 * 1024 * 1024,
    ...overrides,
  };
}

/**
 * The behaviour every MailStore must have. Runs unchanged on each implementation:
 * `describeMailStore('sqlite', factory)` in sqlite-store.test.ts, Redis and Redis Cluster in
 * redis-store.test.ts.
 */
export function describeMailStore(name: string, factory: () => Promise<StoreUnderTest>) {
  describe(`MailStore contract: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: MailStore;

    beforeEach(async () => {
      sut = await factory();
      store = sut.store;
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    const create = (address: string, expiresAt = T0 + 10 * MIN, tokenHash = `hash-${address}`) =>
      store.createMailbox({ address, tokenHash, createdAt: T0, expiresAt });

    describe('mailboxes', () => {
      it('creates a mailbox and finds it by address and by token hash while it lives', async () => {
        expect(await create('a@x.test')).toBe(true);
        const expected = {
          address: 'a@x.test',
          createdAt: T0,
          expiresAt: T0 + 10 * MIN,
          messageCount: 0,
          sizeBytes: 0,
          creator: null,
        };
        expect(await store.findMailbox('a@x.test', T0)).toEqual(expected);
        expect(await store.findMailboxByTokenHash('hash-a@x.test', T0)).toEqual(expected);
      });

      it('keeps the client key of whoever created a mailbox, for its whole life', async () => {
        const made = (address: string, creator: string) =>
          store.createMailbox({
            address,
            tokenHash: `hash-${address}`,
            createdAt: T0,
            expiresAt: T0 + 10 * MIN,
            creator,
          });
        expect(await made('a@x.test', '203.0.113.7')).toBe(true);
        expect(await made('b@x.test', '2001:db8:1:2::/64')).toBe(true);
        expect(await store.findMailbox('a@x.test', T0)).toMatchObject({ creator: '203.0.113.7' });
        expect(await store.findMailboxByTokenHash('hash-b@x.test', T0)).toMatchObject({
          creator: '2001:db8:1:2::/64',
        });
        expect(await store.setExpiry('a@x.test', T0 + 20 * MIN, T0)).toMatchObject({
          creator: '203.0.113.7',
        });
        expect(await store.readInbox('hash-a@x.test', T0 + 15 * MIN)).toMatchObject({
          mailbox: { creator: '203.0.113.7' },
        });
        await ensureRoleMailboxes(store, ['x.test'], T0);
        expect(await store.findMailbox('postmaster@x.test', T0)).toMatchObject({ creator: null });
      });

      it('treats a mailbox as gone from its expiry instant on, swept or not', async () => {
        await create('a@x.test');
        expect(await store.findMailbox('a@x.test', T0 + 10 * MIN - 1)).not.toBeNull();
        expect(await store.findMailbox('a@x.test', T0 + 10 * MIN)).toBeNull();
        expect(await store.findMailboxByTokenHash('hash-a@x.test', T0 + 10 * MIN)).toBeNull();
      });

      it('finds nothing for unknown addresses and token hashes', async () => {
        await create('a@x.test');
        expect(await store.findMailbox('b@x.test', T0)).toBeNull();
        expect(await store.findMailboxByTokenHash('hash-b@x.test', T0)).toBeNull();
      });

      it('keeps the role mailboxes through every sweep, made once, their addresses refused to others', async () => {
        expect(await ensureRoleMailboxes(store, ['x.test', 'y.test'], T0)).toEqual([]);
        const a = await store.findMailbox('postmaster@x.test', T0);
        expect(a).toMatchObject({ expiresAt: ROLE_MAILBOX_EXPIRES_AT, messageCount: 0 });
        expect(await store.findMailbox('abuse@y.test', T0)).not.toBeNull();
        // Idempotent: a second node starting finds them and changes nothing.
        expect(await ensureRoleMailboxes(store, ['x.test', 'y.test'], T0 + DAY)).toEqual([]);
        expect(await store.findMailbox('postmaster@x.test', T0)).toEqual(a);
        expect(await create('abuse@x.test')).toBe(false);
        const later = T0 + 3650 * DAY;
        expect(await store.deleteExpired(later, later + DAY, 100)).toEqual([]);
        expect(await store.findMailbox('abuse@x.test', later)).not.toBeNull();
      });

      it('refuses an address that is already in use', async () => {
        expect(await create('a@x.test')).toBe(true);
        expect(await create('a@x.test', T0 + 20 * MIN, 'other-hash')).toBe(false);
        expect(await store.findMailboxByTokenHash('other-hash', T0)).toBeNull();
      });

      it('sets the expiry of a live mailbox and refuses a dead one', async () => {
        await create('a@x.test');
        const updated = await store.setExpiry('a@x.test', T0 + 30 * MIN, T0 + 5 * MIN);
        expect(updated).toMatchObject({
          address: 'a@x.test',
          createdAt: T0,
          expiresAt: T0 + 30 * MIN,
        });
        expect(await store.findMailbox('a@x.test', T0 + 25 * MIN)).not.toBeNull();
        expect(await store.setExpiry('a@x.test', T0 + 90 * MIN, T0 + 30 * MIN)).toBeNull();
        expect(await store.setExpiry('nobody@x.test', T0 + 90 * MIN, T0)).toBeNull();
      });

      it('keeps a deleted address reserved until its tombstone ends', async () => {
        await create('a@x.test');
        await store.deleteMailbox('a@x.test', T0 + MIN, T0 + MIN + 30 * DAY);
        const attempt = (at: number) =>
          store.createMailbox({
            address: 'a@x.test',
            tokenHash: `h${at}`,
            createdAt: at,
            expiresAt: at + MIN,
          });
        expect(await attempt(T0 + 30 * DAY)).toBe(false);
        expect(await attempt(T0 + MIN + 30 * DAY)).toBe(true);
      });

      it('deletes a mailbox with its messages and keeps the address from being reused', async () => {
        await create('a@x.test');
        await store.putMessages([{ mailbox: 'a@x.test', message: message() }], T0, ROOMY);
        expect(await store.deleteMailbox('a@x.test', T0, T0 + 30 * DAY)).toBe(true);
        expect(await store.findMailbox('a@x.test', T0)).toBeNull();
        expect(await store.listMessages('a@x.test')).toEqual([]);
        expect(await store.deleteMailbox('a@x.test', T0, T0 + 30 * DAY)).toBe(false);
        expect(await create('a@x.test')).toBe(false);
      });
    });

    describe('expiry and tombstones', () => {
      it('deletes only expired mailboxes, with their messages, and reports their addresses', async () => {
        await create('old@x.test', T0 + 1 * MIN);
        await create('new@x.test', T0 + 20 * MIN);
        await store.putMessages(
          [
            { mailbox: 'old@x.test', message: message() },
            { mailbox: 'new@x.test', message: message() },
          ],
          T0,
          ROOMY,
        );
        const deleted = await store.deleteExpired(T0 + 5 * MIN, T0 + 30 * DAY, 100);
        expect(deleted).toEqual(['old@x.test']);
        expect(await store.listMessages('old@x.test')).toEqual([]);
        expect(await store.listMessages('new@x.test')).toHaveLength(1);
        expect(await store.deleteExpired(T0 + 5 * MIN, T0 + 30 * DAY, 100)).toEqual([]);
      });

      it('honours the batch limit', async () => {
        for (let i = 0; i < 5; i++) await create(`m${i}@x.test`, T0 + i);
        const first = await store.deleteExpired(T0 + MIN, T0 + 30 * DAY, 3);
        expect(first).toHaveLength(3);
        const rest = await store.deleteExpired(T0 + MIN, T0 + 30 * DAY, 3);
        expect(rest).toHaveLength(2);
        expect(new Set([...first, ...rest]).size).toBe(5);
      });

      it('tells the earliest expiry still stored, overdue ones included, until they are swept', async () => {
        expect(await store.oldestExpiry()).toBeNull();
        await create('late@x.test', T0 + 20 * MIN);
        await create('soon@x.test', T0 + 5 * MIN);
        expect(await store.oldestExpiry()).toBe(T0 + 5 * MIN);
        // Overdue but not yet swept: still the oldest, which is what the sweeper's lag measures.
        expect(await store.findMailbox('soon@x.test', T0 + 6 * MIN)).toBeNull();
        expect(await store.oldestExpiry()).toBe(T0 + 5 * MIN);
        await store.setExpiry('soon@x.test', T0 + 30 * MIN, T0);
        expect(await store.oldestExpiry()).toBe(T0 + 20 * MIN);
        await store.deleteMailbox('late@x.test', T0, T0 + 30 * DAY);
        expect(await store.oldestExpiry()).toBe(T0 + 30 * MIN);
        await store.deleteExpired(T0 + 31 * MIN, T0 + 30 * DAY, 10);
        expect(await store.oldestExpiry()).toBeNull();
      });

      it('keeps an expired address reserved until its tombstone ends, then frees it', async () => {
        await create('a@x.test', T0 + MIN);
        await store.deleteExpired(T0 + MIN, T0 + MIN + 30 * DAY, 10);
        const attempt = (at: number) =>
          store.createMailbox({
            address: 'a@x.test',
            tokenHash: `h${at}`,
            createdAt: at,
            expiresAt: at + MIN,
          });
        expect(await attempt(T0 + 29 * DAY)).toBe(false);
        await store.purgeTombstones(T0 + 29 * DAY);
        expect(await attempt(T0 + 29 * DAY)).toBe(false);
        await store.purgeTombstones(T0 + MIN + 30 * DAY);
        expect(await attempt(T0 + 31 * DAY)).toBe(true);
      });
    });

    describe('messages', () => {
      beforeEach(async () => {
        await create('a@x.test');
        await create('b@x.test');
      });

      it('stores a message and gives back its summary and exact raw bytes', async () => {
        const m = message({ attachmentCount: 2, raw: Buffer.from([0, 255, 13, 10, 0xe8, 46]) });
        const outcomes = await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        expect(outcomes).toEqual(['stored']);
        const { raw, ...summary } = m;
        expect(await store.getMessage('a@x.test', m.id)).toEqual({
          ...summary,
          mailbox: 'a@x.test',
        });
        expect(Buffer.compare((await store.getRaw('a@x.test', m.id))!, raw)).toBe(0);
      });

      it('gives back a range of the raw bytes, binary and all, and null for a message not there', async () => {
        const raw = Buffer.concat([Buffer.from('Subject: x\r\n\r\n'), randomBytes(300_000)]);
        const m = message({ raw });
        await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        expect((await store.getRaw('a@x.test', m.id))!.equals(raw)).toBe(true);
        const K64 = 64 * 1024;
        for (const [start, end] of [
          [0, 9],
          [13, 300_013],
          [250_000, 250_001],
          [raw.length, raw.length],
          [0, raw.length],
          // Across the edges of 64 KB pieces, and one piece exactly.
          [K64 - 5, K64 + 5],
          [K64, 2 * K64],
          [K64 - 1, 4 * K64 + 1],
          [3 * K64 + 7, raw.length],
        ] as const) {
          const range = await store.getRawRange('a@x.test', m.id, start, end);
          expect(range!.equals(raw.subarray(start, end)), `${start}-${end}`).toBe(true);
        }
        expect(await store.getRawRange('b@x.test', m.id, 0, 9)).toBeNull();
        expect(await store.getRawRange('a@x.test', 'missing00000000000000', 0, 9)).toBeNull();
      });

      it('keeps the verification code and link, and null where there is none', async () => {
        const link = 'https://acme.example/verify?token=9f8e7d6c5b4a3210fedcba98&lang=it';
        const withBoth = message({ code: 'K7Q9XZ', confirmLink: link });
        const codeOnly = message({ code: '482913' });
        const neither = message();
        for (const m of [withBoth, codeOnly, neither]) {
          await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        }
        const byId = new Map((await store.listMessages('a@x.test')).map((m) => [m.id, m]));
        expect(byId.get(withBoth.id)).toMatchObject({ code: 'K7Q9XZ', confirmLink: link });
        expect(byId.get(codeOnly.id)).toMatchObject({ code: '482913', confirmLink: null });
        expect(byId.get(neither.id)).toMatchObject({ code: null, confirmLink: null });
        expect(await store.getMessage('a@x.test', withBoth.id)).toMatchObject({
          code: 'K7Q9XZ',
          confirmLink: link,
        });
      });

      it('keeps the results of the mail checks, and null for an unchecked message', async () => {
        const spoof = message({
          authentication: { spf: 'fail', dkim: 'none', dmarc: 'fail', domain: null },
        });
        const unchecked = message({ authentication: null });
        const verified = message();
        for (const m of [spoof, unchecked, verified]) {
          await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        }
        const byId = new Map((await store.listMessages('a@x.test')).map((m) => [m.id, m]));
        expect(byId.get(spoof.id)!.authentication).toEqual(spoof.authentication);
        expect(byId.get(unchecked.id)!.authentication).toBeNull();
        expect((await store.getMessage('a@x.test', verified.id))!.authentication).toEqual({
          spf: 'pass',
          dkim: 'pass',
          dmarc: 'pass',
          domain: 'example.org',
        });
      });

      it('lists a mailbox newest first and only its own messages', async () => {
        const ms = [message(), message(), message()];
        for (const m of ms)
          await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        await store.putMessages([{ mailbox: 'b@x.test', message: message() }], T0, ROOMY);
        const list = await store.listMessages('a@x.test');
        expect(list.map((m) => m.id)).toEqual(ms.map((m) => m.id).reverse());
      });

      it("never shows one mailbox another mailbox's message", async () => {
        const m = message();
        await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        expect(await store.getMessage('b@x.test', m.id)).toBeNull();
        expect(await store.getRaw('b@x.test', m.id)).toBeNull();
        expect(await store.deleteMessage('b@x.test', m.id)).toBe(false);
        expect(await store.getMessage('a@x.test', m.id)).not.toBeNull();
      });

      it('skips deliveries to dead or unknown mailboxes and stores the rest', async () => {
        await create('short@x.test', T0 + 1000);
        const deliveries = [
          { mailbox: 'a@x.test', message: message() },
          { mailbox: 'short@x.test', message: message() },
          { mailbox: 'ghost@x.test', message: message() },
        ];
        const outcomes = await store.putMessages(deliveries, T0 + 1000, ROOMY);
        expect(outcomes).toEqual(['stored', 'gone', 'gone']);
        expect(await store.listMessages('short@x.test')).toEqual([]);
      });

      it('stores concurrent deliveries, all of them', async () => {
        const puts = Array.from({ length: 50 }, (_, i) =>
          store.putMessages(
            [{ mailbox: i % 2 ? 'a@x.test' : 'b@x.test', message: message() }],
            T0,
            ROOMY,
          ),
        );
        const results = await Promise.all(puts);
        expect(results.every((r) => r.length === 1 && r[0] === 'stored')).toBe(true);
        expect(await store.listMessages('a@x.test')).toHaveLength(25);
        expect(await store.listMessages('b@x.test')).toHaveLength(25);
      });

      it('deletes one message, then all of them', async () => {
        const [m1, m2, m3] = [message(), message(), message()];
        await store.putMessages(
          [m1!, m2!, m3!].map((m) => ({ mailbox: 'a@x.test', message: m })),
          T0,
          ROOMY,
        );
        expect(await store.deleteMessage('a@x.test', m2!.id)).toBe(true);
        expect(await store.deleteMessage('a@x.test', m2!.id)).toBe(false);
        expect(await store.getRaw('a@x.test', m2!.id)).toBeNull();
        expect((await store.listMessages('a@x.test')).map((m) => m.id)).toEqual([m3!.id, m1!.id]);
        expect(await store.deleteAllMessages('a@x.test')).toBe(2);
        expect(await store.listMessages('a@x.test')).toEqual([]);
        expect(await store.deleteAllMessages('a@x.test')).toBe(0);
      });

      it('places each message after every earlier one of its mailbox, deleted ones included', async () => {
        const ids = (after: Awaited<ReturnType<MailStore['messagesAfter']>>) =>
          after.messages.map((p) => p.message.id);
        expect(await store.messagesAfter('a@x.test', 0)).toEqual({ messages: [], newest: 0 });
        const [m1, m2, m3] = [message(), message(), message()];
        await store.putMessages(
          [m1!, m2!].map((m) => ({ mailbox: 'a@x.test', message: m })),
          T0,
          ROOMY,
        );
        await store.putMessages([{ mailbox: 'b@x.test', message: m3! }], T0, ROOMY);
        const all = await store.messagesAfter('a@x.test', 0);
        expect(ids(all)).toEqual([m1!.id, m2!.id]);
        const [p1, p2] = all.messages.map((p) => p.place);
        expect(p2).toBeGreaterThan(p1!);
        expect(all.newest).toBe(p2);
        expect(all.messages[1]!.message).toEqual({ ...m2!, raw: undefined, mailbox: 'a@x.test' });
        // After a place: only what came later; at or past the newest: nothing, and the newest.
        expect(ids(await store.messagesAfter('a@x.test', p1!))).toEqual([m2!.id]);
        expect(await store.messagesAfter('a@x.test', p2!)).toEqual({ messages: [], newest: p2 });
        expect(await store.messagesAfter('a@x.test', Number.MAX_SAFE_INTEGER)).toEqual({
          messages: [],
          newest: p2,
        });
        // The newest deleted, then all: the next message still goes after the places given.
        await store.deleteMessage('a@x.test', m2!.id);
        expect(await store.messagesAfter('a@x.test', p1!)).toEqual({ messages: [], newest: p1 });
        const m4 = message();
        await store.putMessages([{ mailbox: 'a@x.test', message: m4 }], T0, ROOMY);
        expect(ids(await store.messagesAfter('a@x.test', p2!))).toEqual([m4.id]);
        await store.deleteAllMessages('a@x.test');
        expect(await store.messagesAfter('a@x.test', 0)).toEqual({ messages: [], newest: 0 });
        const m5 = message();
        await store.putMessages([{ mailbox: 'a@x.test', message: m5 }], T0, ROOMY);
        const later = await store.messagesAfter('a@x.test', p2!);
        expect(ids(later)).toEqual([m5.id]);
        expect(later.messages[0]!.place).toBeGreaterThan(p2! + 1);
        // The other mailbox's order is its own.
        expect(ids(await store.messagesAfter('b@x.test', 0))).toEqual([m3!.id]);
      });

      it('counts what a mailbox holds, through stores and deletions', async () => {
        const [m1, m2] = [message(), message({ raw: Buffer.alloc(1000, 65), size: 1000 })];
        await store.putMessages(
          [m1!, m2!].map((m) => ({ mailbox: 'a@x.test', message: m })),
          T0,
          ROOMY,
        );
        const usage = async () => {
          const box = await store.findMailbox('a@x.test', T0);
          return [box!.messageCount, box!.sizeBytes];
        };
        expect(await usage()).toEqual([2, m1!.size + 1000]);
        await store.deleteMessage('a@x.test', m2!.id);
        expect(await usage()).toEqual([1, m1!.size]);
        await store.deleteAllMessages('a@x.test');
        expect(await usage()).toEqual([0, 0]);
      });

      it('answers every read after a write with that write in it, however often it was read before', async () => {
        const read = async () => {
          const [byAddress, byToken, list] = await Promise.all([
            store.findMailbox('a@x.test', T0),
            store.findMailboxByTokenHash('hash-a@x.test', T0),
            store.listMessages('a@x.test'),
          ]);
          expect(byToken).toEqual(byAddress);
          return {
            expiresAt: byAddress?.expiresAt ?? null,
            count: byAddress?.messageCount ?? null,
            ids: list.map((m) => m.id),
          };
        };
        const [m1, m2] = [message(), message()];
        await read();
        await read();
        await store.putMessages([{ mailbox: 'a@x.test', message: m1! }], T0, ROOMY);
        expect(await read()).toEqual({ expiresAt: T0 + 10 * MIN, count: 1, ids: [m1!.id] });
        await store.putMessages([{ mailbox: 'a@x.test', message: m2! }], T0, ROOMY);
        expect(await read()).toEqual({ expiresAt: T0 + 10 * MIN, count: 2, ids: [m2!.id, m1!.id] });
        await store.setExpiry('a@x.test', T0 + 20 * MIN, T0);
        expect(await read()).toMatchObject({ expiresAt: T0 + 20 * MIN });
        await store.deleteMessage('a@x.test', m2!.id);
        expect(await read()).toMatchObject({ count: 1, ids: [m1!.id] });
        await store.deleteAllMessages('a@x.test');
        expect(await read()).toMatchObject({ count: 0, ids: [] });
        await store.deleteMailbox('a@x.test', T0, T0 + 30 * DAY);
        expect(await read()).toEqual({ expiresAt: null, count: null, ids: [] });
        await store.putMessages([{ mailbox: 'b@x.test', message: message() }], T0, ROOMY);
        expect(await store.listMessages('b@x.test')).toHaveLength(1);
        expect(await store.findMailboxByTokenHash('hash-b@x.test', T0)).not.toBeNull();
        await store.deleteExpired(T0 + 11 * MIN, T0 + 30 * DAY, 10);
        expect(await store.findMailboxByTokenHash('hash-b@x.test', T0)).toBeNull();
        expect(await store.listMessages('b@x.test')).toEqual([]);
      });

      it('refuses a message that would go over the quota, keeping what is stored', async () => {
        const quota = { maxMessages: 3, maxBytes: 2500 };
        const put = (size: number) =>
          store.putMessages(
            [{ mailbox: 'a@x.test', message: message({ raw: Buffer.alloc(size, 66), size }) }],
            T0,
            quota,
          );
        expect(await put(1000)).toEqual(['stored']);
        expect(await put(1000)).toEqual(['stored']);
        expect(await put(1000)).toEqual(['full']); // 3000 bytes > 2500
        expect(await put(400)).toEqual(['stored']);
        expect(await put(10)).toEqual(['full']); // a 4th message
        expect(await store.listMessages('a@x.test')).toHaveLength(3);
        const burst = await Promise.all(
          Array.from({ length: 5 }, () =>
            store.putMessages(
              [{ mailbox: 'b@x.test', message: message({ raw: Buffer.alloc(10), size: 10 }) }],
              T0,
              quota,
            ),
          ),
        );
        expect(burst.flat().filter((o) => o === 'stored')).toHaveLength(3);
        expect(await store.listMessages('b@x.test')).toHaveLength(3);
      });

      it('holds each sender to its share of a mailbox, and never removes stored mail for room', async () => {
        const share = (sender: string) => ({ sender, maxMessages: 3, maxBytes: 2500 });
        const put = (sender: string, size = 100) =>
          store.putMessages(
            [
              {
                mailbox: 'a@x.test',
                message: message({ raw: Buffer.alloc(size, 66), size }),
                share: share(sender),
              },
            ],
            T0,
            ROOMY,
          );
        // One call holding several of one sender's messages counts each against the share.
        const batch = await store.putMessages(
          Array.from({ length: 4 }, () => ({
            mailbox: 'a@x.test',
            message: message({ raw: Buffer.alloc(100, 66), size: 100 }),
            share: share('198.51.100.1'),
          })),
          T0,
          ROOMY,
        );
        expect(batch).toEqual(['stored', 'stored', 'stored', 'full']);
        // Another sender keeps its own room; by bytes too.
        expect(await put('2001:db8::/64', 2000)).toEqual(['stored']);
        expect(await put('2001:db8::/64', 600)).toEqual(['full']); // 2600 bytes > 2500
        expect(await put('2001:db8::/64', 400)).toEqual(['stored']);
        // Mail without a share is held by the quota alone.
        expect(
          await store.putMessages([{ mailbox: 'a@x.test', message: message() }], T0, ROOMY),
        ).toEqual(['stored']);
        const list = await store.listMessages('a@x.test');
        expect(list).toHaveLength(6);
        // Deleting one of a sender's messages gives that sender its room back, and only it.
        const first = list.at(-1)!;
        expect(await store.deleteMessage('a@x.test', first.id)).toBe(true);
        expect(await put('2001:db8::/64', 200)).toEqual(['full']);
        expect(await put('198.51.100.1')).toEqual(['stored']);
        expect(await put('198.51.100.1')).toEqual(['full']);
        // Emptied, every sender starts again; the mailbox's counts are right throughout.
        expect(await store.deleteAllMessages('a@x.test')).toBe(6);
        expect(await put('198.51.100.1')).toEqual(['stored']);
        expect(await put('2001:db8::/64', 2500)).toEqual(['stored']);
        expect(await store.findMailbox('a@x.test', T0)).toMatchObject({
          messageCount: 2,
          sizeBytes: 2600,
        });
      });

      it('keeps a message stored before close', async () => {
        const m = message();
        const put = store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        await store.close();
        expect(await put).toEqual(['stored']);
      });
    });
    describe('readings', () => {
      beforeEach(async () => {
        await create('a@x.test');
        await create('b@x.test');
      });

      const reading = (text: string, attachments = '[]'): StoredReading => ({
        view: JSON.stringify({ status: 'complete', to: [], text, html: null, attachments: [] }),
        attachments,
      });
      const placed = JSON.stringify([
        {
          id: '1',
          filename: 'fattura.pdf',
          contentType: 'application/pdf',
          contentId: null,
          size: 636,
          part: { start: 120, end: 980, encoding: 'base64' },
        },
      ]);
      const put = (m: NewMessage, address = 'a@x.test', quota = ROOMY) =>
        store.putMessages([{ mailbox: address, message: m }], T0, quota);

      it('keeps each message’s reading, written with it, apart from its summary and raw bytes', async () => {
        const small = message({ reading: reading('testo è ✓ \n "citato"') });
        // Large enough to travel apart from the script on Redis, with a large reading.
        const large = message({
          raw: Buffer.alloc(64 * 1024, 65),
          size: 64 * 1024,
          reading: reading('x'.repeat(100_000), placed),
        });
        const bare = message();
        const outcomes = await store.putMessages(
          [small, large, bare].map((m) => ({ mailbox: 'a@x.test', message: m })),
          T0,
          ROOMY,
        );
        expect(outcomes).toEqual(['stored', 'stored', 'stored']);
        expect(await store.getReading('a@x.test', small.id)).toEqual(small.reading);
        expect(await store.getReading('a@x.test', large.id)).toEqual(large.reading);
        expect(await store.getReading('a@x.test', bare.id)).toBeNull();
        expect(await store.getReading('b@x.test', small.id)).toBeNull();
        // A download's read: the attachment list alone.
        expect(await store.getReadingAttachments('a@x.test', large.id)).toBe(
          large.reading!.attachments,
        );
        expect(await store.getReadingAttachments('a@x.test', bare.id)).toBeNull();
        expect(await store.getReadingAttachments('b@x.test', small.id)).toBeNull();
        const { raw, reading: kept, ...summary } = small;
        expect(kept).toBeDefined();
        expect(await store.getMessage('a@x.test', small.id)).toEqual({
          ...summary,
          mailbox: 'a@x.test',
        });
        expect((await store.getRaw('a@x.test', small.id))!.equals(raw)).toBe(true);
        const listed = await store.listMessages('a@x.test');
        expect(listed.every((m) => !('reading' in m))).toBe(true);
      });

      it('keeps a reading made later for a message stored without one, never for one not there', async () => {
        const bare = message();
        await put(bare);
        expect(await store.putReading('a@x.test', bare.id, reading('letto dopo'))).toBe(true);
        expect(await store.getReading('a@x.test', bare.id)).toEqual(reading('letto dopo'));
        expect(await store.putReading('a@x.test', bare.id, reading('di nuovo', placed))).toBe(true);
        expect(await store.getReading('a@x.test', bare.id)).toEqual(reading('di nuovo', placed));
        expect(await store.putReading('b@x.test', bare.id, reading('altrui'))).toBe(false);
        expect(await store.getReading('b@x.test', bare.id)).toBeNull();
        const ghost = message().id;
        expect(await store.putReading('a@x.test', ghost, reading('nessuno'))).toBe(false);
        expect(await store.getReading('a@x.test', ghost)).toBeNull();
      });

      it('forgets a reading with its message, and keeps none of a refused delivery', async () => {
        const [one, two, three] = [1, 2, 3].map((n) => message({ reading: reading(`n. ${n}`) }));
        for (const m of [one!, two!, three!]) await put(m);
        await store.deleteMessage('a@x.test', one!.id);
        expect(await store.getReading('a@x.test', one!.id)).toBeNull();
        await store.deleteAllMessages('a@x.test');
        expect(await store.getReading('a@x.test', two!.id)).toBeNull();
        expect(await store.getReading('a@x.test', three!.id)).toBeNull();
        const big = (reading_: StoredReading) =>
          message({ raw: Buffer.alloc(64 * 1024, 66), size: 64 * 1024, reading: reading_ });
        const full = big(reading('troppo'));
        expect(await put(full, 'a@x.test', { maxMessages: 10, maxBytes: 1000 })).toEqual(['full']);
        expect(await store.getReading('a@x.test', full.id)).toBeNull();
        const gone = big(reading('nessuno'));
        expect(await put(gone, 'ghost@x.test')).toEqual(['gone']);
        expect(await store.getReading('ghost@x.test', gone.id)).toBeNull();
      });
    });

    describe('inbox read', () => {
      const put = (m: NewMessage, address = 'a@x.test') =>
        store.putMessages([{ mailbox: address, message: m }], T0, ROOMY);
      const read = async (tokenHash = 'hash-a@x.test', now = T0) =>
        await store.readInbox(tokenHash, now);

      it('reads the live mailbox of a token with its list, the same array until it changes', async () => {
        await create('a@x.test');
        const empty = await read();
        expect(empty).toEqual({
          mailbox: await store.findMailboxByTokenHash('hash-a@x.test', T0),
          messages: [],
        });
        expect((await read())?.messages).toBe(empty?.messages);

        const first = message();
        await put(first);
        await put(message(), 'b@x.test');
        const one = await read();
        expect(one?.messages.map((m) => m.id)).toEqual([first.id]);
        expect(one?.mailbox).toMatchObject({ messageCount: 1, sizeBytes: first.size });
        expect(one?.messages).toEqual(await store.listMessages('a@x.test'));
        expect((await read())?.messages).toBe(one?.messages);
        expect(Object.isFrozen(one?.messages)).toBe(true);

        const second = message();
        await put(second);
        expect((await read())?.messages.map((m) => m.id)).toEqual([second.id, first.id]);
        await store.deleteMessage('a@x.test', second.id);
        expect((await read())?.messages.map((m) => m.id)).toEqual([first.id]);
        await store.deleteAllMessages('a@x.test');
        expect((await read())?.messages).toEqual([]);
      });

      it('reads nothing for an unknown token, an expired or a deleted mailbox', async () => {
        await create('a@x.test');
        await read();
        expect(await read('other-hash')).toBeNull();
        expect(await read('hash-a@x.test', T0 + 10 * MIN - 1)).not.toBeNull();
        expect(await read('hash-a@x.test', T0 + 10 * MIN)).toBeNull();
        await store.deleteMailbox('a@x.test', T0, T0 + DAY);
        expect(await read()).toBeNull();
      });
    });

    describe('refusals', () => {
      const MAX = 20;

      it('keeps the refusals of a live mailbox, newest first, each as it was given', async () => {
        await create('a@x.test');
        await create('b@x.test');
        expect(await store.listRefusals('a@x.test')).toEqual([]);
        const odd = refusal(2, {
          sender: '',
          reason: 'mailbox-full',
          reply: '452 4.2.2 Mailbox full, try again later',
          size: null,
          limit: null,
        });
        expect(await store.addRefusal('a@x.test', refusal(1), T0, MAX)).toBe(true);
        expect(await store.addRefusal('a@x.test', odd, T0, MAX)).toBe(true);
        expect(await store.addRefusal('b@x.test', refusal(3), T0, MAX)).toBe(true);
        expect(await store.listRefusals('a@x.test')).toEqual([odd, refusal(1)]);
        expect(await store.listRefusals('b@x.test')).toEqual([refusal(3)]);
      });

      it('keeps the newest `max` and drops the older ones', async () => {
        await create('a@x.test');
        for (let n = 1; n <= MAX + 5; n++) {
          expect(await store.addRefusal('a@x.test', refusal(n), T0, MAX)).toBe(true);
        }
        const kept = await store.listRefusals('a@x.test');
        expect(kept.map((r) => r.at)).toEqual(
          Array.from({ length: MAX }, (_, i) => T0 + MAX + 5 - i),
        );
        expect(await store.addRefusal('a@x.test', refusal(99), T0, 3)).toBe(true);
        expect((await store.listRefusals('a@x.test')).map((r) => r.at)).toEqual([
          T0 + 99,
          T0 + MAX + 5,
          T0 + MAX + 4,
        ]);
      });

      it('records nothing for an unknown, an expired or a deleted mailbox', async () => {
        expect(await store.addRefusal('nobody@x.test', refusal(1), T0, MAX)).toBe(false);
        expect(await store.listRefusals('nobody@x.test')).toEqual([]);
        await create('a@x.test');
        expect(await store.addRefusal('a@x.test', refusal(1), T0 + 10 * MIN, MAX)).toBe(false);
        expect(await store.listRefusals('a@x.test')).toEqual([]);
        await store.deleteMailbox('a@x.test', T0, T0 + DAY);
        expect(await store.addRefusal('a@x.test', refusal(2), T0, MAX)).toBe(false);
        expect(await store.listRefusals('a@x.test')).toEqual([]);
      });

      it('goes with the mailbox: deleted, or expired and swept', async () => {
        await create('gone@x.test');
        await create('old@x.test', T0 + MIN);
        await create('kept@x.test', T0 + 20 * MIN);
        for (const address of ['gone@x.test', 'old@x.test', 'kept@x.test']) {
          await store.addRefusal(address, refusal(1), T0, MAX);
        }
        await store.deleteMailbox('gone@x.test', T0, T0 + DAY);
        await store.deleteExpired(T0 + 5 * MIN, T0 + DAY, 10);
        expect(await store.listRefusals('gone@x.test')).toEqual([]);
        expect(await store.listRefusals('old@x.test')).toEqual([]);
        expect(await store.listRefusals('kept@x.test')).toEqual([refusal(1)]);
      });

      it('leaves the messages, their counts and the inbox as they are', async () => {
        await create('a@x.test');
        const m = message();
        await store.putMessages([{ mailbox: 'a@x.test', message: m }], T0, ROOMY);
        const before = await store.readInbox('hash-a@x.test', T0);
        await store.addRefusal('a@x.test', refusal(1), T0, MAX);
        expect(await store.findMailbox('a@x.test', T0)).toMatchObject({
          messageCount: 1,
          sizeBytes: m.size,
        });
        const after = await store.readInbox('hash-a@x.test', T0);
        expect(after?.messages).toBe(before?.messages);
        expect(await store.deleteAllMessages('a@x.test')).toBe(1);
        expect(await store.listRefusals('a@x.test')).toEqual([refusal(1)]);
      });
    });
  });
}
