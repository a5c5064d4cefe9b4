/** The sender-check room's face: mailauth as shipped, stateless, so any reading thread calls it. */
export { checkSender, temperror, type AuthOutcome } from './check-sender';
export { createDnsLookup, type DnsLookup } from './dns-lookup';
export { stripOwnAuthenticationResults } from './auth-results';
