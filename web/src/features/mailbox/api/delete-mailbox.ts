import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthorized } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';
import { useMutationCall } from '@/lib/use-mutation-call';

/**
 * `DELETE /api/v1/mailbox`: deletes the mailbox and its mail at once. Used by 'Elimina tutto ora',
 * and when the visitor asks for a new address: the old token is forgotten, so nobody could read
 * that mail any more anyway.
 */
export async function deleteMailbox(token: string): Promise<void> {
  await apiRequest('/mailbox', { method: 'DELETE', token });
}

/**
 * Deletes the mailbox of the token it is given. A 401 means it is gone already, which is what was
 * asked for. Once the server has confirmed, nothing of it stays in the cache.
 */
export function deleteMailboxOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: async (token: string) => {
      try {
        await deleteMailbox(token);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
      }
    },
    onSuccess: (_data, token) => {
      queryClient.removeQueries({ queryKey: mailboxKeyRoot(token) });
    },
  });
}

/**
 * Deletes a mailbox. Quiet (`useMutationCall`): the mailbox's own state says which one is being
 * deleted ('Elimina tutto ora' waits on it), and an old one dropped for a new address is not
 * waited for at all.
 */
export function useDeleteMailbox() {
  const queryClient = useQueryClient();
  return useMutationCall(deleteMailboxOptions(queryClient));
}
