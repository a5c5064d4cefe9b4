import type { MailboxInfo } from '@et/common';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';

/** `GET /api/v1/mailbox`: the address and its expiry; 401 once the mailbox is gone. */
export function getMailbox(token: string, signal?: AbortSignal): Promise<MailboxInfo> {
  return apiJson<MailboxInfo>('/mailbox', { token, signal });
}

/** The mailbox's own record (address, `expiresAt`); the key is the root of all its data. */
export function mailboxQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...mailboxKeyRoot(token), 'info'] as const,
    queryFn: ({ signal }) => getMailbox(token, signal),
    // The expiry only moves when someone extends; push and the focus refetch keep it current.
    staleTime: 30_000,
  });
}

export function useMailboxInfo(token: string | null) {
  return useQuery({ ...mailboxQueryOptions(token ?? ''), enabled: token !== null });
}

/** A new expiry heard from elsewhere (another tab's extension): written into a cached record only. */
export function setMailboxExpiry(queryClient: QueryClient, token: string, expiresAt: string): void {
  queryClient.setQueryData(mailboxQueryOptions(token).queryKey, (old) =>
    old ? { ...old, expiresAt } : old,
  );
}
