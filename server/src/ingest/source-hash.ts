import { createHash } from 'node:crypto';

/**
 * The sha256 (its first 16 hex digits) of a library's function or class, read from its source:
 * code that replaces or mirrors a library's internals pins the source it was checked against,
 * so that an upgrade that changes it fails loudly instead of quietly reading otherwise.
 */
export const sourceSha256 = (fn: unknown) =>
  createHash('sha256').update(String(fn)).digest('hex').slice(0, 16);

/**
 * Throws unless `code`'s source hashes to `expectedSha256`: `what` names it and the library
 * version it was checked against, `review` the file of ours to read again.
 */
export function checkSource(code: unknown, expectedSha256: string, what: string, review: string) {
  const found = sourceSha256(code);
  if (found !== expectedSha256) {
    throw new Error(`${what} changed (source ${found}); review ${review}`);
  }
}
