import type { MessageAuthentication } from '@et/common';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dkimVerify, dmarc, spf } from 'mailauth';
import { dkimInput, MAX_KEY_RECORD_BYTES, spfRecordOverBound, type FromInput } from './auth-bounds';
import {
  authClause,
  type DkimOutcome,
  type DkimSignatureOutcome,
  type DmarcInput,
  type DmarcOutcome,
  type SpfOutcome,
} from './auth-results';
import { bodyHash, canonicalBody, type BodyHash, type CanonicalBody } from './dkim-body';
import { verifyDkim } from './dkim-verify';
import { checkDmarc } from './dmarc-check';
import type { DnsLookup } from './dns-resolver';
import { checkSpf, type SpfFacts } from './spf-check';
import { checkSource } from '../source-hash';

/**
 * SPF (RFC 7208), DKIM (RFC 6376) and DMARC (RFC 7489) of one message. The plain path is
 * mailauth, and this is the only file that imports it; checked against mailauth 4.13.3 (its
 * 5.x line needs Node 22), the release the fast paths copy (auth-results.test.ts fails on any
 * other). Each check first asks its fast path (dkim-verify.ts, spf-check.ts, dmarc-check.ts),
 * which answers the common case in mailauth's words and leaves the rest to mailauth
 * (docs/architecture.md, "Fast paths"). mailauth is given what it reads in linear time
 * (auth-bounds.ts); what is past those bounds gets permerror.
 */
export const CHECKED_MAILAUTH_VERSION = '4.13.3';

/** Which checks take their fast path; each is `FAST_PATHS_OFF`'s to turn off. */
export interface AuthFastPaths {
  dkim: boolean;
  spf: boolean;
  dmarc: boolean;
}

export interface MessageAuthOptions {
  lookup: DnsLookup;
  /** Our host name, the authserv-id of the Authentication-Results field. */
  hostname: string;
  /**
   * The whole check ends within this: DKIM and SPF within three quarters of it, DMARC within
   * the rest; a step that did not finish is temperror.
   */
  timeoutMs: number;
  /** The fast paths to take; all by default. */
  fastPaths?: AuthFastPaths;
  /** Told the work of each check (the tests and the bench count it). */
  onWork?: (work: AuthWork) => void;
  /** Told which path answered each check (the tests hold the fast paths to their cases). */
  onAnswered?: (answered: AnsweredBy) => void;
}

/** What the SMTP session knows of the sender. */
export interface SenderFacts {
  ip: string;
  helo: string;
  /** MAIL FROM; '' for the null sender. */
  sender: string;
}

export interface AuthOutcome {
  results: MessageAuthentication;
  /** `Authentication-Results: …` (RFC 8601), folded, without its final line break. */
  header: string;
}

export type CheckMessage = (raw: Buffer, facts: SenderFacts) => Promise<AuthOutcome>;

/** Which path gave each check's answer; null for a check that did not run or did not finish. */
export interface AnsweredBy {
  dkim: 'fast' | 'plain' | null;
  spf: 'fast' | 'plain' | null;
  dmarc: 'fast' | 'plain' | null;
}

const WORDS = new Set(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);

/** An RFC 8601 result word for whatever mailauth says ('temperr' and 'policy' included). */
function word(result: string | undefined): MessageAuthentication['spf'] {
  if (result === 'temperr') return 'temperror';
  if (result === 'policy') return 'fail';
  return (result && WORDS.has(result) ? result : 'none') as MessageAuthentication['spf'];
}

/** The best DKIM result among the signatures: one pass is enough to say pass. */
function dkimWord(results: readonly DkimSignatureOutcome[]): MessageAuthentication['dkim'] {
  if (results.length === 0) return 'none';
  const words = results.map((r) => word(r.result));
  for (const w of ['pass', 'temperror', 'fail', 'permerror', 'neutral', 'softfail'] as const) {
    if (words.includes(w)) return w;
  }
  return 'none';
}

/**
 * DKIM signatures verified per message, the first ones in the header (newest first), as
 * OpenDKIM's `MaximumSignaturesToVerify` does: each costs an RSA verification and a DNS lookup,
 * and a message with 50 of them cost 25 ms of CPU (bench/README.md, "Mail checks").
 */
export const MAX_DKIM_SIGNATURES = 5;

/** A header value's characters kept to what a header may carry. */
const safe = (text: string) => text.replace(/[^\x21-\x7e]/g, '');

