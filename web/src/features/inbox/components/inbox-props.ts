import type { MessageSummary } from '@et/common';

/**
 * What the home page gives the inbox; a file of its own, so that the lazy live inbox reads it
 * without importing the module that loads it.
 */
export interface InboxProps {
  /** Token of the active mailbox; null while there is none. Mount with `key={token}`. */
  token: string | null;
  /** 'starting' while a mailbox is being made, 'gone' after expiry or failure. */
  mailboxState: 'ready' | 'starting' | 'gone';
  /** Title of the page; the unread count is put in front of it. */
  baseTitle: string;
  /** The server says the mailbox no longer exists (401 or `mailbox.expired`). */
  onMailboxGone: () => void;
  /** A push event moved the expiry (extension, possibly from another tab). */
  onMailboxExtended: (expiresAt: string) => void;
  /** Messages that just arrived, oldest first, after their toast (for browser notifications). */
  onNewMail?: (messages: MessageSummary[]) => void;
}
