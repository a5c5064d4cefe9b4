import { randomBytes } from 'node:crypto';

/** Random bytes drawn at a time for ids: one call to the CSPRNG serves 256 ids. */
const POOL_BYTES = 4096;
const ID_BYTES = 16;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * Opaque id of a stored message: 16 random bytes, base64url. Not guessable, not ordered.
 * The bytes come from a pool refilled from the CSPRNG, as node's own `randomUUID` does, since a
 * call per id is a visible share of taking a message (bench/README.md, "Where the time goes");
 * each byte is used once.
 */
export function newMessageId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}

export function isWellFormedMessageId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
