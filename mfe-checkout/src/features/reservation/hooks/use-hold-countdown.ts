import { useEffect, useState } from 'react';
import { remainingMs } from '../lib/countdown';
import type { Hold } from '@taquilla/shared';

/**
 * Milliseconds left on `hold`, recomputed every second and at once when the tab becomes
 * visible again (background tabs throttle timers). Calls `onExpire` when it reaches zero.
 */
export function useHoldCountdown(hold: Hold | null, onExpire: () => void, now: () => number = Date.now): number | null {
  const [browserNow, setBrowserNow] = useState(now);
  const left = hold ? remainingMs(hold.fechaExpiracion, browserNow, hold.offsetMs) : null;

  useEffect(() => {
    if (!hold) return;
    const tick = () => setBrowserNow(now());
    tick();
    const timer = setInterval(tick, 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [hold, now]);

  useEffect(() => {
    if (left === 0) onExpire();
  }, [left, onExpire]);

  return left;
}
