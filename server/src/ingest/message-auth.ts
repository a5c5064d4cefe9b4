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
      const checked = authenticate(raw, {
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
