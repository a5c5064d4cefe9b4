import type { CreatedMailbox } from '@et/common';
import { apiJson } from '@/lib/api-client';

/** `POST /api/v1/mailboxes`: a fresh random address, its token and its expiry. */
export function createMailbox(): Promise<CreatedMailbox> {
  return apiJson<CreatedMailbox>('/mailboxes', { method: 'POST' });
}