/**
 * SPF queries one message may cause, the nested includes, `a`, `mx` and `ptr` terms all counted,
 * beyond which SPF is permerror. RFC 7208 §4.6.4 allows ten DNS terms, each `mx` or `ptr` up to
 * ten address look-ups more (each an A and an AAAA question for mailauth): 200 questions and
 * more for one message, all the sender's to choose. Records in use ask far fewer (an include of
 * a mail provider's record: two to five); the hostile-mail budget is in bench/README.md,
 * "Mail checks".
 */
export const MAX_SPF_QUERIES = 20;

/** The part of the deadline kept for DMARC, so that slow SPF or DKIM servers leave it time. */
const DMARC_SHARE = 0.25;

/** Work one check did, for the tests and the bench: questions asked, signatures verified. */
export interface AuthWork {
  queries: { dkim: number; spf: number; dmarc: number };
  signatures: number;
}

const LATE = Symbol('late');

/**
 * A moment (performance.now()) that promises race against, with one timer for all of them, set
 * on the first race: a check whose answers are all in the cache makes two timers, not one per
 * question. `clear` stops it.
 */
function deadlineAt(at: number) {
  let late: Promise<typeof LATE> | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    at,
    race<T>(promise: Promise<T>): Promise<T | typeof LATE> {
      late ??= new Promise((resolve) => {
        timer = setTimeout(() => resolve(LATE), Math.max(0, at - performance.now()));
      });
      return Promise.race([promise, late]);
    },
    clear: () => clearTimeout(timer),
  };
}
type Deadline = ReturnType<typeof deadlineAt>;

const deadlineError = () => Object.assign(new Error('DNS deadline'), { code: 'ETIMEOUT' });

/**
 * A lookup that counts, stops at `max` questions, and ends by `deadline`: a question still out
 * then is ETIMEOUT, which mailauth reads as temperror, and one asked after it fails at once, so
 * that no work outlives the check.
 */
function budgeted(
  lookup: DnsLookup,
  deadline: Deadline,
  count: (n: number) => void,
  max = Infinity,
): DnsLookup {
  let asked = 0;
  count(0);
  return (name, rrtype) => {
    if (performance.now() >= deadline.at) return Promise.reject(deadlineError());
    if (++asked > max) {
      return Promise.reject(
        Object.assign(new Error('Too many DNS requests'), {
          code: 'ETOOMANY',
          spfResult: { error: 'permerror', text: 'Too many DNS requests' },
        }),
      );
    }
    count(asked);
    return deadline.race(lookup(name, rrtype)).then((answer) => {
      if (answer === LATE) throw deadlineError();
      return answer;
    });
  };
}

/**
 * `lookup` with each question asked at most once for the life of the returned function (one
 * check): a fast path that leaves a check to mailauth has its answers used again, also those
 * the resolver does not keep (a TTL of 0), so leaving costs no question twice. A copy of each
 * answer, as the resolver gives: mailauth sorts MX answers in place.
 */
