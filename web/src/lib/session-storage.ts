/**
 * The mailbox of this tab survives a reload through `sessionStorage` (keys fixed by the spec):
 * `emailAddress`, `authToken` and `emails` (the inbox as last shown, with the unread flags).
 * The server stays the judge: a stored token is used only after `GET /mailbox` accepts it.
 * Storage can be unavailable (privacy modes): every access is guarded and degrades to "nothing".
 */
import type { MessageSummary } from '@et/common';

export const SESSION_KEYS = {
  email: 'emailAddress',
  token: 'authToken',
  emails: 'emails',
} as const;

/** The credentials of the current mailbox. */
export interface MailboxSession {
  email: string;
  token: string;
}

/** One message as remembered for the reload: the summary plus whether it is still unread. */
export interface StoredEmail extends MessageSummary {
  isNew: boolean;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSession(): MailboxSession | null {
  const store = storage();
  const email = store?.getItem(SESSION_KEYS.email);
  const token = store?.getItem(SESSION_KEYS.token);
  return email && token ? { email, token } : null;
}

/** Stores a (new) mailbox; the remembered inbox of any previous mailbox is dropped. */
export function writeSession(session: MailboxSession): void {
  const store = storage();
  if (!store) return;
  try {
    if (store.getItem(SESSION_KEYS.token) !== session.token) store.removeItem(SESSION_KEYS.emails);
    store.setItem(SESSION_KEYS.email, session.email);
    store.setItem(SESSION_KEYS.token, session.token);
  } catch {
    // Quota or privacy mode: the mailbox simply will not survive a reload.
  }
}

export function clearSession(): void {
  const store = storage();
  for (const key of Object.values(SESSION_KEYS)) store?.removeItem(key);
}

/** The remembered inbox, but only if it belongs to `token`. Malformed entries are skipped. */
export function readStoredEmails(token: string): StoredEmail[] | undefined {
  const store = storage();
  if (!store || store.getItem(SESSION_KEYS.token) !== token) return undefined;
  const raw = store.getItem(SESSION_KEYS.emails);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isStoredEmail) : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the inbox of `token`; ignored if the stored session belongs to another mailbox. */
export function writeStoredEmails(token: string, emails: StoredEmail[]): void {
  const store = storage();
  if (!store || store.getItem(SESSION_KEYS.token) !== token) return;
  try {
    store.setItem(SESSION_KEYS.emails, JSON.stringify(emails));
  } catch {
    // Quota exceeded: the list will be fetched again after a reload anyway.
  }
}

function isStoredEmail(value: unknown): value is StoredEmail {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const from = v.from as Record<string, unknown> | null | undefined;
  return (
    typeof v.id === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.preview === 'string' &&
    typeof v.receivedAt === 'string' &&
    typeof v.hasAttachments === 'boolean' &&
    typeof v.isNew === 'boolean' &&
    typeof from === 'object' &&
    from !== null &&
    typeof from.address === 'string'
  );
}
