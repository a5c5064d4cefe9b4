/**
 * The sender-check room: SPF, DKIM and DMARC by mailauth, its DNS resolver, and the
 * Authentication-Results field. The only room that imports mailauth; the rest of the service
 * sees only this face.
 */
export { createDnsResolver } from './dns-resolver';
export { createMessageAuth, type CheckMessage } from './message-auth';
