import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { remainingSeconds } from '@/lib/format';

/**
 * Seconds left until `expiresAt` (the server's instant), updated exactly when the displayed
 * second changes, and `onExpire` called once per `expiresAt` when it reaches 0. Null while the
 * expiry is unknown.
 */
export function useCountdown(expiresAt: string | undefined, onExpire: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const onExpireRef = useRef(onExpire);
  const firedForRef = useRef<string | null>(null);

  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  // Layout effect: a new expiry is measured against a fresh clock before the first paint, so an
  // extension shows 10:00 at once instead of a stale value for a frame.
  useLayoutEffect(() => {
    if (!expiresAt) return;
    const end = new Date(expiresAt).getTime();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = end - current;
      if (!(left > 0)) return;
      // The shown value is ceil(left / 1000): it changes when `left` crosses a whole second. A
      // timer that fires a little early just schedules itself again for the remainder.
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const remaining = expiresAt ? remainingSeconds(expiresAt, now) : null;

  useEffect(() => {
    if (!expiresAt || remaining !== 0 || firedForRef.current === expiresAt) return;
    firedForRef.current = expiresAt;
    onExpireRef.current();
  }, [expiresAt, remaining]);

  return remaining;
}
