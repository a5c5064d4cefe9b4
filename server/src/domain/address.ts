import { ADDRESS_LOCAL_PART_LENGTH } from '@et/common';
import { createHash, randomInt } from 'node:crypto';

const LOCAL_PART_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * decisions.md: lowercase letters and digits, at least 10 characters. 36^12 ≈ 4.7e18 choices.
 * Shared with the web app, whose pages state the length.
 */
export const LOCAL_PART_LENGTH = ADDRESS_LOCAL_PART_LENGTH;

/** A random local part; the first character is a letter so the address never looks numeric. */
export function randomLocalPart(length = LOCAL_PART_LENGTH): string {
  let out = LOCAL_PART_ALPHABET[randomInt(26)]!;
  while (out.length < length) out += LOCAL_PART_ALPHABET[randomInt(LOCAL_PART_ALPHABET.length)]!;
  return out;
}

/** A random address on one of the configured domains. */
export function randomAddress(domains: readonly string[]): string {
  const domain = domains[randomInt(domains.length)]!;
  return `${randomLocalPart()}@${domain}`;
}

/** Parts of a recipient address, lower-cased; null when it is not `local@domain`. */
export function splitAddress(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return {
    local: address.slice(0, at).toLowerCase(),
    domain: address.slice(at + 1).toLowerCase(),
  };
}

/**
 * Canonical form of an address we host: lower case, so that `ABC@Domain` reaches `abc@domain`.
 * Our local parts are lower case only, so folding loses nothing.
 */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * A one-way digest of an address, for what must outlive the mailbox (tombstones) and for Redis
 * key names: the store can still recognise the address, but nothing left after expiry spells it.
 */
export function addressDigest(address: string): string {
  return createHash('sha256').update(address, 'utf8').digest('base64url').slice(0, 22);
}
