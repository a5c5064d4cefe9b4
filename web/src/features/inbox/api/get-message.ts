import type { MessageDetail } from '@et/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';

/** `GET /api/v1/messages/{id}`: bodies and the attachment list. */
export function getMessage(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<MessageDetail> {
  return apiJson<MessageDetail>(`/messages/${encodeURIComponent(id)}`, { token, signal });
}

/** All message details of a mailbox share this prefix. */
export function messageDetailsKey(token: string) {
  return [...mailboxKeyRoot(token), 'message'] as const;
}

/** One message in full. A stored message never changes, so it never goes stale. */
export function messageQueryOptions(token: string, id: string) {
  return queryOptions({
    queryKey: [...messageDetailsKey(token), id] as const,
    queryFn: ({ signal }) => getMessage(token, id, signal),
    staleTime: Infinity,
  });
}

export function useMessage(token: string, id: string | null) {
  return useQuery({ ...messageQueryOptions(token, id ?? ''), enabled: id !== null });
}
