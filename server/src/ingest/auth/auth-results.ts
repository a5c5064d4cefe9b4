import { getDomain } from 'tldts';

/**
 * What SPF, DKIM and DMARC came to, in the shape both paths give it: mailauth's (the plain path,
 * message-auth.ts) and the fast paths' own (dkim-verify.ts, spf-check.ts, dmarc-check.ts). Only
 * what the stored results and the Authentication-Results field are made of.
 */

/** One DKIM signature, or the lone "none" of an unsigned message. */
export interface DkimSignatureOutcome {
  /** The signature's `d=`; absent for "none". */
  signingDomain?: string;
  /** mailauth's word: pass, fail, neutral, policy, temperror, permerror or none. */
  result: string;
  /** Bytes of the body an `l=` left out of the signature. */
  underSized?: number;
  /** The signature's clause of the Authentication-Results field. */
  info: string;
}

export interface DkimOutcome {
  /** The addresses of the From fields, in order (DMARC needs exactly one). */
  headerFrom: string[];
  /** In the order of the header, newest first; one "none" entry when nothing was verified. */
  signatures: DkimSignatureOutcome[];
}

export interface SpfOutcome {
  /** The domain whose record was checked: the envelope sender's, or the HELO name's. */
  domain: string;
  result: string;
  info: string;
}

export interface DmarcOutcome {
  /** The organisational domain of the From domain (the From domain when it has none). */
  domain: string;
  result: string;
  info: string;
}

/** What DMARC is given: the From addresses and the domains that passed SPF and DKIM. */
export interface DmarcInput {
  headerFrom: string[];
  spfDomains: string[];
  dkimDomains: { domain: string; underSized?: number }[];
}

/** A property of a clause: `header.i=@example.com`; falsy values are left out. */
export type ClauseProps = readonly (readonly [string, string | false | undefined])[];

/**
 * A clause of the Authentication-Results field (RFC 8601 §2.2) written as mailauth writes it
 * (`formatAuthHeaderRow` in mailauth's lib/tools.js), character for character: the fast paths'
 * clauses must equal the plain path's.
 */
export function authClause(
  method: string,
  result: string,
  comment: string | false,
  props: ClauseProps,
): string {
  let text = `${method}=${result || 'none'}`;
  if (comment) text += ` (${escapeComment(comment)})`;
  for (const [name, value] of props) if (value) text += ` ${name}=${escapeProp(value)}`;
  return text;
}

/** Control characters as mailauth matches them: a header value must not carry them. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x1F]+/g;

const clean = (value: string) => value.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();

const escapeComment = (value: string) => clean(value).replace(/[\\)]/g, (c) => `\\${c}`);

function escapeProp(raw: string): string {
  const value = clean(raw);
  // eslint-disable-next-line no-control-regex
  if (!/[\s\x00-\x1F\x7F-\uFFFF()<>,;:\\"/[\]?=]/.test(value)) return value;
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The options mailauth gives tldts (`TLDTS_OPTS` in mailauth's lib/tools.js). */
const TLDTS_OPTS = { allowIcannDomains: true, allowPrivateDomains: true };

/**
 * The organisational domain of `domain` (RFC 7489 §3.2) by the public suffix list, as mailauth
 * finds it: with the same tldts release (auth-results.test.ts holds them equal), so that both
 * paths draw the line between a domain and its suffix in the same place. Null when tldts finds
 * none.
 */
export const orgDomain = (domain: string): string | null => getDomain(domain, TLDTS_OPTS);
