import type { MailboxInfo } from '@et/common';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

/** `POST /api/v1/mailbox/extend`: the expiry becomes now + 10 minutes (a reset, not a sum). */
export function extendMailbox(token: string): Promise<MailboxInfo> {
  return apiJson<MailboxInfo>('/mailbox/extend', { method: 'POST', token });
}

export function useExtendMailbox() {
  return useMutation({ mutationFn: extendMailbox });
}
