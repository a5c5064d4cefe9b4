import type { MailboxInfo } from '@et/common';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { mailboxQueryOptions } from './get-mailbox';

/** `POST /api/v1/mailbox/extend`: the expiry becomes now + 10 minutes (a reset, not a sum). */
export function extendMailbox(token: string): Promise<MailboxInfo> {
  return apiJson<MailboxInfo>('/mailbox/extend', { method: 'POST', token });
}

/**
 * Extends the mailbox of the token it is given. The answer replaces the mailbox's record only
 * while it is cached: a mailbox dropped meanwhile (a new address) stays dropped.
 */
export function extendMailboxOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: extendMailbox,
    onSuccess: (info, token) => {
      queryClient.setQueryData(mailboxQueryOptions(token).queryKey, (old) => (old ? info : old));
    },
  });
}

/** Extends; its pending flag is what 'Estendi' shows while it waits. */
export function useExtendMailbox() {
  const queryClient = useQueryClient();
  return useMutation(extendMailboxOptions(queryClient));
}
