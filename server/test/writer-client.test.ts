import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/sqlite/schema';
import { startWriterClient, type WriterClient } from '../src/store/sqlite/writer-client';

const dirs: string[] = [];
const clients: WriterClient[] = [];

function start() {
  const dir = mkdtempSync(join(tmpdir(), 'et-writer-'));
  dirs.push(dir);
  const path = join(dir, 'mail.sqlite');
  let failures = 0;
  const client = startWriterClient({ path, scrubDelayMs: 10, onFailure: () => failures++ });
  clients.push(client);
  return { path, client, failures: () => failures };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const mailbox = { address: 'a@x.test', tokenHash: 'h', createdAt: 1000, expiresAt: 2000 };

describe('SQLite writer thread', () => {
  it('runs each operation with its own arguments and answers with its result', async () => {
    const { path, client } = start();
    expect(await client.call('createMailbox', mailbox)).toBe(true);
    expect(await client.call('createMailbox', mailbox)).toBe(false);
    const extended = await client.call('setExpiry', mailbox.address, 3000, 1500);
    expect(extended).toMatchObject({ address: mailbox.address, expiresAt: 3000 });
    expect(await client.call('deleteAllMessages', mailbox.address)).toBe(0);
    expect(await client.call('deleteExpired', 5000, 9000, 10)).toEqual([mailbox.address]);

    const reader = openDatabase(path);
    const rows = reader.prepare('SELECT until FROM tombstones').all();
    reader.close();
    expect(rows).toEqual([{ until: 9000 }]);
  });

  it('turns an operation that throws into a rejection and keeps serving', async () => {
    const { client, failures } = start();
    const bad = { ...mailbox, createdAt: null } as unknown as typeof mailbox;
    await expect(client.call('createMailbox', bad)).rejects.toThrow(/sqlite writer: /);
    expect(await client.call('createMailbox', mailbox)).toBe(true);
    expect(failures()).toBe(0);
  });

  it('answers each call made in one turn on its own, in order, one failing alone', async () => {
    const { client, failures } = start();
    const bad = { ...mailbox, address: 'b@x.test', createdAt: null } as unknown as typeof mailbox;
    // Made together, they reach the thread in one message and come back in one.
    const answers = await Promise.allSettled([
      client.call('createMailbox', mailbox),
      client.call('createMailbox', bad),
      client.call('createMailbox', mailbox),
      client.call('setExpiry', mailbox.address, 3000, 1500),
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : null))).toEqual([
      true,
      null,
      false,
      expect.objectContaining({ address: mailbox.address, expiresAt: 3000 }),
    ]);
    expect(failures()).toBe(0);
  });

  it('rejects calls after close without starting a new thread', async () => {
    const { client } = start();
    await client.close();
    await expect(client.call('purgeTombstones', 0)).rejects.toThrow('store is closed');
  });
});

/**
 * Never run: `tsc -p server` checks that a call passes exactly what the writer's operation
 * takes, so a protocol that loses its types fails the typecheck here.
 */
export function callsTheCompilerRefuses(client: WriterClient) {
  // @ts-expect-error an operation the writer does not have
  void client.call('dropEverything');
  // @ts-expect-error setExpiry takes (address, expiresAt, now)
  void client.call('setExpiry', 'a@x.test', '3000', 0);
  // @ts-expect-error deleteExpired takes three arguments
  void client.call('deleteExpired', 0);
  // @ts-expect-error the result is typed from the operation, and a boolean has no length
  void client.call('createMailbox', mailbox).then((created) => created.length);
}
