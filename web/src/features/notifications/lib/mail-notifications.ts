/**
 * Browser notifications for new mail, opt-in. Nothing is asked of the browser until the visitor
 * clicks 'Attiva notifiche'; the choice is remembered on this device (`localStorage`, key
 * `NOTIFICATIONS_KEY`) and only counts while the browser's permission is 'granted'. Mail is
 * announced this way only while the tab is hidden: a visible tab has its toast already.
 */
import type { MessageSummary } from '@et/common';
import { mailboxTools } from '@/content/mailbox-tools';
import { strings } from '@/content/strings';
import { activeRegistration } from '@/lib/service-worker';

export const NOTIFICATIONS_KEY = 'mailNotifications';

/** More new messages than this at once get one summary notification instead of one each. */
export const MAX_MAIL_NOTIFICATIONS = 3;

/**
 * `unsupported`: no Notification API (the control is hidden). `off`: not opted in. `on`: opted
 * in and permitted. `blocked`: the browser (or the visitor, in its settings) denied permission.
 */
export type NotificationState = 'unsupported' | 'off' | 'on' | 'blocked';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function supported(): boolean {
  return typeof window !== 'undefined' && typeof window.Notification === 'function';
}

/**
 * The state as the browser reports it now. `Notification.permission` is a synchronous call to
 * the browser process (bench/README.md, "Web, home page in Chromium's profiler"), and
 * React reads a store's snapshot more than once per render: `readNotificationState` keeps this
 * until something may have changed it.
 */
function currentNotificationState(): NotificationState {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission;
  if (permission === 'denied') return 'blocked';
  let optedIn = false;
  try {
    optedIn = storage()?.getItem(NOTIFICATIONS_KEY) === 'on';
  } catch {
    optedIn = false;
  }
  return optedIn && permission === 'granted' ? 'on' : 'off';
}

/** The last state read; forgotten at each `changed`. */
let knownState: NotificationState | undefined;

export function readNotificationState(): NotificationState {
  return (knownState ??= currentNotificationState());
}

/** True once the page listens for what may change the state on the browser's side. */
let watching = false;

/**
 * Set up at the first subscription, once per page: each of these runs `changed`.
 * - The tab is shown or hidden: the visitor may have changed the permission in the browser's
 *   settings meanwhile.
 * - The permission changes while the tab stays in view (from the site's settings in the address
 *   bar), where the Permissions API can be asked about notifications.
 */
function watchBrowser(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('visibilitychange', changed);
  if (typeof navigator.permissions?.query !== 'function') return;
  navigator.permissions.query({ name: 'notifications' }).then(
    (status) => status.addEventListener('change', changed),
    () => {},
  );
}

/** For `useSyncExternalStore`. */
export function subscribeNotificationState(listener: () => void): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The state may have changed: forget the kept one and tell the subscribers. */
function changed(): void {
  knownState = undefined;
  for (const listener of listeners) listener();
}

function setOptIn(on: boolean): void {
  try {
    if (on) storage()?.setItem(NOTIFICATIONS_KEY, 'on');
    else storage()?.removeItem(NOTIFICATIONS_KEY);
  } catch {
    // Storage unavailable (privacy mode): the choice cannot be kept, so notifications stay off.
  }
  changed();
}

/** Asks the browser for permission if it has not been asked yet, then opts in. */
export async function enableNotifications(): Promise<NotificationState> {
  if (!supported()) return 'unsupported';
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'granted') setOptIn(true);
  else changed();
  return readNotificationState();
}

export function disableNotifications(): void {
  setOptIn(false);
}

/**
 * A name the mail chose, set in a sentence of ours that the system draws as plain text: First
 * Strong Isolate … Pop Directional Isolate (Unicode UAX #9, X5c and X6a) give it a direction of
 * its own and close, at the PDI, any embedding or override it opened, so that it cannot reorder
 * the words around it. In the page a `<bdi>` does the same.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

function senderOf(message: MessageSummary): string {
  return message.from?.name.trim() || message.from?.address.trim() || strings.inbox.unknownSender;
}

/** The icon of every notification: a PNG, which Android shows where it would not show an SVG. */
const NOTIFICATION_ICON = '/icons/icon-192.png';

/**
 * Announces new messages (oldest first) with a system notification each, or one summary for
 * many, if the visitor opted in and the tab is hidden. A click brings the tab to the front.
 *
 * Through the service worker's registration when its worker is active: Chrome on Android shows
 * notifications no other way, and the worker focuses the page on a click (`public/sw.js`).
 * Without one (first visit, a browser without workers), with `new Notification` from the page.
 */
export async function notifyNewMail(messages: readonly MessageSummary[]): Promise<void> {
  if (messages.length === 0 || document.visibilityState !== 'hidden') return;
  // Asked afresh: the tab has been hidden for a while, and mail comes seldom.
  if (currentNotificationState() !== 'on') return;
  const shown =
    messages.length > MAX_MAIL_NOTIFICATIONS
      ? [
          {
            title: mailboxTools.notifications.titleMany(messages.length),
            body: mailboxTools.notifications.bodyMany,
            tag: 'new-mail',
          },
        ]
      : messages.map((m) => ({
          title: mailboxTools.notifications.title(isolate(senderOf(m))),
          body: m.subject.trim() || strings.inbox.noSubject,
          tag: `message-${m.id}`,
        }));
  const registration = await activeRegistration();
  for (const { title, body, tag } of shown) {
    const options: NotificationOptions = { body, tag, icon: NOTIFICATION_ICON };
    try {
      if (registration) {
        await registration.showNotification(title, options);
        continue;
      }
      const notification = new Notification(title, options);
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    } catch (error) {
      // Chrome on Android refuses `new Notification` (it wants the worker, not active yet).
      console.warn('Notification could not be shown', error);
      return;
    }
  }
}
