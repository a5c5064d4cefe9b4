import type { MessageSummary } from '@et/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { messageQueryOptions } from './get-message';
import { messagesQueryOptions } from './get-messages';

/** `DELETE /api/v1/messages/{id}`. */
export async function deleteMessage(token: string, id: string): Promise<void> {
  await apiRequest(`/messages/${encodeURIComponent(id)}`, { method: 'DELETE', token });
}

/**
 * Deletes one message; it leaves the list only once the server has confirmed. A 404 means it
 * is already gone (deleted in another tab), which is what the visitor wanted.
 */
export function useDeleteMessage(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await deleteMessage(token, id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: (_data, id) => {
      queryClient.setQueryData(messagesQueryOptions(token).queryKey, (old: MessageSummary[] = []) =>
        old.filter((message) => message.id !== id),
      );
      queryClient.removeQueries({ queryKey: messageQueryOptions(token, id).queryKey });
    },
  });
}
