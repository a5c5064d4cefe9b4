import { authClause, orgDomain, type DmarcInput, type DmarcOutcome } from './auth-results';
import type { DnsLookup } from './dns-resolver';

/**
 * DMARC (RFC 7489) of the common case, without mailauth: one From address of a plain ASCII
 * domain, every domain in play plain ASCII, every DNS question answered or "no such name".
 * A fast path behind mailauth's `dmarc` (docs/architecture.md, "Fast paths"): `checkDmarc`
 * answers in mailauth's words what it is sure of, null for everything else, which
 * message-auth.ts then hands to mailauth. Checked against mailauth 4.13.3 (`lib/dmarc/verify.js`,
 * `get-dmarc-record.js`, `getAlignment` in `lib/tools.js`); `dmarc-check.test.ts` holds the two
 * equal. mailauth's own readings are kept where they differ from the RFC: alignment is always
 * relaxed (it passes `{ strict }` where a boolean is read, so `adkim=s` and `aspf=s` change
 * nothing), and a record's tags are split as it splits them.
 */

/** Printable ASCII without `@`: a name punycode leaves as it is, so both paths compare the same. */
const PLAIN = /^[\x21-\x3f\x41-\x7e]+$/;

/** Thrown to leave the check to mailauth. */
const GIVE_UP = Symbol('give up');

/** The DMARC record of `domain`, mailauth's `resolveTxt`: exactly one `v=DMARC1` record, or false. */
async function recordOf(domain: string, lookup: DnsLookup): Promise<string | false> {
  let answers: unknown;
  try {
    answers = await lookup(`_dmarc.${domain}`, 'TXT');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return false;
    throw GIVE_UP;
  }
  if (!Array.isArray(answers)) throw GIVE_UP;
  const rows = answers
    .map((row: unknown) => {
      if (!Array.isArray(row)) throw GIVE_UP;
      return row.join('').trim();
    })
    .filter((row) => /^v=DMARC1\b/i.test(row));
  return rows.length === 1 ? rows[0]! : false;
}

/** The tags of a record, split as mailauth's `getDmarcRecord` splits them (the last one wins). */
function tagsOf(record: string): Map<string, string | false> {
  const tags = new Map<string, string | false>();
  for (const part of record.split(';')) {
    const entry = part.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    if (eq < 0) tags.set(entry.toLowerCase().trim(), false);
    else if (eq > 0) tags.set(entry.slice(0, eq).toLowerCase().trim(), entry.slice(eq + 1));
  }
  return tags;
}

/** mailauth's `getAlignment` as DMARC calls it: the organisational domains compared. */
function aligned(fromDomain: string, domains: { domain: string; underSized?: number }[]): boolean {
  const org = (d: string) => (orgDomain(d) || d).toLowerCase();
  const from = fromDomain.toLowerCase();
  const fromOrg = org(from);
  return domains.some((entry) => {
    const d = org(entry.domain);
    return d === from || d === fromOrg;
  });
}

/**
 * DMARC of the message the way mailauth's `dmarc` gives it, for the common case: false (no DMARC
 * clause) unless there is exactly one From address, as mailauth; null to leave it to mailauth.
 */
export async function checkDmarc(
  input: DmarcInput,
  lookup: DnsLookup,
): Promise<DmarcOutcome | false | null> {
  if (input.headerFrom.length !== 1) return false;
  const from = input.headerFrom[0]!;
  const at = from.indexOf('@');
  const domain = (at >= 0 ? from.slice(at + 1) : from).toLowerCase().trim();
  const all = [...input.spfDomains, ...input.dkimDomains.map((d) => d.domain)];
  if (!PLAIN.test(domain) || !all.every((d) => PLAIN.test(d))) return null;
  const org = orgDomain(domain);
  // mailauth would then ask for `_dmarc.null`.
  if (!org) return null;

  let record: string | false;
  try {
    record = await recordOf(domain, lookup);
    if (!record && org !== domain) record = await recordOf(org, lookup);
  } catch (err) {
    if (err === GIVE_UP) return null;
    throw err;
  }
  if (!record) {
    return {
      domain: org,
      result: 'none',
      info: authClause('dmarc', 'none', false, [['header.from', org]]),
    };
  }
  const tags = tagsOf(record);
  const p = tags.get('p');
  const sp = tags.get('sp');
  const comment = [
    ...(p ? [`p=${p.toUpperCase()}`] : []),
    ...(sp ? [`sp=${sp.toUpperCase()}`] : []),
  ].join(' ');
  const pass =
    aligned(domain, input.dkimDomains) ||
    aligned(
      domain,
      input.spfDomains.map((d) => ({ domain: d })),
    );
  const result = pass ? 'pass' : 'fail';
  return {
    domain: org,
    result,
    info: authClause('dmarc', result, comment || false, [
      ['header.from', org],
      // mailauth's `domain.split('_dmarc.').pop()`.
      ['header.d', domain.split('_dmarc.').pop()],
    ]),
  };
}
