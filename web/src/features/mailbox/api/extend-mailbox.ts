import type { MailboxInfo } from '@et/common';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiJson, ApiError } from '@/lib/api-client';
import { mailboxQueryOptions } from './get-mailbox';

/**
 * `POST /api/v1/mailbox/extend`: the expiry becomes now + 10 minutes (a reset, not a sum), at
 * most the mailbox's `maxExpiresAt`; 409 `LIFETIME_EXCEEDED` once it is there already.
 */
export function extendMailbox(token: string): Promise<MailboxInfo> {
  return apiJson<MailboxInfo>('/mailbox/extend', { method: 'POST', token });
}

/** The server refused to extend: the mailbox is at the end of its longest life. */
export function isLifetimeExceeded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'LIFETIME_EXCEEDED';
}

/**
 * Extends the mailbox of the token it is given. The answer replaces the mailbox's record only
 * while it is cached: a mailbox dropped meanwhile (a new address) stays dropped. A refusal for
 * its longest life means the record on screen is behind (another tab extended): it is read anew.
 */
export function extendMailboxOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: extendMailbox,
    onSuccess: (info, token) => {
      queryClient.setQueryData(mailboxQueryOptions(token).queryKey, (old) => (old ? info : old));
    },
    onError: (error, token) => {
      if (isLifetimeExceeded(error)) {
        void queryClient.invalidateQueries({ queryKey: mailboxQueryOptions(token).queryKey });
      }
    },
  });
}

/** Extends; its pending flag is what 'Estendi' shows while it waits. */
export function useExtendMailbox() {
  const queryClient = useQueryClient();
  return useMutation(extendMailboxOptions(queryClient));
}
