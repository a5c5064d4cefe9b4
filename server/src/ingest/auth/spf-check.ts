import { isIP, isIPv4, isIPv6 } from 'node:net';
import { authClause, type SpfOutcome } from './auth-results';
import type { DnsLookup } from './dns-resolver';

/**
 * SPF (RFC 7208) of the common case, without mailauth: records of `ip4`, `ip6`, `a`, `mx`,
 * `include` and `all` terms and a `redirect`, no macros, no CIDR lengths on `a` and `mx`, every
 * name answered. A fast path behind mailauth's `spf` (docs/architecture.md, "Fast paths"):
 * `checkSpf` answers in mailauth's words what it is sure of, null for everything else, which
 * message-auth.ts then hands to mailauth. Checked against mailauth 4.13.3 (`lib/spf/index.js`,
 * `spf-verify.js`); `spf-check.test.ts` holds the two equal.
 *
 * It asks the same questions as mailauth in the same order, A and AAAA for each `a` and `mx`
 * host included, so that what the checks count and the cache holds is the same either way. It
 * gives up (null) where mailauth would report an error: a name without records (mailauth counts
 * those against its limit of two), a DNS failure, more look-ups than mailauth allows (ten terms
 * past the first record, ten hosts per `mx`), a record it does not read as mailauth does.
 */

/** The facts as message-auth.ts gives them to mailauth's `spf`. */
export interface SpfFacts {
  /** MAIL FROM; '' for the null sender. */
  sender: string;
  ip: string;
  /** The HELO name as mailauth is given it (an address in brackets). */
  helo: string;
  /** Our host name, in the comment. */
  mta: string;
}

/** mailauth's own limits (`MAX_RESOLVE_COUNT`; the hosts of one `mx` have a count of their own). */
const MAX_TERMS = 10;
const MAX_MX_HOSTS = 10;

/**
 * Domains this path checks: LDH labels under an alphabetic top label, lower case. Joi's domain
 * rule (mailauth's check of the sender domain) and mailauth's look-up rule both take every such
 * name, and punycode leaves it as it is.
 */
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
/** Names a record points at (`include:_spf.example.com`): underscores allowed too. */
const TARGET =
  /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const PREFIX = /^(?:0|[1-9]\d{0,2})$/;

type Term =
  | { kind: 'all'; qualifier: string }
  | { kind: 'include'; qualifier: string; target: string }
  | { kind: 'a' | 'mx'; qualifier: string; target: string | null }
  | { kind: 'ip'; qualifier: string; family: 4 | 6; bits: Uint16Array; prefix: number | null };

interface SpfRecord {
  terms: Term[];
  redirect: string | null;
}

/** An IP address as eight 16-bit groups (IPv4 in the last two), for prefix matching. */
function ipBits(text: string, family: 4 | 6): Uint16Array | null {
  const bits = new Uint16Array(8);
  if (family === 4) {
    if (!IPV4.test(text)) return null;
    const [a, b, c, d] = text.split('.').map(Number) as [number, number, number, number];
    bits[6] = (a << 8) | b;
    bits[7] = (c << 8) | d;
    return bits;
  }
  // Plain hex groups with at most one "::"; an embedded IPv4 or a zone goes to mailauth.
  if (!isIPv6(text) || /[.%]/.test(text)) return null;
  const [head, tail, ...more] = text.toLowerCase().split('::');
  if (more.length) return null;
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  if (tail === undefined ? left.length !== 8 : left.length + right.length > 7) return null;
  left.forEach((g, i) => (bits[i] = parseInt(g, 16)));
  right.forEach((g, i) => (bits[8 - right.length + i] = parseInt(g, 16)));
  return bits;
}

/** Whether `addr` is `range` (no prefix: the same address, as mailauth compares them) or in it. */
function inRange(addr: Uint16Array, range: Uint16Array, family: 4 | 6, prefix: number | null) {
  let bits = prefix ?? (family === 4 ? 32 : 128);
  for (let i = family === 4 ? 6 : 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((addr[i]! & mask) !== (range[i]! & mask)) return false;
  }
  return true;
}

/**
 * A record as mailauth's `spfVerify` reads it, or null for anything this path leaves to it: a
 * term or modifier it does not take, a macro (`%`), a CIDR length on `a` or `mx`, an address
 * mailauth would refuse or compare in its own way, a second `redirect`.
 */
