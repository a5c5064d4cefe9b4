import type { CreatedMailbox, CreateMailboxRequest } from '@et/common';
import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { useMutationCall } from '@/lib/use-mutation-call';
import { mailboxQueryOptions } from './get-mailbox';

/**
 * `POST /api/v1/mailboxes`: a fresh random address, its token and its expiry; on `domain` when
 * given ('Cambia dominio'), else on one the server draws.
 */
export function createMailbox(domain?: string): Promise<CreatedMailbox> {
  const json: CreateMailboxRequest | undefined = domain === undefined ? undefined : { domain };
  return apiJson<CreatedMailbox>('/mailboxes', { method: 'POST', json });
}

/**
 * The new mailbox's record (address, expiry, longest life) goes straight into its key: no fetch
 * follows.
 */
export function createMailboxOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (domain: string | undefined) => createMailbox(domain),
    onSuccess: (created) => {
      queryClient.setQueryData(mailboxQueryOptions(created.token).queryKey, {
        email: created.email,
        expiresAt: created.expiresAt,
        maxExpiresAt: created.maxExpiresAt,
      });
    },
  });
}

/**
 * Asks for a mailbox. Quiet (`useMutationCall`): the `starting` phase already says an address is
 * on its way, and a pending flag would re-render the generator twice as the page starts.
 */
export function useCreateMailbox() {
  const queryClient = useQueryClient();
  return useMutationCall(createMailboxOptions(queryClient));
}
