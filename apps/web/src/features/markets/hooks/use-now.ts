import { useEffect, useState } from 'react';

/** The current time, re-read every `stepMs` while mounted (countdowns). */
export function useNow(stepMs = 1_000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs, enabled]);
  return now;
}

/** "1:05" for 65 s, "0:09" for 9 s. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}
