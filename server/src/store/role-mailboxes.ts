import { ROLE_MAILBOX_EXPIRES_AT, roleAddresses } from '../domain/role-mailboxes';
import { hashToken, newToken } from '../domain/token';
import type { MailStore } from './mail-store';

/**
 * Creates the postmaster and abuse mailboxes of every domain that lacks them; run by every node
 * at start, before it takes mail or hands out addresses. Their stored token hash is of a random
 * token nobody holds: the operator's tokens are derived from `OPERATOR_TOKEN` and resolved by
 * address (http/plugins/auth.ts), so a changed `OPERATOR_TOKEN` needs no change here.
 * Resolves the addresses that could not be created (held by a mailbox or a tombstone).
 */
export async function ensureRoleMailboxes(
  store: MailStore,
  domains: readonly string[],
  now: number,
): Promise<string[]> {
  const missing: string[] = [];
  for (const address of roleAddresses(domains)) {
    if (await store.findMailbox(address, now)) continue;
    const created = await store.createMailbox({
      address,
      tokenHash: hashToken(newToken()),
      createdAt: now,
      expiresAt: ROLE_MAILBOX_EXPIRES_AT,
    });
    if (!created) missing.push(address);
  }
  return missing;
}
