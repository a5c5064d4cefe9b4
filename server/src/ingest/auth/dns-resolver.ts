import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { getServers } from 'node:dns';
import { connect, isIPv6 } from 'node:net';
import {
  encodeQuery,
  normalName,
  parseResponse,
  RR_TYPES,
  type DnsResponse,
  type ResourceRecord,
  type RrType,
  type SoaData,
} from './dns-message';

/** What the mail checks ask of DNS: mailauth's resolver shape, `dns.promises.resolve`'s. */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsResolverOptions {
  /** `ip`, `ip:port` or `[ipv6]:port` of each server; empty: the system's. */
  servers: readonly string[];
  /** Every lookup, all servers and a TCP retry included, ends within this (ETIMEOUT). */
  timeoutMs: number;
  /** Monotonic milliseconds: the cache's clock. */
  now: () => number;
  /** Answers kept at most; DNS_CACHE_MAX_ENTRIES by default. */
  maxEntries?: number;
}

/**
 * The longest an answer is kept whatever its TTL says, as unbound's `cache-max-ttl`: a record
 * changed by its owner shows within a day even behind an absurd TTL.
 */
export const DNS_MAX_TTL_SECONDS = 86_400;

/**
 * The longest "no such name" or "no such record" is kept (RFC 2308 §5: the SOA's TTL or its
 * MINIMUM field, whichever is less). Short: a sender who has just published a missing SPF or
 * DKIM record is checked against it soon.
 */
export const DNS_MAX_NEGATIVE_TTL_SECONDS = 900;

/**
 * How long a negative answer without an SOA record is kept. RFC 2308 §5 advises against keeping
 * it at all, against loops between resolvers; a stub asks no other resolver, and a short hold
 * keeps a flood of mail from one sender from asking the same question for each message.
 */
export const DNS_NEGATIVE_TTL_WITHOUT_SOA_SECONDS = 30;

/** Answers kept at most, and their size at most: one mail's checks need a handful. */
export const DNS_CACHE_MAX_ENTRIES = 10_000;
export const DNS_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** What a name's records of one type came to: the value `dns.promises.resolve` gives, or its error code. */
type Outcome = { value: unknown[] } | { code: 'ENOTFOUND' | 'ENODATA' };

interface Entry {
  outcome: Outcome;
  expiresAt: number;
  bytes: number;
}

/** An error as node's resolver makes it: the code is what mailauth reads. */
function dnsError(code: string, name: string, type: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`query${type} ${code} ${name}`), {
    code,
    hostname: name,
    syscall: `query${type}`,
  });
}

interface Server {
  host: string;
  port: number;
}

/** `ip`, `ip:port`, `[ipv6]:port` or a bare IPv6 address (node's `getServers()` forms). */
function parseServer(text: string): Server {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  if (isIPv6(text)) return { host: text, port: 53 };
  const [host, port] = text.split(':');
  return { host: host!, port: Number(port ?? 53) };
}

/** Why an exchange with one server gave no answer: the next server is asked. */
class NoAnswer extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** One question to one server over UDP, the response matched on id, server and question. */
function askUdp(
  server: Server,
  query: Buffer,
  id: number,
  name: string,
  type: number,
  ms: number,
): Promise<DnsResponse> {
  return new Promise((resolve, reject) => {
    // A socket per question: the system picks a random source port, which with the random id
    // makes a forged response hard to land (RFC 5452 §9.2).
    const socket = createSocket(isIPv6(server.host) ? 'udp6' : 'udp4');
    const timer = setTimeout(() => done(new NoAnswer('ETIMEOUT')), ms);
    let settled = false;
    function done(result: DnsResponse | Error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (result instanceof Error) reject(result);
      else resolve(result);
    }
    socket.on('error', () => done(new NoAnswer('ECONNREFUSED')));
    socket.on('message', (msg, from) => {
      if (from.port !== server.port || from.address !== server.host) return;
      const response = parseResponse(msg);
      if (!response || !matches(response, id, name, type)) return;
      done(response);
    });
    socket.send(query, server.port, server.host);
  });
}

/** The same over TCP (RFC 1035 §4.2.2, RFC 7766), for an answer too long for UDP. */
function askTcp(
  server: Server,
  query: Buffer,
  id: number,
  name: string,
  type: number,
  ms: number,
): Promise<DnsResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    const timer = setTimeout(() => done(new NoAnswer('ETIMEOUT')), ms);
    let received = Buffer.alloc(0);
    function done(result: DnsResponse | Error) {
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    }
    socket.on('error', () => done(new NoAnswer('ECONNREFUSED')));
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2 || received.length < 2 + received.readUInt16BE(0)) return;
      const response = parseResponse(received.subarray(2, 2 + received.readUInt16BE(0)));
      done(response && matches(response, id, name, type) ? response : new NoAnswer('EBADRESP'));
    });
    socket.on('end', () => done(new NoAnswer('EBADRESP')));
  });
}

const matches = (r: DnsResponse, id: number, name: string, type: number) =>
  r.id === id && r.question?.name === name && r.question.type === type;

/**
 * The records of `type` for `name` out of a response: those of the name and of the names its
 * CNAME chain in the answer leads to (the server followed it), with the least TTL among them.
 */
