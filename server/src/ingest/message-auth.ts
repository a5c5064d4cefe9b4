import type { MessageAuthentication } from '@et/common';
import { isIP } from 'node:net';
import { dkimVerify, dmarc, spf } from 'mailauth';
import type { DnsLookup } from './dns-resolver';

/**
 * SPF (RFC 7208), DKIM (RFC 6376) and DMARC (RFC 7489) of one message, with mailauth: the only
 * file that imports it. Checked against mailauth 4.13 (its 5.x line needs Node 22).
 */
export interface MessageAuthOptions {
  lookup: DnsLookup;
  /** Our host name, the authserv-id of the Authentication-Results field. */
  hostname: string;
  /**
   * The whole check ends within this: DKIM and SPF within three quarters of it, DMARC within
   * the rest; a step that did not finish is temperror.
   */
  timeoutMs: number;
  /** Told the work of each check (the tests and the bench count it). */
  onWork?: (work: AuthWork) => void;
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

const WORDS = new Set(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);

/** An RFC 8601 result word for whatever mailauth says ('temperr' and 'policy' included). */
function word(result: string | undefined): MessageAuthentication['spf'] {
  if (result === 'temperr') return 'temperror';
  if (result === 'policy') return 'fail';
  return (result && WORDS.has(result) ? result : 'none') as MessageAuthentication['spf'];
}

/** The best DKIM result among the signatures: one pass is enough to say pass. */
function dkimWord(
  results: readonly { status: { result: string } }[],
): MessageAuthentication['dkim'] {
  if (results.length === 0) return 'none';
  const words = results.map((r) => word(r.status.result));
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

/** `raw` without the DKIM-Signature fields past the first `max` (the same buffer if none). */
export function limitSignatures(raw: Buffer, max: number): Buffer {
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  const headerEnd = end ? end.index + 1 : text.length;
  const header = text.slice(0, headerEnd);
  // A field is its first line and the folded lines after it.
  const fields = header.match(/[^\r\n][^\n]*\n(?:[ \t][^\n]*\n)*/g) ?? [];
  const whole = fields.join('');
  // A header this reading does not cover byte for byte is left to mailauth as it is.
  if (!header.startsWith(whole)) return raw;
  let seen = 0;
  const kept = fields.filter((f) => !/^dkim-signature:/i.test(f) || ++seen <= max);
  if (seen <= max) return raw;
  return Buffer.from(kept.join('') + text.slice(whole.length), 'latin1');
}

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

const deadlineError = () => Object.assign(new Error('DNS deadline'), { code: 'ETIMEOUT' });

/**
 * A lookup that counts, stops at `max` questions, and ends by `deadline` (performance.now()):
 * a question still out then is ETIMEOUT, which mailauth reads as temperror, and one asked after
 * it fails at once, so that no work outlives the check.
 */
function budgeted(
  lookup: DnsLookup,
  deadline: number,
  count: (n: number) => void,
  max = Infinity,
): DnsLookup {
  let asked = 0;
  return (name, rrtype) => {
    if (performance.now() >= deadline) return Promise.reject(deadlineError());
    if (++asked > max) {
      return Promise.reject(
        Object.assign(new Error('Too many DNS requests'), {
          code: 'ETOOMANY',
          spfResult: { error: 'permerror', text: 'Too many DNS requests' },
        }),
      );
    }
    count(asked);
    const late = Symbol('late');
    return until(lookup(name, rrtype), deadline, late, true).then((answer) => {
      if (answer === late) throw deadlineError();
      return answer;
    });
  };
}

/**
 * `promise`'s value, or `fallback` once `deadline` (performance.now()) has passed or, unless
 * `keepErrors`, when it fails.
 */
async function until<T, F>(
  promise: Promise<T>,
  deadline: number,
  fallback: F,
  keepErrors = false,
): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([keepErrors ? promise : promise.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
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

export function createMessageAuth(opts: MessageAuthOptions): CheckMessage {
  const temperror = (): AuthOutcome => ({
    results: { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', domain: null },
    header:
      `Authentication-Results: ${opts.hostname};\r\n` +
      '\tspf=temperror; dkim=temperror; dmarc=temperror',
  });

  /**
   * DKIM and SPF side by side within the deadline less DMARC's share, then DMARC (which reads
   * both) within the rest: the steps of mailauth's `authenticate` without ARC and BIMI, each
   * with its own counted lookup.
   */
  return async function checkMessage(raw, facts) {
    const startedAt = performance.now();
    const deadline = startedAt + opts.timeoutMs;
    const firstDeadline = deadline - opts.timeoutMs * DMARC_SHARE;
    const work: AuthWork = { queries: { dkim: 0, spf: 0, dmarc: 0 }, signatures: 0 };
    const ip = facts.ip.replace(/^::ffff:(?=\d+\.)/i, '');
    try {
      const [dkimResult, spfResult] = await Promise.all([
        until(
          dkimVerify(limitSignatures(raw, MAX_DKIM_SIGNATURES), {
            sender: facts.sender,
            resolver: budgeted(opts.lookup, firstDeadline, (n) => (work.queries.dkim = n)) as never,
          }),
          deadline,
          null,
        ),
        until(
          spf({
            sender: facts.sender,
            ip,
            helo: isIP(facts.helo) ? `[${facts.helo}]` : facts.helo || `[${ip}]`,
            mta: opts.hostname,
            resolver: budgeted(
              opts.lookup,
              firstDeadline,
              (n) => (work.queries.spf = n),
              MAX_SPF_QUERIES,
            ) as never,
          }),
          deadline,
          null,
        ),
      ]);
      const signatures = dkimResult ? dkimResult.results : [];
      work.signatures = signatures.filter((r) => r.status.result !== 'none').length;
      const spfWord = spfResult ? word(spfResult.status.result) : 'temperror';
      const dkim = dkimResult ? dkimWord(signatures) : 'temperror';

      const headerFrom = dkimResult?.headerFrom;
      const dmarcResult = headerFrom
        ? await until(
            dmarc({
              headerFrom,
              spfDomains: spfResult && spfWord === 'pass' ? [spfResult.domain] : [],
              dkimDomains: signatures
                .filter((r) => r.status.result === 'pass')
                .map((r) => ({
                  id: r.id,
                  domain: r.signingDomain,
                  aligned: r.status.aligned as boolean | undefined,
                  underSized: r.status.underSized as boolean | undefined,
                })),
              resolver: budgeted(opts.lookup, deadline, (n) => (work.queries.dmarc = n)) as never,
            }),
            deadline,
            null,
          )
        : false;
      const dmarcWord =
        dmarcResult === null
          ? 'temperror'
          : word(dmarcResult ? dmarcResult.status.result : undefined);
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
      opts.onWork?.(work);
    }
  };
}
