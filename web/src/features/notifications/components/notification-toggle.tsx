import { BellIcon, BellOffIcon, BellRingIcon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { ActionButton } from '@/components/ui/button';
import { mailboxTools } from '@/content/mailbox-tools';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import {
  disableNotifications,
  enableNotifications,
  readNotificationState,
  subscribeNotificationState,
  type NotificationState,
} from '../lib/mail-notifications';

/**
 * 'Attiva notifiche' / 'Notifiche attive' / 'Notifiche bloccate dal browser'. Absent where the
 * browser has no Notification API, and in the prerendered HTML (the state is the browser's).
 */
export function NotificationToggle() {
  const state = useSyncExternalStore(
    subscribeNotificationState,
    readNotificationState,
    (): NotificationState => 'unsupported',
  );
  const [asking, setAsking] = useState(false);
  if (state === 'unsupported') return null;

  const handleClick = async () => {
    if (state === 'on') {
      disableNotifications();
      toast(mailboxTools.notifications.disabled);
      return;
    }
    setAsking(true);
    try {
      const next = await enableNotifications();
      if (next === 'on') {
        toast.success(mailboxTools.notifications.enabled, {
          description: mailboxTools.notifications.enabledDescription,
        });
      } else if (next === 'blocked') {
        toast.error(mailboxTools.notifications.denied, {
          description: mailboxTools.notifications.deniedDescription,
        });
      }
    } finally {
      setAsking(false);
    }
  };

  const blocked = state === 'blocked';
  const on = state === 'on';
  return (
    <ActionButton
      type="button"
      data-slot="notification-toggle"
      data-state={state}
      aria-pressed={blocked ? undefined : on}
      // Blocked: still focusable so its explanation can be read; clicking does nothing.
      aria-disabled={blocked || undefined}
      className={cn(
        on && 'text-primary hover:text-primary',
        blocked && 'cursor-not-allowed text-muted-foreground hover:bg-transparent',
      )}
      disabled={asking}
      onClick={blocked ? undefined : handleClick}
      title={
        blocked
          ? mailboxTools.notifications.blockedLabel
          : on
            ? mailboxTools.notifications.onLabel
            : mailboxTools.notifications.enableLabel
      }
    >
      {blocked ? (
        <BellOffIcon aria-hidden="true" />
      ) : on ? (
        <BellRingIcon aria-hidden="true" />
      ) : (
        <BellIcon aria-hidden="true" />
      )}
      {blocked
        ? mailboxTools.notifications.blocked
        : on
          ? mailboxTools.notifications.on
          : mailboxTools.notifications.enable}
    </ActionButton>
  );
}