function answerOf(r: DnsResponse, name: string, type: number) {
  const owners = new Set([name]);
  let ttl = DNS_MAX_TTL_SECONDS;
  for (let hops = 0; hops < 8; hops++) {
    const alias = r.answers.find(
      (rr) => rr.type === RR_TYPES.CNAME && owners.has(rr.name) && !owners.has(rr.data as string),
    );
    if (!alias) break;
    owners.add(alias.data as string);
    ttl = Math.min(ttl, alias.ttl);
  }
  const records = r.answers.filter(
    (rr) => rr.type === type && rr.data !== null && owners.has(rr.name),
  );
  for (const rr of records) ttl = Math.min(ttl, rr.ttl);
  return { value: records.map((rr) => rr.data), ttl };
}

/** RFC 2308 §5: a negative answer is kept for the SOA's TTL or MINIMUM, whichever is less. */
function negativeTtl(authority: ResourceRecord[]): number {
  const soa = authority.find((rr) => rr.type === RR_TYPES.SOA && rr.data);
  if (!soa) return DNS_NEGATIVE_TTL_WITHOUT_SOA_SECONDS;
  return Math.min(soa.ttl, (soa.data as SoaData).ttlMinimum, DNS_MAX_NEGATIVE_TTL_SECONDS);
}

/** A rough size of a kept answer, for the cache's byte bound. */
const sizeOf = (key: string, outcome: Outcome) =>
  64 + key.length + ('value' in outcome ? JSON.stringify(outcome.value).length : 0);

/**
 * A stub resolver for the mail checks: asks the configured servers (recursive resolvers) over
 * UDP, over TCP when the answer is truncated; keeps each answer for its TTL (the least TTL of
 * its records, at most DNS_MAX_TTL_SECONDS) and each "no such name" or "no such record" for the
 * time RFC 2308 gives; shares a question in flight; never keeps a failure to get an answer
 * (timeout, SERVFAIL, REFUSED), so the next mail asks again. Node's resolver does not give the
 * TTL of TXT and MX records, hence our own client (docs/architecture.md, "Sender checks").
 */
export function createDnsResolver(opts: DnsResolverOptions): DnsLookup {
  const servers = (opts.servers.length ? opts.servers : getServers()).map(parseServer);
  const maxEntries = opts.maxEntries ?? DNS_CACHE_MAX_ENTRIES;
  // Least recently used first: a hit moves its entry to the end.
  const cache = new Map<string, Entry>();
  let cacheBytes = 0;
  const inFlight = new Map<string, Promise<Outcome>>();

  function keep(key: string, outcome: Outcome, ttlSeconds: number) {
    if (ttlSeconds <= 0) return;
    const bytes = sizeOf(key, outcome);
    if (bytes > DNS_CACHE_MAX_BYTES / 16) return;
    drop(key);
    cache.set(key, { outcome, expiresAt: opts.now() + ttlSeconds * 1000, bytes });
    cacheBytes += bytes;
    while (cache.size > maxEntries || cacheBytes > DNS_CACHE_MAX_BYTES) {
      drop(cache.keys().next().value!);
    }
  }

  function drop(key: string) {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    cacheBytes -= entry.bytes;
  }

  /** Asks the servers in turn, each its share of what is left of the deadline. */
  async function resolve(name: string, rrtype: RrType, key: string): Promise<Outcome> {
    const type = RR_TYPES[rrtype];
    const deadline = performance.now() + opts.timeoutMs;
    let edns = true;
    let lastCode = 'ETIMEOUT';
    for (let i = 0; i < servers.length; i++) {
      const server = servers[i]!;
      const share = (deadline - performance.now()) / (servers.length - i);
      if (share < 1) break;
      const id = randomInt(0, 0x10000);
      let query: Buffer;
      try {
        query = encodeQuery(id, name, type, edns);
      } catch {
        throw dnsError('EBADNAME', name, rrtype);
      }
      let response: DnsResponse;
      try {
        response = await askUdp(server, query, id, name, type, share);
        if (response.truncated) {
          const left = deadline - performance.now();
          response = await askTcp(server, query, id, name, type, left);
        }
      } catch (err) {
        if (!(err instanceof NoAnswer)) throw err;
        lastCode = err.code;
        continue;
      }
      // FORMERR from a server that does not know EDNS(0): the same server, without it.
      if (response.rcode === 1 && edns) {
        edns = false;
        i--;
        continue;
      }
      if (response.rcode === 3) {
        const outcome = { code: 'ENOTFOUND' } as const;
        keep(key, outcome, negativeTtl(response.authority));
        return outcome;
      }
      if (response.rcode !== 0) {
        lastCode = response.rcode === 5 ? 'EREFUSED' : 'ESERVFAIL';
        continue;
      }
      const { value, ttl } = answerOf(response, name, type);
      if (value.length === 0) {
        const outcome = { code: 'ENODATA' } as const;
        keep(key, outcome, negativeTtl(response.authority));
        return outcome;
      }
      const outcome = { value };
      keep(key, outcome, ttl);
      return outcome;
    }
    throw dnsError(lastCode, name, rrtype);
  }

  return async function lookup(rawName, rrtype) {
    const name = normalName(rawName);
    if (!(rrtype in RR_TYPES)) throw dnsError('ENOTIMP', name, rrtype);
    const key = `${rrtype} ${name}`;
    let outcome: Outcome;
    const hit = cache.get(key);
    if (hit && hit.expiresAt > opts.now()) {
      cache.delete(key);
      cache.set(key, hit);
      outcome = hit.outcome;
    } else {
      if (hit) drop(key);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = resolve(name, rrtype as RrType, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      outcome = await pending;
    }
    if ('code' in outcome) throw dnsError(outcome.code, name, rrtype);
    // A copy: mailauth sorts MX answers in place.
    return outcome.value.slice();
  };
}
