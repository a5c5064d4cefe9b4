import type { MessageSummary } from '@et/common';

/**
 * Hands new mail to the notification code, loading it only when a notification could be due: the
 * tab is hidden and the browser has the API. The rest is decided there (opt-in, permission).
 */
export function notifyNewMail(messages: MessageSummary[]): void {
  if (messages.length === 0 || document.visibilityState !== 'hidden') return;
  if (typeof window.Notification !== 'function') return;
  import('./mail-notifications')
    .then((module) => module.notifyNewMail(messages))
    .catch((error: unknown) => console.warn('New mail could not be announced', error));
}
