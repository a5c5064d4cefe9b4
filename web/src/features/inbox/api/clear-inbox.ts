import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { messageDetailsKey } from './get-message';
import { messagesQueryOptions } from './get-messages';

/** `DELETE /api/v1/messages`: every message of the mailbox, on the server. */
export async function clearInbox(token: string): Promise<void> {
  await apiRequest('/messages', { method: 'DELETE', token });
}

export function useClearInbox(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearInbox(token),
    onSuccess: () => {
      queryClient.setQueryData(messagesQueryOptions(token).queryKey, []);
      queryClient.removeQueries({ queryKey: messageDetailsKey(token) });
    },
  });
}
