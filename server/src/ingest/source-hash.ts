import { createHash } from 'node:crypto';

/**
 * The sha256 (its first 16 hex digits) of a library's function or class, read from its source:
 * code that replaces or mirrors a library's internals pins the source it was checked against,
 * so that an upgrade that changes it fails loudly instead of quietly reading otherwise.
 */
export const sourceSha256 = (fn: unknown) =>
  createHash('sha256').update(String(fn)).digest('hex').slice(0, 16);
