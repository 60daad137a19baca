import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` while `active`, so a countdown ("next free
 * request in 42 s") counts down between the queue's status updates instead of standing still.
 * Idle, it keeps the last value and runs no timer: callers take the later of it and the time
 * their data arrived, so a stale value never shows.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
