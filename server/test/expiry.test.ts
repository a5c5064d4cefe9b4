import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every byte the SQLite files hold on disk: the database, its WAL and shared memory. */
function databaseBytes(dbPath: string): Buffer {
  return Buffer.concat(
    [dbPath, `${dbPath}-wal`, `${dbPath}-shm`].filter(existsSync).map((p) => readFileSync(p)),
  );
}

describe('expiry', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mailboxTtlSeconds: 60 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('the running sweeper deletes an expired mailbox within one interval, and nothing of it stays on disk', async () => {
    const box = await h.createMailbox();
    const marker = 'segnalibro-unico-7f3a9c';
    await h.sendRaw(`Subject: ${marker}\r\n\r\nCorpo ${marker}\r\n`, box.email);
    await h.sendRaw(`Subject: altro\r\n\r\n${marker} ancora\r\n`, box.email);
    expect(databaseBytes(h.dbPath).includes(marker)).toBe(true);

    h.sweeper.start();
    h.clock.advance(60_000);
    // Sweeper interval 50 ms, WAL scrub 10 ms after a deletion.
    await sleep(300);

    expect(await h.store.listMessages(box.email)).toEqual([]);
    expect(await h.store.findMailbox(box.email, 0)).toBeNull();
    const bytes = databaseBytes(h.dbPath);
    expect(bytes.includes(marker)).toBe(false);
    // The tombstone keeps a digest, not the address.
    expect(bytes.includes(box.email)).toBe(false);
    expect(bytes.includes(box.email.split('@')[0]!)).toBe(false);
    const res = await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) });
    expect(res.statusCode).toBe(401);
    await expect(h.sendRaw('Subject: tardi\r\n\r\nx\r\n', box.email)).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it('keeps a live mailbox and its mail while expiring the one next to it', async () => {
    const old = await h.createMailbox();
    h.clock.advance(30_000);
    const young = await h.createMailbox();
    await h.sendRaw('Subject: resta\r\n\r\nx\r\n', young.email);
    h.clock.advance(30_000);
    expect(await h.sweeper.sweep()).toBe(1);
    expect(await h.store.findMailbox(old.email, h.clock.now())).toBeNull();
    expect(await h.store.listMessages(young.email)).toHaveLength(1);
  });

  it('an extended mailbox outlives its first expiry', async () => {
    const box = await h.createMailbox();
    h.clock.advance(50_000);
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/mailbox/extend',
      headers: bearer(box.token),
    });
    h.clock.advance(50_000);
    expect(await h.sweeper.sweep()).toBe(0);
    expect(
      (await h.app.inject({ url: '/api/v1/mailbox', headers: bearer(box.token) })).statusCode,
    ).toBe(200);
  });
});
