/**
 * The sender-check room (mailauth as shipped, its DNS lookup, Authentication-Results), the only
 * one that imports mailauth; stateless between messages, so every reading thread may call it.
 */
export { checkSender, temperror, type AuthOutcome } from './check-sender';
export { createDnsLookup, type DnsLookup } from './dns-lookup';
export { stripOwnAuthenticationResults } from './auth-results';
