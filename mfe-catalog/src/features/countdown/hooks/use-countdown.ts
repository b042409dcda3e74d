import { useEffect, useState } from 'react';
import { timeLeft, type CountdownParts } from '../lib/countdown';

/** Ticks once a second until `target`, then stops (null = it has started). */
export function useCountdown(target: Date): CountdownParts | null {
  const [now, setNow] = useState(() => new Date());
  const left = timeLeft(target, now);
  const running = left !== null;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return left;
}
