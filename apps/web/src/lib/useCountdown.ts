import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a moment (epoch ms), ticking once a second; `start(seconds)` restarts it.
 * Used by the OTP resend cooldowns.
 */
export function useCountdown(initialUntil = 0): { remaining: number; until: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(initialUntil);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, []);

  return { remaining, until, start };
}
