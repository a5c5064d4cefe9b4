import type { AuthResult } from '@et/common';
import {
  authenticate,
  dmarc,
  spf,
  type DMARCOptions,
  type DNSResolver,
  type SPFOptions,
  type SPFResult,
} from 'mailauth';
import { isIP } from 'node:net';
import type { SenderCheck, SenderFacts } from '../../domain/message';
import {
  fromAddresses,
  hasDkimSignature,
  headerBlockEnd,
  MAX_DKIM_HEADER_BYTES,
} from './auth-bounds';
import { authResultsField } from './auth-results';
import type { DnsLookup } from './dns-lookup';

/** What the checks of one message came to. */
export interface AuthOutcome extends SenderCheck {
  /** The From addresses mailauth read; DMARC judges a message that has exactly one. */
  headerFrom: string[];
}

export interface CheckSenderOptions {
  /** Our host name (`SMTP_HOSTNAME`): the authserv-id of our field, the MTA in SPF's words. */
  hostname: string;
  /** The deadline of the whole check (`DNS_TIMEOUT_MS`): what it cuts says `temperror`. */
  timeoutMs: number;
  /** Every DNS question of the check goes through it. */
  lookup: DnsLookup;
}

/**
 * DKIM keys looked up per message, as OpenDKIM's `MaximumSignaturesToVerify`: each costs a
 * question and an RSA verification; the rest are `temperror`, and the best signature decides.
 * The newest ARC set's two signatures, which mailauth verifies with ARC off, count too.
 */
export const MAX_DKIM_SIGNATURES = 5;

/**
 * Other questions DKIM and SPF may ask for one message: mailauth's RFC 7208 limits still allow
 * 211 (ten look-ups per `mx` and `ptr` term); 40 leaves room for a record that uses all ten
 * terms. Past it SPF is `permerror` (docs/architecture.md, "The header cap").
 */
export const MAX_SPF_QUESTIONS = 40;

/**
 * The share of the deadline kept for DMARC: when the sender's own name servers never answer
 * DKIM and SPF, DMARC still asks the From domain, so a spoof of a bank keeps its `fail`.
 */
const DMARC_SHARE = 0.25;

const LATE = Symbol('late');

/** A moment `ms` from now that questions race against; `passed` once it has come. */
function deadlineIn(ms: number) {
  let passed = false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => {
      passed = true;
      resolve(LATE);
    }, ms);
  });
  return {
    get passed() {
      return passed;
    },
    race: <T>(answer: Promise<T>) => Promise.race([answer, late]),
    clear: () => clearTimeout(timer),
  };
}
type Deadline = ReturnType<typeof deadlineIn>;

const dnsError = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

/**
 * The DNS questions of one message's check: each asked once (a memo for the check, not a cache:
 * TTLs are the caching resolver's), failing as a timeout past `deadline`; DKIM's and SPF's
 * (`bounded`) stop at their limits above, DMARC's two always go.
 */
function questionsOfOneCheck(lookup: DnsLookup) {
  const asked = new Map<string, Promise<unknown>>();
  let keys = 0;
  let others = 0;
  return (deadline: Deadline, bounded: boolean): DnsLookup =>
    (name, rrtype) => {
      if (deadline.passed) return Promise.reject(dnsError('DNS deadline passed', 'ETIMEOUT'));
      const key = rrtype === 'TXT' && name.includes('._domainkey.');
      // Counted when asked, answered or not: each key look-up is also an RSA verification.
      if (bounded && key && ++keys > MAX_DKIM_SIGNATURES) {
        return Promise.reject(dnsError('Too many DKIM signatures', 'ETOOMANY'));
      }
      const question = `${rrtype} ${name.toLowerCase()}`;
      let answer = asked.get(question);
      if (!answer) {
        if (bounded && !key && ++others > MAX_SPF_QUESTIONS) {
          const text = 'Too many DNS requests';
          return Promise.reject(
            dnsError(text, 'ETOOMANY', { spfResult: { error: 'permerror', text } }),
          );
        }
        answer = (async () => lookup(name, rrtype))();
        asked.set(question, answer);
      }
      return deadline.race(answer).then((value) => {
        if (value === LATE) throw dnsError('DNS deadline passed', 'ETIMEOUT');
        // A copy: mailauth sorts MX answers in place.
        return Array.isArray(value) ? value.slice() : value;
      });
    };
}

/** RFC 8601's result words, the best of a message's DKIM signatures first. */
const WORDS: readonly AuthResult[] = [
  'pass',
  'temperror',
  'fail',
  'permerror',
  'neutral',
  'softfail',
  'none',
];

/** An RFC 8601 result word for mailauth's: its `temperr`, and `policy` (a key too short), too. */
function word(result: string | undefined): AuthResult {
  if (result === 'temperr') return 'temperror';
  if (result === 'policy') return 'fail';
  return WORDS.find((w) => w === result) ?? 'none';
}

/** The best result among a message's signatures: one pass is enough to say pass. */
function dkimWord(results: readonly string[]): AuthResult {
  const words = results.map(word);
  return WORDS.find((w) => words.includes(w)) ?? 'none';
}

/** A domain kept to the characters a domain may carry, for the API. */
const safe = (text: string) => text.replace(/[^\x21-\x7e]/g, '');