function readRecord(text: string): SpfRecord | null {
  const parts = text.trim().split(/\s+/).slice(1);
  const record: SpfRecord = { terms: [], redirect: null };
  for (const part of parts) {
    if (part.includes('%')) return null;
    const modifier = /^redirect=(.+)$/i.exec(part);
    if (modifier) {
      const target = modifier[1]!.replace(/\.$/, '');
      if (record.redirect !== null || !TARGET.test(target)) return null;
      record.redirect = target;
      continue;
    }
    const match = /^([+\-~?]?)([a-z0-9]+)(?::(.*))?$/i.exec(part);
    if (!match) return null;
    const qualifier = match[1] || '+';
    const kind = match[2]!.toLowerCase();
    const value = match[3];
    if (kind === 'all' && value === undefined) record.terms.push({ kind, qualifier });
    else if (kind === 'include' && value !== undefined) {
      const target = value.toLowerCase().replace(/\.$/, '');
      if (!TARGET.test(target)) return null;
      record.terms.push({ kind, qualifier, target });
    } else if (kind === 'a' || kind === 'mx') {
      // mailauth drops a final dot from `include` and `redirect` names, not from these.
      const target = value === undefined ? null : value.toLowerCase();
      if (target !== null && !TARGET.test(target)) return null;
      record.terms.push({ kind, qualifier, target });
    } else if ((kind === 'ip4' || kind === 'ip6') && value !== undefined) {
      const family = kind === 'ip4' ? 4 : 6;
      const [address, prefix, ...rest] = value.split('/');
      const bits = ipBits(address!, family);
      if (!bits || rest.length || (prefix !== undefined && !PREFIX.test(prefix))) return null;
      const length = prefix === undefined ? null : Number(prefix);
      // mailauth compares `ip6:…/0` as a plain address (its prefix parse drops a zero length).
      if (length !== null && (length > (family === 4 ? 32 : 128) || (family === 6 && !length)))
        return null;
      record.terms.push({ kind: 'ip', qualifier, family, bits, prefix: length });
    } else return null;
  }
  return record;
}

/** Where a check stands: mailauth's counts, which decide when it would stop with an error. */
interface Walk {
  lookup: DnsLookup;
  family: 4 | 6;
  addr: Uint16Array;
  /** Look-ups past the first record (mailauth's `resolveCount`, limit ten). */
  terms: number;
}

/** A thrown marker: this path gives up and mailauth answers. */
const GIVE_UP = Symbol('give up');

async function ask(walk: Walk, name: string, type: string): Promise<unknown[]> {
  try {
    return (await walk.lookup(name, type)) as unknown[];
  } catch {
    throw GIVE_UP;
  }
}

/** One term-counted look-up, as mailauth's limited resolver counts and refuses them. */
function counted(walk: Walk) {
  if (++walk.terms > MAX_TERMS) throw GIVE_UP;
}

/**
 * The addresses of `host` for the client's family, asked as mailauth's dual-stack resolver
 * asks: A and AAAA together, an error of the other family ignored, both empty a void.
 */
async function addresses(walk: Walk, host: string): Promise<unknown[]> {
  const [a, aaaa] = await Promise.allSettled([walk.lookup(host, 'A'), walk.lookup(host, 'AAAA')]);
  const mine = walk.family === 4 ? a : aaaa;
  const other = walk.family === 4 ? aaaa : a;
  const isVoid = (r: PromiseSettledResult<unknown>) =>
    r.status === 'rejected' &&
    ['ENOTFOUND', 'ENODATA'].includes((r.reason as NodeJS.ErrnoException | undefined)?.code ?? '');
  if (mine.status === 'fulfilled') return mine.value as unknown[];
  // A void here with the other family answering is no void for mailauth, and no match.
  if (isVoid(mine) && other.status === 'fulfilled') return [];
  throw GIVE_UP;
}

const matchesAny = (walk: Walk, list: unknown[]) =>
  list.some((ip) => {
    const bits = typeof ip === 'string' ? ipBits(ip, walk.family) : null;
    // An answer this path cannot read: mailauth compares it its own way.
    if (!bits) throw GIVE_UP;
    return inRange(walk.addr, bits, walk.family, null);
  });

/**
 * The qualifier of the first matching term of `domain`'s record, its redirect followed, '?' when
 * none matches, 'none' when there is no record (mailauth's `spfVerify`, errors excepted).
 */
