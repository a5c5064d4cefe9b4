/**
 * The sender-check room: SPF, DKIM and DMARC by mailauth as shipped, the DNS lookup they ask
 * through, and the Authentication-Results field (ours written, forged ones of ours taken out).
 * The only room that imports mailauth; the rest of the service sees only this face. Its
 * functions hold no state between messages, so each reading thread may call them.
 */
import type { AuthOutcome, SenderFacts } from './check-sender';

export { checkSender, type AuthOutcome, type SenderFacts } from './check-sender';
export { createDnsLookup, type DnsLookup } from './dns-lookup';
export { stripOwnAuthenticationResults } from './auth-results';

/** The checks of one message with their options bound, as the ingest pipeline calls them. */
export type CheckMessage = (raw: Buffer, facts: SenderFacts) => Promise<AuthOutcome>;
