import { Resolver } from 'node:dns/promises';

/**
 * One DNS question: the answer as `dns.promises.resolve(name, rrtype)` gives it (`string[][]` for
 * TXT, `{exchange, priority}[]` for MX, addresses for A and AAAA), or its error (`ENOTFOUND`,
 * `ENODATA`, `ETIMEOUT`, ...), which mailauth reads by its `code`. The shape mailauth's resolver
 * option takes.
 */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsLookupOptions {
  /** `ip`, `ip:port` or `[ipv6]:port` (`DNS_SERVERS`); empty: the system's resolvers. */
  servers: string[];
  /**
   * `DNS_TIMEOUT_MS`, the deadline of one message's check. The first try of a question waits a
   * `2 × tries`-th of it and c-ares waits longer at later ones, so that a lost packet is sent
   * again well within the deadline; the check's deadline ends a question whatever its tries.
   */
  timeoutMs: number;
  /** How many times a question is sent to each server before it fails (`DNS_TRIES`). */
  tries: number;
}

/**
 * Node's resolver (c-ares) asking `servers`, as WildDuck resolves. It keeps nothing: the TTL of
 * an answer is the local caching resolver's to honour (docs/operations.md, "DNS for the sender
 * checks"), and one message's check asks each question once (`checkSender`).
 */
export function createDnsLookup(opts: DnsLookupOptions): DnsLookup {
  const resolver = new Resolver({
    timeout: Math.max(1, Math.floor(opts.timeoutMs / (2 * opts.tries))),
    tries: opts.tries,
  });
  if (opts.servers.length) resolver.setServers(opts.servers);
  return (name, rrtype) => resolver.resolve(name, rrtype);
}
