import { clientKey } from '../domain/client-key';
import { isRoleAddress, ROLE_MAILBOX_EXPIRES_AT, roleAddresses } from '../domain/role-mailboxes';
import { hashToken, newToken } from '../domain/token';
import type { MailStore, Quota, SenderShare } from './mail-store';

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

/**
 * The share of the operator's mailboxes (postmaster, abuse) that one sending client's mail may
 * hold: `sharePercent` of the quota's messages and bytes, so that filling one takes the mail of
 * several networks, and a sender over its share is refused alone while everyone else's reports
 * still arrive. Kept per sender in the store, with the quota, rather than making room by
 * deleting: mail already stored is never dropped, and a share needs no choice of whose.
 * Other mailboxes live an hour at most and give no share.
 */
export function roleMailboxShares({
  quota,
  sharePercent,
  ipv6PrefixBits,
}: {
  quota: Quota;
  sharePercent: number;
  ipv6PrefixBits: number;
}): (mailbox: string, clientIp: string) => SenderShare | undefined {
  const maxMessages = Math.max(1, Math.floor((quota.maxMessages * sharePercent) / 100));
  const maxBytes = Math.floor((quota.maxBytes * sharePercent) / 100);
  return (mailbox, clientIp) =>
    isRoleAddress(mailbox)
      ? { sender: clientKey(clientIp, ipv6PrefixBits), maxMessages, maxBytes }
      : undefined;
}
