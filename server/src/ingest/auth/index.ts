/**
 * The sender-check room: SPF, DKIM and DMARC by mailauth, its DNS resolver, and the
 * Authentication-Results field. The only room that imports mailauth; the rest of the service
 * sees only this face, which the reading room's workers call.
 */
import type { MessageAuthentication } from '@et/common';
import { performance } from 'node:perf_hooks';
import { createDnsResolver } from './dns-resolver';
import { createMessageAuth } from './message-auth';

/** What the SMTP session knows of the sender. */
export interface SenderFacts {
  ip: string;
  helo: string;
  /** MAIL FROM; '' for the null sender. */
  sender: string;
}

/** The checks of one message. */
export interface AuthOutcome {
  results: MessageAuthentication;
  /** `Authentication-Results: …` (RFC 8601), folded, without its final line break. */
  header: string;
  /** The From addresses the check read (empty when it did not say). */
  headerFrom: string[];
}

/** `dns.promises.resolve`'s shape: every DNS question of a check goes through one. */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

/** A lookup asking `servers` (the system's when empty), each question within `timeoutMs`. */
export function createDnsLookup(opts: {
  servers: string[];
  timeoutMs: number;
  tries: number;
}): DnsLookup {
  return createDnsResolver({
    servers: opts.servers,
    timeoutMs: opts.timeoutMs,
    now: () => performance.now(),
  });
}

/** SPF, DKIM and DMARC of `raw`, within `timeoutMs`; never rejects (temperror instead). */
export async function checkSender(
  raw: Buffer,
  facts: SenderFacts,
  opts: { hostname: string; timeoutMs: number; lookup: DnsLookup },
): Promise<AuthOutcome> {
  const outcome = await createMessageAuth(opts)(raw, facts);
  return { ...outcome, headerFrom: [] };
}

/** An `Authentication-Results` field's name at a line start, and its authserv-id. */
const RESULTS_FIELD = /^authentication-results(?=[ \t]*:\s*([^\s;()]+))/gim;

/**
 * `header` (a header block, its blank line included) with every incoming
 * `Authentication-Results` field whose authserv-id is ours renamed, so that nothing in a stored
 * message speaks with our voice but our own field (RFC 8601 §5); null when there is none.
 */
export function stripOwnAuthenticationResults(header: Buffer, authservId: string): Buffer | null {
  const text = header.toString('latin1');
  const ours = authservId.toLowerCase();
  let renamed = false;
  const out = text.replace(RESULTS_FIELD, (name: string, id: string) => {
    if (id.toLowerCase() !== ours) return name;
    renamed = true;
    return `X-Untrusted-${name}`;
  });
  return renamed ? Buffer.from(out, 'latin1') : null;
}