async function evaluate(walk: Walk, domain: string, first: boolean): Promise<string> {
  if (!first) counted(walk);
  let answers: unknown[];
  try {
    answers = (await walk.lookup(domain, 'TXT')) as unknown[];
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    // No record at all is "none" at the top; anywhere else mailauth makes it an error.
    if (first && (code === 'ENOTFOUND' || code === 'ENODATA')) return 'none';
    throw GIVE_UP;
  }
  let text: string | null = null;
  for (const answer of answers) {
    if (!Array.isArray(answer)) throw GIVE_UP;
    const row = answer.join('');
    if (row.trim().split(/\s+/)[0]!.toLowerCase() !== 'v=spf1') continue;
    // Two records, or characters outside printable ASCII: errors, in mailauth's words.
    if (text !== null || /[^\x20-\x7e]/.test(row)) throw GIVE_UP;
    text = row;
  }
  if (text === null) {
    if (first) return 'none';
    throw GIVE_UP;
  }
  const record = readRecord(text);
  if (!record) throw GIVE_UP;
  for (const term of record.terms) {
    switch (term.kind) {
      case 'all':
        return term.qualifier;
      case 'ip':
        if (term.family === walk.family && inRange(walk.addr, term.bits, term.family, term.prefix))
          return term.qualifier;
        break;
      case 'include':
        if ((await evaluate(walk, term.target, false)) === '+') return term.qualifier;
        break;
      case 'a':
        counted(walk);
        if (matchesAny(walk, await addresses(walk, term.target ?? domain))) return term.qualifier;
        break;
      case 'mx': {
        counted(walk);
        const hosts = (await ask(walk, term.target ?? domain, 'MX')) as {
          exchange: string;
          priority: number;
        }[];
        let asked = 0;
        for (const mx of [...hosts].sort((x, y) => x.priority - y.priority)) {
          if (!mx.exchange) continue;
          if (++asked > MAX_MX_HOSTS || !TARGET.test(mx.exchange)) throw GIVE_UP;
          if (matchesAny(walk, await addresses(walk, mx.exchange))) return term.qualifier;
        }
        break;
      }
    }
  }
  return record.redirect === null ? '?' : evaluate(walk, record.redirect, false);
}

/** mailauth's result word and comment for each outcome (`verify` in its lib/spf/index.js). */
const COMMENTS: Record<string, [string, (f: SpfFacts & { domain: string }) => string]> = {
  '+': ['pass', (f) => `${f.mta}: domain of ${f.sender} designates ${f.ip} as permitted sender`],
  '~': [
    'softfail',
    (f) =>
      `${f.mta}: domain of transitioning ${f.sender} does not designate ${f.ip} as permitted sender`,
  ],
  '-': [
    'fail',
    (f) => `${f.mta}: domain of ${f.sender} does not designate ${f.ip} as permitted sender`,
  ],
  '?': [
    'neutral',
    (f) => `${f.mta}: ${f.ip} is neither permitted nor denied by domain of ${f.sender}`,
  ],
  none: ['none', (f) => `${f.mta}: ${f.domain} does not designate permitted sender hosts`],
};

/**
 * SPF of the sender the way mailauth's `spf` gives it, for the common case; null to leave it to
 * mailauth. Every question goes through `lookup`, as mailauth's would.
 */
export async function checkSpf(facts: SpfFacts, lookup: DnsLookup): Promise<SpfOutcome | null> {
  // The sender and address as mailauth settles them before it starts.
  let sender = facts.sender || `postmaster@${facts.helo}`;
  const mapped = /^[:A-F]+:((\d+\.){3}\d+)$/i.exec(facts.ip);
  const ip = mapped ? mapped[1]! : facts.ip;
  const at = sender.indexOf('@');
  if (at < 0) sender = `postmaster@${sender}`;
  else if (at === 0) sender = `postmaster${sender}`;
  const domain = sender.split('@').pop()!.toLowerCase().trim() || '-';
  const family = isIP(ip);
  if (!DOMAIN.test(domain) || (family !== 4 && family !== 6)) return null;
  const addr = ipBits(ip, family);
  if (!addr || (family === 4 && !isIPv4(ip))) return null;

  let qualifier: string;
  try {
    qualifier = await evaluate({ lookup, family, addr, terms: 0 }, domain, true);
  } catch (err) {
    if (err === GIVE_UP) return null;
    throw err;
  }
  const [result, comment] = COMMENTS[qualifier]!;
  return {
    domain,
    result,
    info: authClause('spf', result, comment({ ...facts, sender, ip, domain }), [
      ['smtp.mailfrom', sender],
      ['smtp.helo', facts.helo],
    ]),
  };
}
