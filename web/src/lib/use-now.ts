import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `intervalMs`; for labels such as '5m fa'. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
