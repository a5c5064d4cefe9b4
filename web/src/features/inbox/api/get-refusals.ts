import {
  INBOX_POLL_MS,
  MAILBOX_MAX_REFUSALS,
  type DeliveryRefusal,
  type RefusalList,
} from '@et/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';

/** `GET /api/v1/mailbox/refusals`: mail the server refused for this mailbox, newest first. */
export async function getRefusals(token: string, signal?: AbortSignal): Promise<DeliveryRefusal[]> {
  const list = await apiJson<RefusalList>('/mailbox/refusals', { token, signal });
  return list.refusals;
}

/** The mailbox's refusals. `delivery.refused` events write into this key. */
export function refusalsQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...mailboxKeyRoot(token), 'refusals'] as const,
    queryFn: ({ signal }) => getRefusals(token, signal),
  });
}

const same = (a: DeliveryRefusal, b: DeliveryRefusal) =>
  a.at === b.at && a.sender === b.sender && a.reply === b.reply;

/** `refusal` in front of `list`, once, keeping the newest MAILBOX_MAX_REFUSALS, as the server. */
export function withRefusal(list: DeliveryRefusal[], refusal: DeliveryRefusal): DeliveryRefusal[] {
  if (list.some((r) => same(r, refusal))) return list;
  return [refusal, ...list].slice(0, MAILBOX_MAX_REFUSALS);
}

/** The refusals, pushed live; polled with the inbox while the stream is down. */
export function useRefusals(token: string | null, { live }: { live: boolean }) {
  return useQuery({
    ...refusalsQueryOptions(token ?? ''),
    enabled: token !== null,
    refetchInterval: live ? false : INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
}
