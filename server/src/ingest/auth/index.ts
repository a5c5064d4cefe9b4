/**
 * The sender-check room: SPF, DKIM and DMARC by mailauth as shipped, the DNS lookup they ask
 * through, and the Authentication-Results field (ours written, forged ones of ours taken out).
 * The only room that imports mailauth; the rest of the service sees only this face. Its
 * functions hold no state between messages, so each reading thread may call them.
 */
export { checkSender, temperror, type AuthOutcome } from './check-sender';
export { createDnsLookup, type DnsLookup } from './dns-lookup';
export { stripOwnAuthenticationResults } from './auth-results';
