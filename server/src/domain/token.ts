import { hash, randomBytes } from 'node:crypto';

/** 32 bytes: the 256 random bits decisions.md asks for. */
const TOKEN_BYTES = 32;

/** A fresh bearer token, base64url (43 characters). Shown to the client once, never stored. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What the store keeps instead of the token. A plain SHA-256 is enough: the token has 256 bits
 * of entropy, so there is nothing to brute-force and no need for a slow password hash.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** Cheap shape check before hashing, so junk never reaches the store. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
