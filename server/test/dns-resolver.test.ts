import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDnsResolver,
  DNS_NEGATIVE_TTL_WITHOUT_SOA_SECONDS,
  type DnsLookup,
} from '../src/ingest/auth/dns-resolver';
import { encodeQuery, parseResponse, RR_TYPES } from '../src/ingest/auth/dns-message';
import { startDns, startSilentDns, type TestDns } from './helpers/dns-server';
import { createFakeClock } from './helpers/fake-clock';
import { seededRandom } from './helpers/random';

/** The TTL the authoritative test server gives every answer and its SOA. */
const TTL_SECONDS = 120;

/** A TXT answer longer than EDNS's 1232 bytes of UDP: it comes over TCP. */
const LONG_TEXT = 'k'.repeat(700);

const RECORDS = [
  { type: 'TXT', name: 'ttl.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'two.ttl.test', text: 'first' },
  { type: 'TXT', name: 'two.ttl.test', text: 'second' },
  { type: 'TXT', name: 'long.ttl.test', text: LONG_TEXT },
  { type: 'TXT', name: 'long.ttl.test', text: LONG_TEXT.toUpperCase() },
  { type: 'MX', name: 'ttl.test', exchange: 'mx1.ttl.test', priority: 10 },
  { type: 'MX', name: 'ttl.test', exchange: 'mx2.ttl.test', priority: 20 },
  { type: 'A', name: 'mx1.ttl.test', address: '192.0.2.10' },
  { type: 'A', name: 'mx1.ttl.test', address: '2001:db8::10' },
  { type: 'A', name: 'a.ttl.test', address: '192.0.2.20' },
] as const;

describe('the DNS resolver of the mail checks, against a real dnsmasq', () => {
  let auth: TestDns;
  let plain: TestDns;
  let silent: TestDns;
  beforeAll(async () => {
    [auth, plain, silent] = await Promise.all([
      startDns(['ttl.test'], [...RECORDS], { ttlSeconds: TTL_SECONDS }),
      startDns(['zero.test'], [{ type: 'TXT', name: 'zero.test', text: 'v=spf1 -all' }]),
      startSilentDns(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([auth?.stop(), plain?.stop(), silent?.stop()]);
  });

  /** A resolver on a fake clock, and a count of the questions `dns` got since it was made. */
  function setUp(dns: TestDns, opts: { timeoutMs?: number; maxEntries?: number } = {}) {
    const clock = createFakeClock();
    const before = dns.queries().length;
    const lookup = createDnsResolver({
      servers: [dns.server],
      timeoutMs: opts.timeoutMs ?? 2000,
      now: clock.now,
      ...(opts.maxEntries ? { maxEntries: opts.maxEntries } : {}),
    });
    return { clock, lookup, asked: () => dns.queries().slice(before) };
  }

  const codeOf = (lookup: DnsLookup, name: string, type: string) =>
    lookup(name, type).then(
      () => 'answer',
      (err: NodeJS.ErrnoException) => err.code,
    );

  it('keeps an answer for its TTL and asks again after it', async () => {
    const { clock, lookup, asked } = setUp(auth);
    expect(await lookup('ttl.test', 'TXT')).toEqual([['v=spf1 ip4:127.0.0.1 -all']]);
    clock.advance(TTL_SECONDS * 1000 - 1);
    expect(await lookup('TTL.test.', 'TXT')).toEqual([['v=spf1 ip4:127.0.0.1 -all']]);
    expect(asked()).toEqual(['TXT ttl.test']);
    clock.advance(1);
    expect(await lookup('ttl.test', 'TXT')).toEqual([['v=spf1 ip4:127.0.0.1 -all']]);
    expect(asked()).toEqual(['TXT ttl.test', 'TXT ttl.test']);
  });

  it('hands out the same record objects while it keeps an answer, and new ones after', async () => {
    // dkim-verify.ts keeps each parsed DKIM key beside the record object it came from.
    const { clock, lookup } = setUp(auth);
    const first = (await lookup('two.ttl.test', 'TXT')) as string[][];
    const again = (await lookup('two.ttl.test', 'TXT')) as string[][];
    expect(again).not.toBe(first);
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
    clock.advance(TTL_SECONDS * 1000);
    const renewed = (await lookup('two.ttl.test', 'TXT')) as string[][];
    expect(renewed).toEqual(first);
    expect(renewed[0]).not.toBe(first[0]);
  });

  it("keeps 'no such name' and 'no such record' for the SOA's time (RFC 2308)", async () => {
    const { clock, lookup, asked } = setUp(auth);
    expect(await codeOf(lookup, 'missing.ttl.test', 'TXT')).toBe('ENOTFOUND');
    expect(await codeOf(lookup, 'a.ttl.test', 'TXT')).toBe('ENODATA');
    clock.advance(TTL_SECONDS * 1000 - 1);
    expect(await codeOf(lookup, 'missing.ttl.test', 'TXT')).toBe('ENOTFOUND');
    expect(await codeOf(lookup, 'a.ttl.test', 'TXT')).toBe('ENODATA');
    expect(asked()).toEqual(['TXT missing.ttl.test', 'TXT a.ttl.test']);
    clock.advance(1);
    expect(await codeOf(lookup, 'missing.ttl.test', 'TXT')).toBe('ENOTFOUND');
    expect(asked()).toHaveLength(3);
  });

  it('asks every time for a TTL of 0, and keeps a negative answer without SOA briefly', async () => {
    const { clock, lookup, asked } = setUp(plain);
    await lookup('zero.test', 'TXT');
    await lookup('zero.test', 'TXT');
    expect(asked()).toEqual(['TXT zero.test', 'TXT zero.test']);
    expect(await codeOf(lookup, 'none.zero.test', 'TXT')).toBe('ENOTFOUND');
    clock.advance(DNS_NEGATIVE_TTL_WITHOUT_SOA_SECONDS * 1000 - 1);
    expect(await codeOf(lookup, 'none.zero.test', 'TXT')).toBe('ENOTFOUND');
    expect(asked()).toHaveLength(3);
    clock.advance(1);
    expect(await codeOf(lookup, 'none.zero.test', 'TXT')).toBe('ENOTFOUND');
    expect(asked()).toHaveLength(4);
  });

  it('asks once for the same question in flight', async () => {
    const { lookup, asked } = setUp(auth);
    const answers = await Promise.all([1, 2, 3].map(() => lookup('two.ttl.test', 'TXT')));
    expect(answers[0]).toEqual(expect.arrayContaining([['first'], ['second']]));
    expect(answers[1]).toEqual(answers[0]);
    expect(asked()).toEqual(['TXT two.ttl.test']);
  });

  it('gives the same records as node’s resolver, a truncated answer read over TCP', async () => {
    const { lookup } = setUp(auth);
    const node = new Resolver({ timeout: 2000, tries: 1 });
    node.setServers([auth.server]);
    const sorted = (v: unknown) => (v as unknown[]).map((x) => JSON.stringify(x)).sort();
    for (const [name, type] of [
      ['ttl.test', 'TXT'],
      ['two.ttl.test', 'TXT'],
      ['long.ttl.test', 'TXT'],
      ['ttl.test', 'MX'],
      ['mx1.ttl.test', 'A'],
      ['mx1.ttl.test', 'AAAA'],
    ] as const) {
      expect(sorted(await lookup(name, type)), `${type} ${name}`).toEqual(
        sorted(await node.resolve(name, type)),
      );
    }
    const long = (await lookup('long.ttl.test', 'TXT')) as string[][];
    expect(long.map((strings) => strings.join('')).sort()).toEqual(
      [LONG_TEXT, LONG_TEXT.toUpperCase()].sort(),
    );
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const { lookup, asked } = setUp(auth, { maxEntries: 2 });
    await lookup('ttl.test', 'TXT');
    await lookup('two.ttl.test', 'TXT');
    await lookup('ttl.test', 'TXT'); // kept; now the most recently used
    await lookup('ttl.test', 'MX'); // drops two.ttl.test
    expect(asked()).toHaveLength(3);
    await lookup('ttl.test', 'TXT');
    await lookup('ttl.test', 'MX');
    expect(asked()).toHaveLength(3);
    await lookup('two.ttl.test', 'TXT');
    expect(asked()).toEqual([
      'TXT ttl.test',
      'TXT two.ttl.test',
      'MX ttl.test',
      'TXT two.ttl.test',
    ]);
  });

  it('gives ETIMEOUT within the bound when the server never answers, and keeps nothing', async () => {
    const { lookup, asked } = setUp(silent, { timeoutMs: 300 });
    const startedAt = performance.now();
    expect(await codeOf(lookup, 'ttl.test', 'TXT')).toBe('ETIMEOUT');
    // The bound plus a scheduling margin.
    expect(performance.now() - startedAt).toBeLessThan(300 + 700);
    expect(await codeOf(lookup, 'ttl.test', 'TXT')).toBe('ETIMEOUT');
    expect(asked()).toHaveLength(2);
  });

  it('asks the next server when the first never answers, within the same bound', async () => {
    const clock = createFakeClock();
    const lookup = createDnsResolver({
      servers: [silent.server, auth.server],
      timeoutMs: 600,
      now: clock.now,
    });
    expect(await lookup('ttl.test', 'TXT')).toEqual([['v=spf1 ip4:127.0.0.1 -all']]);
  });

  it('reads broken and hostile responses as no answer, never throwing', async () => {
    // Real responses of dnsmasq, then mutated: bytes changed, cut short, counts raised.
    const real: Buffer[] = [];
    for (const [name, type] of [
      ['ttl.test', RR_TYPES.TXT],
      ['ttl.test', RR_TYPES.MX],
      ['mx1.ttl.test', RR_TYPES.AAAA],
      ['missing.ttl.test', RR_TYPES.TXT],
    ] as const) {
      real.push(await rawExchange(auth.server, encodeQuery(7, name, type, true)));
    }
    expect(real.map((r) => parseResponse(r)?.rcode)).toEqual([0, 0, 0, 3]);
    const random = seededRandom(24);
    let parsed = 0;
    for (let i = 0; i < 20_000; i++) {
      const bytes = Buffer.from(random.pick(real));
      const cut = random.next() < 0.3 ? random.int(bytes.length) : bytes.length;
      for (let n = random.int(4); n >= 0; n--) bytes[random.int(bytes.length)] = random.int(256);
      if (random.next() < 0.2) bytes.writeUInt16BE(random.int(0x10000), 6 + 2 * random.int(3));
      const response = parseResponse(bytes.subarray(0, cut));
      if (!response) continue;
      parsed++;
      // What is read is well formed: the checks never get a record of the wrong shape.
      for (const rr of response.answers) {
        if (rr.type === RR_TYPES.A) expect(isIPv4(rr.data as string)).toBe(true);
        if (rr.type === RR_TYPES.AAAA) expect(isIPv6(rr.data as string)).toBe(true);
        if (rr.type === RR_TYPES.TXT)
          expect((rr.data as string[]).every((t) => typeof t === 'string')).toBe(true);
        if (rr.type === RR_TYPES.MX)
          expect(rr.data).toEqual({ exchange: expect.any(String), priority: expect.any(Number) });
      }
    }
    // Some mutations leave a valid response: the reading was exercised both ways.
    expect(parsed).toBeGreaterThan(0);
    expect(parsed).toBeLessThan(20_000);

    // A server answering every question with its id and question and then garbage.
    const hostile = createSocket('udp4');
    hostile.on('message', (query, from) => {
      const reply = Buffer.concat([query, random.bytes(40)]);
      reply.writeUInt16BE(0x8180, 2);
      reply.writeUInt16BE(3, 6);
      hostile.send(reply, from.port, from.address);
    });
    await new Promise<void>((resolve) => hostile.bind(0, '127.0.0.1', resolve));
    try {
      const lookup = createDnsResolver({
        servers: [`127.0.0.1:${hostile.address().port}`],
        timeoutMs: 300,
        now: createFakeClock().now,
      });
      expect(await codeOf(lookup, 'ttl.test', 'TXT')).toBe('ETIMEOUT');
    } finally {
      hostile.close();
    }
  });

  it('refuses a name that is not ASCII at once, asking nothing', async () => {
    const { lookup, asked } = setUp(auth);
    expect(await codeOf(lookup, 'bücher.ttl.test', 'TXT')).toBe('EBADNAME');
    expect(await codeOf(lookup, 'a..ttl.test', 'TXT')).toBe('EBADNAME');
    expect(asked()).toEqual([]);
  });

  it('gives EREFUSED for a name the server does not serve, and asks again next time', async () => {
    const { lookup, asked } = setUp(auth);
    expect(await codeOf(lookup, 'example.org', 'TXT')).toBe('EREFUSED');
    expect(await codeOf(lookup, 'example.org', 'TXT')).toBe('EREFUSED');
    expect(asked()).toEqual(['TXT example.org', 'TXT example.org']);
  });
});

/** One query to `server` over UDP and its response, as sent. */
async function rawExchange(server: string, query: Buffer): Promise<Buffer> {
  const [host, port] = server.split(':');
  const socket = createSocket('udp4');
  try {
    return await new Promise<Buffer>((resolve) => {
      socket.once('message', resolve);
      socket.send(query, Number(port), host);
    });
  } finally {
    socket.close();
  }
}
