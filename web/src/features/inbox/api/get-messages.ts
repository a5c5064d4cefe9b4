import { INBOX_POLL_MS, type MessageList, type MessageSummary } from '@et/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';

/** `GET /api/v1/messages`: the inbox, newest first. */
export async function getMessages(token: string, signal?: AbortSignal): Promise<MessageSummary[]> {
  const list = await apiJson<MessageList>('/messages', { token, signal });
  return list.messages;
}

/** The inbox list. Push events write into this key; the fetch is the truth after a reconnect. */
export function messagesQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...mailboxKeyRoot(token), 'messages'] as const,
    queryFn: ({ signal }) => getMessages(token, signal),
  });
}

export interface UseMessagesOptions {
  /** The event stream is up: push delivers new mail, so the 10 s poll rests. */
  live: boolean;
  /** The inbox as shown before a reload; shown at once, then refetched. */
  restored?: MessageSummary[];
}

export function useMessages(token: string | null, { live, restored }: UseMessagesOptions) {
  return useQuery({
    ...messagesQueryOptions(token ?? ''),
    enabled: token !== null,
    initialData: restored,
    // The restored list is as old as the reload: fetch again immediately.
    initialDataUpdatedAt: 0,
    refetchInterval: live ? false : INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
