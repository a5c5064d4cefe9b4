import { Resolver } from 'node:dns/promises';

/** One DNS question, answered as `dns.promises.resolve` does: what mailauth's resolver takes. */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsLookupOptions {
  /** `ip`, `ip:port` or `[ipv6]:port` (`DNS_SERVERS`); empty: the system's resolvers. */
  servers: string[];
  /** `DNS_TIMEOUT_MS`: a first try waits a `2 × tries`-th of it, so a lost packet is resent. */
  timeoutMs: number;
  /** How many times a question is sent to each server before it fails (`DNS_TRIES`). */
  tries: number;
}

/** Node's resolver asking `servers`, as WildDuck's; no cache (docs/operations.md: run one). */
export function createDnsLookup(opts: DnsLookupOptions): DnsLookup {
  const resolver = new Resolver({
    timeout: Math.max(1, Math.floor(opts.timeoutMs / (2 * opts.tries))),
    tries: opts.tries,
  });
  if (opts.servers.length) resolver.setServers(opts.servers);
  return (name, rrtype) => resolver.resolve(name, rrtype);
}
