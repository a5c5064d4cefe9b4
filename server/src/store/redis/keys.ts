import { addressDigest } from '../../domain/address';
import { createLruMap } from '../lru-map';

/** Mailboxes whose key names a node keeps at hand: more than it has mail or polls for at once. */
const MAX_CACHED_MAILBOXES = 10_000;

/** The keys of one mailbox, in the order the Lua scripts take them (scripts.ts). */
export type MailboxKeys = readonly [
  mailbox: string,
  messages: string,
  raws: string,
  order: string,
  tombstone: string,
];

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
  // A message costs a recipient check, a put and a publish on the same mailbox, and a poll a
  // read: the names are made once per mailbox, not a SHA-256 per key per command.
  const made = createLruMap<{ keys: MailboxKeys; channel: string }>();
  function named(address: string) {
    let names = made.get(address);
    if (names === undefined) {
      const box = `${prefix}{${addressDigest(address)}}`;
      names = {
        keys: [`${box}:mb`, `${box}:msg`, `${box}:raw`, `${box}:ord`, `${box}:tomb`],
        channel: `${box}:ev`,
      };
      made.set(address, names);
      if (made.size > MAX_CACHED_MAILBOXES) made.take(made.oldestKey()!);
    }
    return names;
  }
  const mailboxKeys = (address: string) => named(address).keys;
  return {
    /** The five keys of the mailbox at `address`. */
    of: mailboxKeys,
    /**
     * Hash: th (token hash), c (createdAt), e (expiresAt), n (messages), b (their bytes),
     * seq (last message sequence), v (the list's version: every change of the list moves it),
     * rf (the refusals of mail addressed to it, JSON lines, newest first; see ADD_REFUSAL),
     * cr (its creator's client key, when it has one), and where senders have a share of it
     * (the operator's mailboxes) sk:<id>, sn:<sender>, sb:<sender> (see PUT).
     */
    mailbox: (address: string) => mailboxKeys(address)[0],
    /** Hash: message id → summary JSON. */
    messages: (address: string) => mailboxKeys(address)[1],
    /**
     * Hash: message id → raw bytes as stored, and `r:<id>` → that message's reading (the
     * attachments' JSON, a line break, the view's JSON: redis-store.ts).
     */
    raws: (address: string) => mailboxKeys(address)[2],
    /** Sorted set: message id scored by arrival sequence (newest = highest). */
    order: (address: string) => mailboxKeys(address)[3],
    /** String: epoch ms until which the address may not be handed out again. */
    tombstone: (address: string) => mailboxKeys(address)[4],
    /** String: token hash → address. */
    token: (tokenHash: string) => `${prefix}tok:${tokenHash}`,
    /** Sorted set: address scored by expiresAt, read by the sweeper. */
    expiry: `${prefix}expiry`,
    /** String: the node currently allowed to sweep. */
    sweepLock: `${prefix}sweep-lock`,
    /** Pub/sub channel of one mailbox's events across nodes. */
    events: (address: string) => named(address).channel,
  };
}

export type Keys = ReturnType<typeof createKeys>;