/** What DKIM and SPF came to, and what DMARC is given of them. */
interface FirstChecks {
  /** Each DKIM signature's result word and clause, in mailauth's order. */
  dkim: { result: string; info: string }[];
  /** The signatures that passed, as mailauth's `authenticate()` gives them to DMARC. */
  dkimDomains: NonNullable<DMARCOptions['dkimDomains']>;
  spf: SPFResult;
  headerFrom: string[];
}

/** SPF's facts, as mailauth's `authenticate()` gives them to its `spf()`. */
type SpfFacts = SPFOptions & { sender: string; helo: string; mta: string };

/** DKIM and SPF by mailauth's `authenticate()`, without DMARC (asked apart), ARC and BIMI. */
async function stockChecks(raw: Buffer, facts: SpfFacts): Promise<FirstChecks> {
  const result = await authenticate(raw, {
    ...facts,
    disableArc: true,
    disableBimi: true,
    disableDmarc: true,
  });
  const signatures = result.dkim.results;
  return {
    dkim: signatures.map((r) => ({ result: r.status.result, info: r.info })),
    dkimDomains: signatures
      .filter((r) => r.status.result === 'pass')
      .map((r) => ({
        id: r.id,
        domain: r.signingDomain,
        aligned: r.status.aligned,
        underSized: r.status.underSized,
      })),
    // Always given: `authenticate()` runs `spf()` on every message (its types allow `false`).
    spf: result.spf as SPFResult,
    headerFrom: result.dkim.headerFrom,
  };
}

/**
 * A message whose header block is past `MAX_DKIM_HEADER_BYTES`: mailauth's `spf()` as
 * `authenticate()` calls it, no DKIM verification (`permerror`, or mailauth's `none` for an
 * unsigned message), and the From addresses of one pass over the header for DMARC.
 */
async function overCapChecks(header: string, facts: SpfFacts): Promise<FirstChecks> {
  const dkim = hasDkimSignature(header)
    ? { result: 'permerror', info: 'dkim=permerror (header too large to verify)' }
    : { result: 'none', info: 'dkim=none (message not signed)' };
  return {
    dkim: [dkim],
    dkimDomains: [],
    spf: await spf(facts),
    headerFrom: fromAddresses(header),
  };
}

/** The outcome of a check that failed as a whole, or did not finish: nothing is known. */
export function temperror(hostname: string): AuthOutcome {
  return {
    results: { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', domain: null },
    header: authResultsField(hostname, ['dkim=temperror', 'spf=temperror', 'dmarc=temperror']),
    headerFrom: [],
  };
}

/**
 * SPF (RFC 7208), DKIM (RFC 6376) and DMARC (RFC 7489) by mailauth as shipped: `authenticate()`
 * for DKIM and SPF (ARC and BIMI off: we report neither), then `dmarc()` as `authenticate()`
 * would call it. More than one From address is DMARC `permerror`, where mailauth gives nothing
 * that would read as `none` (RFC 7489 §6.6.1). Never rejects: a failure is `temperror`.
 */
export async function checkSender(
  raw: Buffer,
  facts: SenderFacts,
  opts: CheckSenderOptions,
): Promise<AuthOutcome> {
  const ask = questionsOfOneCheck(opts.lookup);
  const whole = deadlineIn(opts.timeoutMs);
  const first = deadlineIn(opts.timeoutMs * (1 - DMARC_SHARE));
  try {
    const ip = facts.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const spfFacts: SpfFacts = {
      sender: facts.sender,
      ip,
      // As `authenticate()` makes it: an address literal, or the client's address without one.
      helo: isIP(facts.helo) ? `[${facts.helo}]` : facts.helo || `[${ip}]`,
      mta: opts.hostname,
      resolver: ask(first, true) as DNSResolver,
    };
    const end = headerBlockEnd(raw);
    const checks =
      end <= MAX_DKIM_HEADER_BYTES
        ? await stockChecks(raw, spfFacts)
        : await overCapChecks(raw.toString('latin1', 0, end), spfFacts);

    let dmarcWord: AuthResult = 'none';
    let dmarcClause: string | null = null;
    let domain: string | null = null;
    if (checks.headerFrom.length > 1) {
      dmarcWord = 'permerror';
      dmarcClause = 'dmarc=permerror (more than one From address)';
    } else if (checks.headerFrom.length === 1) {
      const result = await dmarc({
        headerFrom: checks.headerFrom,
        spfDomains: checks.spf.status.result === 'pass' ? [checks.spf.domain] : [],
        dkimDomains: checks.dkimDomains,
        resolver: ask(whole, false) as DNSResolver,
      }).catch(() => null);
      dmarcWord = result === null ? 'temperror' : word(result ? result.status.result : undefined);
      dmarcClause = result === null ? 'dmarc=temperror' : result ? result.info : null;
      if (dmarcWord === 'pass' && result) domain = safe(result.domain) || null;
    }

    return {
      results: {
        spf: word(checks.spf.status.result),
        dkim: dkimWord(checks.dkim.map((r) => r.result)),
        dmarc: dmarcWord,
        domain,
      },
      header: authResultsField(opts.hostname, [
        ...checks.dkim.map((r) => r.info),
        checks.spf.info,
        ...(dmarcClause ? [dmarcClause] : []),
      ]),
      headerFrom: checks.headerFrom,
    };
  } catch {
    return temperror(opts.hostname);
  } finally {
    whole.clear();
    first.clear();
  }
}
