import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/store/sqlite/sqlite-store';
import { storedMessage } from './helpers/stored-message';
import { describeMailStore } from './store-contract';

function freshStore() {
  const dir = mkdtempSync(join(tmpdir(), 'et-sqlite-'));
  const path = join(dir, 'mail.sqlite');
  const store = createSqliteStore({ path, scrubDelayMs: 10 });
  return {
    path,
    store,
    async cleanup() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeMailStore('sqlite', async () => freshStore());

/**
 * A database file as an older server left it: that version's schema (a fixture file under
 * fixtures/sqlite-schemas/) and `rows`.
 */
function oldDatabase(version: number, rows: string) {
  const dir = mkdtempSync(join(tmpdir(), 'et-sqlite-'));
  const path = join(dir, 'mail.sqlite');
  const db = new Database(path);
  db.exec(
    readFileSync(new URL(`./fixtures/sqlite-schemas/v${version}.sql`, import.meta.url), 'utf8'),
  );
  db.exec(rows);
  db.close();
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('SQLite store specifics', () => {
  it('upgrades a version 1 file: tombstones keep blocking their address', async () => {
    const { path, cleanup } = oldDatabase(1, "INSERT INTO tombstones VALUES ('old@x.test', 5000);");
    const store = createSqliteStore({ path });
    const attempt = (at: number) =>
      store.createMailbox({
        address: 'old@x.test',
        tokenHash: `h${at}`,
        createdAt: at,
        expiresAt: at + 10,
      });
    expect(await attempt(4000)).toBe(false);
    expect(await attempt(5000)).toBe(true);
    await store.close();
    cleanup();
  });

  it('upgrades a version 2 file: its messages read back with no code, no link, no checks', async () => {
    const { path, cleanup } = oldDatabase(
      2,
      `INSERT INTO mailboxes VALUES ('a@x.test', 'h', 1, 9000000000000, 1, 3);
      INSERT INTO messages VALUES (1, 'old0000000000000000000', 'a@x.test', 5, 3, '', 'm@x.test',
        'Il tuo codice è 482913', '', 0);
      INSERT INTO message_raw VALUES (1, X'414243');`,
    );
    const store = createSqliteStore({ path });
    expect(await store.listMessages('a@x.test')).toEqual([
      expect.objectContaining({
        id: 'old0000000000000000000',
        code: null,
        confirmLink: null,
        authentication: null,
      }),
    ]);
    const raw = Buffer.from('x');
    await store.putMessages(
      [
        {
          mailbox: 'a@x.test',
          message: {
            id: 'new0000000000000000000',
            receivedAt: 6,
            size: raw.length,
            from: { name: '', address: 'm@x.test' },
            subject: 'Codice',
            preview: '',
            attachmentCount: 0,
            code: '482913',
            confirmLink: 'https://x.example/verify?t=1',
            authentication: { spf: 'pass', dkim: 'fail', dmarc: 'none', domain: null },
            raw,
          },
        },
      ],
      6,
      { maxMessages: 10, maxBytes: 1000 },
    );
    expect(await store.getMessage('a@x.test', 'new0000000000000000000')).toMatchObject({
      code: '482913',
      confirmLink: 'https://x.example/verify?t=1',
      authentication: { spf: 'pass', dkim: 'fail', dmarc: 'none', domain: null },
    });
    await store.close();
    cleanup();
  });

  it('upgrades a version 4 file: its mailboxes start with no refusals, and keep them from then on', async () => {
    const { path, cleanup } = oldDatabase(
      4,
      `INSERT INTO mailboxes VALUES ('a@x.test', 'h', 1, 9000000000000, 0, 0);`,
    );
    const store = createSqliteStore({ path });
    expect(await store.listRefusals('a@x.test')).toEqual([]);
    const refusal = {
      at: 5,
      sender: 'noreply@sito.example',
      reason: 'too-big' as const,
      reply: '552 5.3.4 Message size exceeds fixed limit of 10 bytes',
      size: 12,
      limit: 10,
    };
    expect(await store.addRefusal('a@x.test', refusal, 5, 20)).toBe(true);
    expect(await store.listRefusals('a@x.test')).toEqual([refusal]);
    expect(await store.deleteMailbox('a@x.test', 6, 7)).toBe(true);
    expect(await store.listRefusals('a@x.test')).toEqual([]);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    db.close();
    cleanup();
  });

  it('upgrades an older file: its messages keep their order, and the next goes after them', async () => {
    const { path, cleanup } = oldDatabase(
      2,
      `INSERT INTO mailboxes VALUES ('a@x.test', 'h', 1, 9000000000000, 2, 6);
      INSERT INTO messages VALUES (7, 'old0000000000000000007', 'a@x.test', 5, 3, '', 'm@x.test',
        'uno', '', 0), (9, 'old0000000000000000009', 'a@x.test', 5, 3, '', 'm@x.test',
        'due', '', 0);
      INSERT INTO message_raw VALUES (7, X'414243'), (9, X'414243');`,
    );
    const store = createSqliteStore({ path });
    const placed = async (after: number) =>
      (await store.messagesAfter('a@x.test', after)).messages.map((p) => [p.place, p.message.id]);
    expect(await placed(0)).toEqual([
      [7, 'old0000000000000000007'],
      [9, 'old0000000000000000009'],
    ]);
    // The newest deleted first: SQLite would give its seq again, the mailbox its place never.
    await store.deleteMessage('a@x.test', 'old0000000000000000009');
    const put = (id: string) =>
      store.putMessages([{ mailbox: 'a@x.test', message: storedMessage(id) }], 6, {
        maxMessages: 10,
        maxBytes: 1000,
      });
    await put('new0000000000000000001');
    expect(await placed(9)).toEqual([[10, 'new0000000000000000001']]);
    await store.close();
    cleanup();
  });

  it('upgrades a version 7 file: no creator known, and the mail already held counts for no sender', async () => {
    const { path, cleanup } = oldDatabase(
      7,
      `INSERT INTO mailboxes (address, token_hash, created_at, expires_at)
        VALUES ('a@x.test', 'h', 1, 9000000000000), ('postmaster@x.test', 'p', 1, 9000000000000);
      INSERT INTO messages (seq, place, id, mailbox, received_at, size, from_name, from_address,
        subject, preview, attachment_count)
        VALUES (1, 1, 'old0000000000000000001', 'postmaster@x.test', 5, 3, '', 'm@x.test',
          'uno', '', 0);
      INSERT INTO message_raw VALUES (1, X'414243');`,
    );
    const store = createSqliteStore({ path });
    expect(await store.findMailbox('a@x.test', 6)).toMatchObject({ creator: null });
    const share = { sender: '198.51.100.1', maxMessages: 1, maxBytes: 1000 };
    const put = (id: string) =>
      store.putMessages([{ mailbox: 'postmaster@x.test', message: storedMessage(id), share }], 6, {
        maxMessages: 10,
        maxBytes: 1000,
      });
    expect(await put('new0000000000000000001')).toEqual(['stored']);
    expect(await put('new0000000000000000002')).toEqual(['full']);
    expect(await store.listMessages('postmaster@x.test')).toHaveLength(2);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    db.close();
    cleanup();
  });

  it('upgrades a version 4 file: its messages have no reading until one is kept, then keep it', async () => {
    const { path, cleanup } = oldDatabase(
      4,
      `INSERT INTO mailboxes VALUES ('a@x.test', 'h', 1, 9000000000000, 1, 3);
      INSERT INTO messages VALUES (1, 'old0000000000000000000', 'a@x.test', 5, 3, '', 'm@x.test',
        'Vecchio', '', 0, NULL, NULL, 'pass', 'none', 'none', NULL);
      INSERT INTO message_raw VALUES (1, X'414243');`,
    );
    const store = createSqliteStore({ path });
    expect(await store.getMessage('a@x.test', 'old0000000000000000000')).toMatchObject({
      subject: 'Vecchio',
      authentication: { spf: 'pass', dkim: 'none', dmarc: 'none', domain: null },
    });
    expect(await store.getReading('a@x.test', 'old0000000000000000000')).toBeNull();
    const reading = { view: '{"status":"complete"}', attachments: '[]' };
    expect(await store.putReading('a@x.test', 'old0000000000000000000', reading)).toBe(true);
    expect(await store.getReading('a@x.test', 'old0000000000000000000')).toEqual(reading);
    // The reading goes with its message.
    expect(await store.deleteMessage('a@x.test', 'old0000000000000000000')).toBe(true);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    expect(db.prepare('SELECT count(*) AS n FROM message_reading').get()).toEqual({ n: 0 });
    db.close();
    cleanup();
  });

  it('upgrades a version 8 file: a message kept whole reads as before, a new one in pieces', async () => {
    const old = randomBytes(200_000);
    const { path, cleanup } = oldDatabase(
      8,
      `INSERT INTO mailboxes (address, token_hash, created_at, expires_at)
        VALUES ('a@x.test', 'h', 1, 9000000000000);
      INSERT INTO messages (seq, place, id, mailbox, received_at, size, from_name, from_address,
        subject, preview, attachment_count)
        VALUES (1, 1, 'old0000000000000000001', 'a@x.test', 5, ${old.length}, '', 'm@x.test',
          'uno', '', 0);
      INSERT INTO message_raw VALUES (1, X'${old.toString('hex')}');`,
    );
    const store = createSqliteStore({ path });
    const oldId = 'old0000000000000000001';
    expect((await store.getRaw('a@x.test', oldId))!.equals(old)).toBe(true);
    expect((await store.getRawRange('a@x.test', oldId, 70_000, 140_000))!).toEqual(
      old.subarray(70_000, 140_000),
    );
    const raw = randomBytes(200_000);
    const quota = { maxMessages: 10, maxBytes: 1_000_000 };
    const fresh = storedMessage('new0000000000000000001', { raw });
    expect(await store.putMessages([{ mailbox: 'a@x.test', message: fresh }], 6, quota)).toEqual([
      'stored',
    ]);
    expect((await store.getRaw('a@x.test', fresh.id))!.equals(raw)).toBe(true);
    expect((await store.getRawRange('a@x.test', fresh.id, 70_000, 140_000))!).toEqual(
      raw.subarray(70_000, 140_000),
    );
    const pieces = () => {
      const db = new Database(path, { readonly: true });
      const n = db.prepare('SELECT count(*) AS n FROM message_raw_chunks').get();
      db.close();
      return n;
    };
    // 64 KB first, then three pieces (the last of 3,392 bytes).
    expect(pieces()).toEqual({ n: 3 });
    expect(await store.deleteMessage('a@x.test', fresh.id)).toBe(true);
    expect(pieces()).toEqual({ n: 0 });
    await store.close();
    cleanup();
  });

  it('reads an inbox synchronously, the same list until a write completes', async () => {
    const { store, cleanup } = freshStore();
    const t0 = 1_000_000;
    const expiresAt = t0 + 600_000;
    await store.createMailbox({ address: 'a@x.test', tokenHash: 'h', createdAt: t0, expiresAt });
    const read = (tokenHash: string, now = t0) => {
      const inbox = store.readInbox(tokenHash, now);
      // The inbox poll answers before the router only because this is not a promise.
      expect(inbox).not.toBeInstanceOf(Promise);
      return inbox as Exclude<typeof inbox, Promise<unknown>>;
    };
    const empty = read('h')?.messages;
    expect(empty).toEqual([]);
    expect(read('h')?.messages).toBe(empty);
    expect(read('h', expiresAt - 1)?.messages).toBe(empty);
    expect(read('h', expiresAt)).toBeNull();
    expect(read('other')).toBeNull();

    const raw = Buffer.from('Subject: uno\r\n\r\nciao\r\n');
    const message = {
      id: 'msg0000000000000000001',
      receivedAt: t0 + 1,
      size: raw.length,
      from: { name: '', address: 'mario@example.org' },
      subject: 'uno',
      preview: 'ciao',
      attachmentCount: 0,
      code: null,
      confirmLink: null,
      authentication: null,
      raw,
    };
    const quota = { maxMessages: 10, maxBytes: 1_000_000 };
    await store.putMessages([{ mailbox: 'a@x.test', message }], t0 + 1, quota);
    const one = read('h', t0 + 2);
    expect(one?.messages.map((m) => m.id)).toEqual([message.id]);
    expect(one?.mailbox.messageCount).toBe(1);
    expect(read('h', t0 + 2)?.messages).toBe(one?.messages);
    expect(await store.listMessages('a@x.test')).toBe(one?.messages);
    await store.deleteMailbox('a@x.test', t0 + 3, t0 + 4);
    expect(read('h', t0 + 3)).toBeNull();
    await cleanup();
  });

  it('keeps data across a reopen of the same file', async () => {
    const first = freshStore();
    await first.store.createMailbox({
      address: 'a@x.test',
      tokenHash: 'h',
      createdAt: 1,
      expiresAt: Number.MAX_SAFE_INTEGER,
    });
    await first.store.close();
    const again = createSqliteStore({ path: first.path });
    expect(await again.findMailbox('a@x.test', 2)).not.toBeNull();
    await again.close();
    await first.cleanup();
  });
});
