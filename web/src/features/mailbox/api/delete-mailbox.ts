import { apiRequest } from '@/lib/api-client';

/**
 * `DELETE /api/v1/mailbox`: deletes the mailbox and its mail at once. Used by 'Elimina tutto ora',
 * and when the visitor asks for a new address: the old token is forgotten, so nobody could read
 * that mail any more anyway.
 */
export async function deleteMailbox(token: string): Promise<void> {
  await apiRequest('/mailbox', { method: 'DELETE', token });
}