function askedOnce(lookup: DnsLookup): DnsLookup {
  const asked = new Map<string, Promise<unknown>>();
  return (name, rrtype) => {
    const key = `${rrtype} ${name}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = lookup(name, rrtype);
      asked.set(key, answer);
    }
    return answer.then((value) => (Array.isArray(value) ? value.slice() : value));
  };
}

/** An Authentication-Results clause folded at spaces near 160 columns (RFC 5322 §2.2.3). */
function fold(clause: string): string {
  const lines: string[] = [];
  let line = '';
  // A line break inside a clause (from a hostile selector or address) would end the field.
  for (const word of clause.replace(/[\r\n]+/g, ' ').split(' ')) {
    if (line && line.length + 1 + word.length > 160) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join('\r\n ');
}

/** A DKIM clause of ours for a signature mailauth is not given, in mailauth's words. */
const dkimClause = (result: string, comment: string): DkimSignatureOutcome => ({
  result,
  info: authClause('dkim', result, comment, []),
});

/** The From addresses of a message mailauth's DKIM does not read, as DMARC needs them. */
async function fromOf(from: FromInput, sender: string, lookup: DnsLookup): Promise<string[]> {
  if (from.kind === 'scanned') return from.addresses;
  // The From fields alone, which mailauth reads as in the whole header: no signature, no DNS.
  return (await dkimVerify(from.header, { sender, resolver: lookup as never })).headerFrom;
}

/**
 * `lookup` with the key records past `MAX_KEY_RECORD_BYTES` refused as mailauth refuses a key it
 * cannot read (EINVALIDVAL: neutral, "invalid public key"), before its tag parser sees them.
 */
function boundedKeys(lookup: DnsLookup): DnsLookup {
  return async (name, rrtype) => {
    const answer = await lookup(name, rrtype);
    const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
    if (Array.isArray(first) && first.join('').length > MAX_KEY_RECORD_BYTES) {
      throw Object.assign(new Error('Key record too large'), { code: 'EINVALIDVAL' });
    }
    return answer;
  };
}

/**
 * `lookup` with the SPF records past the bounds of `spfRecordOverBound` answered as an error
 * that mailauth reports as permerror, before its record and name patterns see them.
 */
function boundedSpf(lookup: DnsLookup): DnsLookup {
  return async (name, rrtype) => {
    const answer = await lookup(name, rrtype);
    if (rrtype !== 'TXT' || !Array.isArray(answer)) return answer;
    for (const row of answer) {
      const over = Array.isArray(row) ? spfRecordOverBound(row.join('')) : null;
      if (over) {
        throw Object.assign(new Error(over), {
          code: 'ESPFBOUND',
          spfResult: { error: 'permerror', text: over },
        });
      }
    }
    return answer;
  };
}

const requireHere = createRequire(import.meta.url);

/** One of mailauth's body hashers, as its DKIM verifier uses it. */
interface MailauthBodyHasher {
  maxBodyLength: unknown;
  update(chunk: Buffer): void;
  digest(encoding: 'base64'): string;
  getMimeStructureStart(): number | undefined;
  setContentType(contentType: unknown): void;
  byteLength: number;
  canonicalizedLength: number;
  bodyHashedBytes: number;
}

/** mailauth's DKIM verifier (`lib/dkim/dkim-verifier.js`), what of it is used here. */
interface MailauthDkimVerifier {
  bodyHashes: Map<string, MailauthBodyHasher>;
  headerFrom: string[];
  results: Awaited<ReturnType<typeof dkimVerify>>['results'];
  messageHeaders(headers: unknown): Promise<void>;
  writeAsync(chunk: Buffer): Promise<void>;
  finish(): Promise<void>;
}

const { DkimVerifier } = requireHere('mailauth/lib/dkim/dkim-verifier.js') as {
  DkimVerifier: new (options: object) => MailauthDkimVerifier;
};
const { MessageParser } = requireHere('mailauth/lib/dkim/message-parser.js') as {
  MessageParser: unknown;
};
const { RelaxedHash } = requireHere('mailauth/lib/dkim/body/relaxed.js') as {
  RelaxedHash: new () => MailauthBodyHasher;
};
const { SimpleHash } = requireHere('mailauth/lib/dkim/body/simple.js') as { SimpleHash: unknown };

/**
 * sha256 of the sources of mailauth's DKIM verifier, its message parser and its two body
 * hashers, which `verifyGiven` relies on and `dkim-body.ts` mirrors.
 */
export const EXPECTED_DKIM_SOURCES_SHA256 = '0cb2f2b17aa832f6';
checkSource(
  [DkimVerifier, MessageParser, RelaxedHash, SimpleHash].join('\n'),
  EXPECTED_DKIM_SOURCES_SHA256,
  `mailauth's DKIM verifier or body hashers (checked against ${CHECKED_MAILAUTH_VERSION})`,
  'ingest/message-auth.ts and ingest/dkim-body.ts',
);

/**
 * A body hasher of mailauth's with its hash made already, from the whole body (dkim-body.ts):
 * given nothing, it gives what the hasher it stands for would have for that body. Its MIME
 * structure start (where the first boundary of a multipart body is, which mailauth's hashers
 * look for byte by byte) is not made: mailauth only copies it into its results, and nothing
 * here reads it.
 */
function madeHasher(own: MailauthBodyHasher, hashed: BodyHash, bodyLength: number) {
  return {
    maxBodyLength: own.maxBodyLength,
    byteLength: bodyLength,
    bodyHashedBytes: hashed.hashedBytes,
    canonicalizedLength: hashed.canonicalLength,
    update() {},
    setContentType() {},
    digest: () => hashed.hash,
    getMimeStructureStart: () => undefined,
  };
}

/**
 * mailauth's `dkimVerify` of a message given as its header (ending in the blank line) and its
 * body with mailauth's line ends, without its body hashers' byte loops: the verifier reads the
 * header, and each hasher it makes for it (one per canonicalisation, hash and `l=`, keyed
 * `canon:hash:l`) is put in the place of one whose hash dkim-body.ts made from the body, as
 * mailauth's hasher makes it of a body written in one piece. The body is never written to it.
 */
async function verifyGiven(
  header: Buffer,
  body: Buffer,
  options: { sender: string; resolver: DnsLookup },
): Promise<Pick<MailauthDkimVerifier, 'headerFrom' | 'results'>> {
  const verifier = new DkimVerifier(options);
  const readHeaders = verifier.messageHeaders.bind(verifier);
  const canonical = new Map<string, CanonicalBody>();
  verifier.messageHeaders = async (headers) => {
    await readHeaders(headers);
    for (const [key, own] of verifier.bodyHashes) {
      const canon = own instanceof RelaxedHash ? 'relaxed' : 'simple';
      let made = canonical.get(canon);
      if (!made) canonical.set(canon, (made = canonicalBody(body, canon)));
      const algorithm = key.split(':')[1]!;
      verifier.bodyHashes.set(
        key,
        madeHasher(own, bodyHash(made, algorithm, own.maxBodyLength), body.length),
      );
    }
  };
  await verifier.writeAsync(header);
  await verifier.finish();
  return verifier;
}

/**
 * The plain path: mailauth's checks, their results in the shape the fast paths give them. They
 * are the steps of mailauth's `authenticate` without ARC and BIMI, each given what it reads in
 * linear time (auth-bounds.ts): a message past a bound of its header gets a DKIM permerror and
 * DMARC on its From, a signature field past one is reported as permerror and not verified, a
 * DNS record past one is refused (spf=permerror, or a key mailauth cannot read).
 */
export const plainChecks = {
  async dkim(raw: Buffer, sender: string, lookup: DnsLookup): Promise<DkimOutcome> {
    const keys = boundedKeys(lookup);
    const input = dkimInput(raw, MAX_DKIM_SIGNATURES);
    if (input.kind !== 'given') {
      return {
        headerFrom: await fromOf(input.from, sender, keys),
        signatures: [
          input.kind === 'over' && input.signed
            ? dkimClause('permerror', input.reason)
            : dkimClause('none', 'message not signed'),
        ],
      };
    }
    const result = await verifyGiven(input.header, input.body, { sender, resolver: keys });
    const verified: (DkimSignatureOutcome & { b?: string })[] = [];
    let none: DkimSignatureOutcome | undefined;
    for (const r of result.results) {
      const outcome = {
        signingDomain: r.signingDomain,
        result: r.status.result,
        underSized: r.status.underSized as number | undefined,
        info: r.info,
      };
      // mailauth's "none" stands for no result at all: one for the message, if nothing else.
      if (outcome.result === 'none') none ??= outcome;
      // Each result carries its signature's b= (mailauth's types leave it out).
      else verified.push({ ...outcome, b: (r as { signature?: string }).signature });
    }
    // In header order: each signature's result where it was (found by its b=), the rest after.
    const signatures: DkimSignatureOutcome[] = [];
    for (const entry of input.signatures) {
      if ('skipped' in entry) signatures.push(dkimClause('permerror', entry.skipped));
      else {
        const at = verified.findIndex((r) => r.b !== undefined && r.b === entry.b);
        if (at >= 0) signatures.push(...verified.splice(at, 1));
      }
    }
    signatures.push(...verified);
    return {
      headerFrom: result.headerFrom,
      signatures: (signatures.length ? signatures : [none!]).map(
        ({ signingDomain, result, underSized, info }) => ({
          signingDomain,
          result,
          underSized,
          info,
        }),
      ),
    };
  },
  async spf(facts: SpfFacts, lookup: DnsLookup): Promise<SpfOutcome> {
    const result = await spf({ ...facts, resolver: boundedSpf(lookup) as never });
    return { domain: result.domain, result: result.status.result, info: result.info };
  },
  async dmarc(input: DmarcInput, lookup: DnsLookup): Promise<DmarcOutcome | false> {
    const result = await dmarc({
      ...input,
      // mailauth's types call underSized a boolean; it is the count of bytes its own code gives.
      dkimDomains: input.dkimDomains as { domain: string; underSized?: boolean }[],
      resolver: lookup as never,
    });
    return result && { domain: result.domain, result: result.status.result, info: result.info };
  },
};

export function createMessageAuth(opts: MessageAuthOptions): CheckMessage {
  const fastPaths = opts.fastPaths ?? { dkim: true, spf: true, dmarc: true };
  const temperror = (): AuthOutcome => ({
    results: { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', domain: null },
    header:
      `Authentication-Results: ${opts.hostname};\r\n` +
      '\tspf=temperror; dkim=temperror; dmarc=temperror',
  });

  /**
   * DKIM and SPF side by side within the deadline less DMARC's share, then DMARC (which reads
   * both) within the rest. Each check asks its fast path first and mailauth when the fast path
   * leaves it; each attempt has a counted lookup of its own, so what is counted is the work of
   * the path that answered (the one before it found its answers in the cache).
   */
  return async function checkMessage(raw, facts) {
    const startedAt = performance.now();
    const deadline = deadlineAt(startedAt + opts.timeoutMs);
    const firstDeadline = deadlineAt(deadline.at - opts.timeoutMs * DMARC_SHARE);
    const work: AuthWork = { queries: { dkim: 0, spf: 0, dmarc: 0 }, signatures: 0 };
    const answered: AnsweredBy = { dkim: null, spf: null, dmarc: null };
    const ip = facts.ip.replace(/^::ffff:(?=\d+\.)/i, '');
    const lookupOnce = askedOnce(opts.lookup);

    /**
     * One check: its fast path when on, then mailauth if the fast path left it; null when
     * mailauth failed (temperror), LATE when the deadline came first.
     */
    function run<T>(
      kind: keyof AuthFastPaths,
      lookup: () => DnsLookup,
      fast: (lookup: DnsLookup) => Promise<T | null>,
      plain: (lookup: DnsLookup) => Promise<T>,
    ): Promise<T | null | typeof LATE> {
      const attempt = async () => {
        if (fastPaths[kind]) {
          // A fault of the fast path is no answer: mailauth still gives one.
          const answer = await fast(lookup()).catch(() => null);
          if (answer !== null) {
            answered[kind] = 'fast';
            return answer;
          }
        }
        const answer = await plain(lookup()).catch(() => null);
        answered[kind] = 'plain';
        return answer;
      };
      return deadline.race(attempt());
    }

    try {
      const spfFacts: SpfFacts = {
        sender: facts.sender,
        ip,
        helo: isIP(facts.helo) ? `[${facts.helo}]` : facts.helo || `[${ip}]`,
        mta: opts.hostname,
      };
      const dkimLookup = () => budgeted(lookupOnce, firstDeadline, (n) => (work.queries.dkim = n));
      const spfLookup = () =>
        budgeted(lookupOnce, firstDeadline, (n) => (work.queries.spf = n), MAX_SPF_QUERIES);
      const [dkimRace, spfRace] = await Promise.all([
        run(
          'dkim',
          dkimLookup,
          (lookup) => verifyDkim(raw, lookup, MAX_DKIM_SIGNATURES),
          (lookup) => plainChecks.dkim(raw, facts.sender, lookup),
        ),
        run(
          'spf',
          spfLookup,
          (lookup) => checkSpf(spfFacts, lookup),
          (lookup) => plainChecks.spf(spfFacts, lookup),
        ),
      ]);
      const dkimResult = dkimRace === LATE ? null : dkimRace;
      const spfResult = spfRace === LATE ? null : spfRace;
      const signatures = dkimResult ? dkimResult.signatures : [];
      work.signatures = signatures.filter((r) => r.result !== 'none').length;
      const spfWord = spfResult ? word(spfResult.result) : 'temperror';
      const dkim = dkimResult ? dkimWord(signatures) : 'temperror';

      const headerFrom = dkimResult?.headerFrom;
      let dmarcResult: DmarcOutcome | false | null = false;
      if (headerFrom) {
        const input: DmarcInput = {
          headerFrom,
          spfDomains: spfResult && spfWord === 'pass' ? [spfResult.domain] : [],
          dkimDomains: signatures
            .filter((r) => r.result === 'pass')
            .map((r) => ({ domain: r.signingDomain!, underSized: r.underSized })),
        };
        const dmarcLookup = () => budgeted(lookupOnce, deadline, (n) => (work.queries.dmarc = n));
        const race = await run(
          'dmarc',
          dmarcLookup,
          (lookup) => checkDmarc(input, lookup),
          (lookup) => plainChecks.dmarc(input, lookup),
        );
        dmarcResult = race === LATE ? null : race;
      }
      const dmarcWord =
        dmarcResult === null ? 'temperror' : word(dmarcResult ? dmarcResult.result : undefined);
      const domain = dmarcWord === 'pass' && dmarcResult ? safe(dmarcResult.domain) || null : null;

      const clauses = [
        ...(dkimResult ? signatures.map((r) => r.info) : ['dkim=temperror']),
        spfResult ? spfResult.info : 'spf=temperror',
        ...(dmarcResult ? [dmarcResult.info] : dmarcResult === null ? ['dmarc=temperror'] : []),
      ];
      return {
        results: { spf: spfWord, dkim, dmarc: dmarcWord, domain },
        header:
          `Authentication-Results: ${opts.hostname};\r\n ` +
          clauses
            .map(fold)
            .join(';\r\n ')
            .replace(/[\r\n]+$/, ''),
      };
    } catch {
      return temperror();
    } finally {
      deadline.clear();
      firstDeadline.clear();
      opts.onWork?.(work);
      opts.onAnswered?.(answered);
    }
  };
}
