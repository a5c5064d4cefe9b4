import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/store/sqlite/sqlite-store';
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

describe('SQLite store specifics', () => {
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
