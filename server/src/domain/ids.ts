import { randomBytes } from 'node:crypto';

/** Opaque id of a stored message: 16 random bytes, base64url. Not guessable, not ordered. */
export function newMessageId(): string {
  return randomBytes(16).toString('base64url');
}

export function isWellFormedMessageId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}
