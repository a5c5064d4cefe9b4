import type { MessageAuthentication } from '@et/common';
import { authenticate } from 'mailauth';
import type { DnsLookup } from './dns-resolver';

/**
 * SPF (RFC 7208), DKIM (RFC 6376) and DMARC (RFC 7489) of one message, with mailauth: the only
 * file that imports it. Checked against mailauth 4.13 (its 5.x line needs Node 22).
 */
export interface MessageAuthOptions {
  lookup: DnsLookup;
  /** Our host name, the authserv-id of the Authentication-Results field. */
  hostname: string;
  /** The whole check is given up after this long: every result is then temperror. */
  timeoutMs: number;
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

export function createMessageAuth(opts: MessageAuthOptions): CheckMessage {
  const temperror = (): AuthOutcome => ({
    results: { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', domain: null },
    header:
      `Authentication-Results: ${opts.hostname};\r\n` +
      '\tspf=temperror; dkim=temperror; dmarc=temperror',
  });

  return async function checkMessage(raw, facts) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), opts.timeoutMs);
    });
    try {
      const checked = authenticate(limitSignatures(raw, MAX_DKIM_SIGNATURES), {
        ip: facts.ip.replace(/^::ffff:(?=\d+\.)/i, ''),
        helo: facts.helo,
        sender: facts.sender,
        mta: opts.hostname,
        resolver: opts.lookup as never,
        disableArc: true,
        disableBimi: true,
      });
      // A check that lost the race still ends on its own (each lookup is bounded); its result
      // is dropped.
      checked.catch(() => undefined);
      const result = await Promise.race([checked, deadline]);
      if (!result) return temperror();
      const spf = word(result.spf ? result.spf.status.result : undefined);
      const dkim = dkimWord(result.dkim.results);
      const dmarc = word(result.dmarc ? result.dmarc.status.result : undefined);
      const domain = dmarc === 'pass' && result.dmarc ? safe(result.dmarc.domain) || null : null;
      const arLine = result.headers
        .split(/\r?\n(?=\S)/)
        .find((line) => /^Authentication-Results:/i.test(line));
      return {
        results: { spf, dkim, dmarc, domain },
        header: (arLine ?? temperror().header).replace(/\r?\n$/, ''),
      };
    } catch {
      return temperror();
    } finally {
      clearTimeout(timer);
    }
  };
}
