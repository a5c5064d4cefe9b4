import { createHmac } from 'node:crypto';

/**
 * The addresses every hosted domain answers for its operator: `postmaster` (RFC 5321 §4.5.1: a
 * receiving server MUST accept it) and `abuse` (RFC 2142). Visitors never get them: random
 * local parts have another length (`randomLocalPart`), and these mailboxes exist from the
 * start, so the store refuses the address to anyone else.
 */
export const ROLE_LOCAL_PARTS = ['postmaster', 'abuse'] as const;

/**
 * When a role mailbox ends: 9999-12-31T23:59:59.999Z, the last instant an ISO date of four
 * digits can show. Nothing sweeps it and no visitor-facing countdown ever reaches it.
 */
export const ROLE_MAILBOX_EXPIRES_AT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Every role address of the hosted domains, lower case. */
export function roleAddresses(domains: readonly string[]): string[] {
  return domains.flatMap((domain) => ROLE_LOCAL_PARTS.map((local) => `${local}@${domain}`));
}

/** Whether a lower-case address is a role address (of any domain). */
export function isRoleAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  return (ROLE_LOCAL_PARTS as readonly string[]).includes(address.slice(0, at));
}

/**
 * The bearer token of one role mailbox: an HMAC (SHA-256) of the address under
 * `OPERATOR_TOKEN`, in the shape of every other token (43 base64url characters), so the API and
 * the page take it as they take a visitor's. Derived rather than stored: changing
 * `OPERATOR_TOKEN` changes every one of them, and the store holds nothing the operator's secret
 * could be guessed from.
 */
export function roleMailboxToken(operatorToken: string, address: string): string {
  return createHmac('sha256', operatorToken).update(address).digest('base64url');
}
