/**
 * The root of every query key that belongs to one mailbox. Each feature's `queryOptions` factory
 * builds its own key under this root, so dropping a mailbox (expiry, new address) removes all of
 * its cached data with one `removeQueries({ queryKey: mailboxKeyRoot(token) })`.
 */
export function mailboxKeyRoot(token: string) {
  return ['mailbox', token] as const;
}
