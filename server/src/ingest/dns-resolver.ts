import { Resolver } from 'node:dns/promises';

/** What the mail checks ask of DNS: mailauth's resolver shape, `dns.promises.resolve`'s. */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsResolverOptions {
  /** `host:port` of each server; empty: the system's. */
  servers: readonly string[];
  /** One try per lookup, given up after this long (ETIMEOUT, which the checks read as temperror). */
  timeoutMs: number;
  /** How long an answer is kept. */
  cacheMs: number;
  /** Monotonic milliseconds. */
  now: () => number;
}

/**
 * How long answers are kept: five minutes, a common TTL of SPF, DKIM and DMARC records, and short
 * enough that a sender's DNS change shows soon.
 */
export const DNS_CACHE_MS = 300_000;

/** How many answers are kept at most: one mail's checks need a handful. */
const CACHE_ENTRIES = 10_000;

/**
 * A resolver for the mail checks: bounded lookups against the configured servers, answers (and
 * "no such name", which costs a sender's retry as much as an answer) kept for `cacheMs`, the
 * same lookup in flight shared. Node's resolver does not give the TTL of TXT and MX answers, so
 * one holding time applies to all (docs/architecture.md).
 */
export function createDnsResolver(opts: DnsResolverOptions): DnsLookup {
  const resolver = new Resolver({ timeout: opts.timeoutMs, tries: 1 });
  if (opts.servers.length) resolver.setServers([...opts.servers]);
  const cache = new Map<string, { until: number; answer: Promise<unknown> }>();

  return function lookup(name, rrtype) {
    const key = `${rrtype} ${name.toLowerCase()}`;
    const at = opts.now();
    const hit = cache.get(key);
    if (hit && hit.until > at) return hit.answer;
    const answer = resolver.resolve(name, rrtype);
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { until: at + opts.cacheMs, answer });
    answer.catch((err: NodeJS.ErrnoException) => {
      // A failure to get an answer is not kept: the next mail asks again.
      if (err.code !== 'ENOTFOUND' && err.code !== 'ENODATA') cache.delete(key);
    });
    return answer;
  };
}
