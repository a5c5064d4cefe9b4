import { lazy, startTransition, Suspense, useEffect, useState } from 'react';

// The toggle and the notification code are a chunk of their own: they depend on the browser's
// permission, so they can show only after hydration anyway, and the first download stays small.
const NotificationToggle = lazy(async () => ({
  default: (await import('./notification-toggle')).NotificationToggle,
}));

/**
 * Where 'Attiva notifiche' goes. Empty in the prerendered HTML and during hydration (no Suspense
 * boundary is left for the server to resolve), then the toggle is loaded and shown: a transition
 * after the first commit, so that it is not one more synchronous render on top of hydration's.
 */
export function NotificationToggleSlot() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  if (!mounted || typeof window.Notification !== 'function') return null;
  return (
    <Suspense fallback={null}>
      <NotificationToggle />
    </Suspense>
  );
}
