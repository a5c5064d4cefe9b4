import { addressDigest } from '../../domain/address';

/**
 * Every Redis key and channel name of the service, in one place.
 *
 * Redis Cluster: all keys of one mailbox share the hash tag `{<addressDigest>}`, so they live on one
 * shard and every multi-key operation on a mailbox (the Lua scripts in scripts.ts) is atomic.
 * Keys that are looked up by something other than the address (token → address, the expiry
 * index, the sweeper lock) are single-key operations on their own slots.
 */
export function createKeys(prefix: string) {
  // The tag is a digest, so no key name spells an address (tombstones outlive the mailbox).
  const box = (address: string) => `${prefix}{${addressDigest(address)}}`;
  return {
    /**
     * Hash: th (token hash), c (createdAt), e (expiresAt), n (messages), b (their bytes),
     * seq (last message sequence), v (the list's version: every change of the list moves it).
     */
    mailbox: (address: string) => `${box(address)}:mb`,
    /** Hash: message id → summary JSON. */
    messages: (address: string) => `${box(address)}:msg`,
    /** Hash: message id → raw bytes as received. */
    raws: (address: string) => `${box(address)}:raw`,
    /** Sorted set: message id scored by arrival sequence (newest = highest). */
    order: (address: string) => `${box(address)}:ord`,
    /** String: epoch ms until which the address may not be handed out again. */
    tombstone: (address: string) => `${box(address)}:tomb`,
    /** String: token hash → address. */
    token: (tokenHash: string) => `${prefix}tok:${tokenHash}`,
    /** Sorted set: address scored by expiresAt, read by the sweeper. */
    expiry: `${prefix}expiry`,
    /** String: the node currently allowed to sweep. */
    sweepLock: `${prefix}sweep-lock`,
    /** Pub/sub channel of mailbox events across nodes. */
    events: `${prefix}events`,
  };
}

export type Keys = ReturnType<typeof createKeys>;

/** The per-mailbox keys in the order the Lua scripts take them. */
export const mailboxKeys = (k: Keys, address: string) => [
  k.mailbox(address),
  k.messages(address),
  k.raws(address),
  k.order(address),
  k.tombstone(address),
];
