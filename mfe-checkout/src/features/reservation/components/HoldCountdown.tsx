import { forwardRef } from 'react';
import { formatMmSs } from '../lib/countdown';

/** mm:ss left on the hold. role="timer" is not announced on every tick (its live region is off). */
export const HoldCountdown = forwardRef<HTMLParagraphElement, { leftMs: number }>(function HoldCountdown({ leftMs }, ref) {
  return (
    <p ref={ref} className="checkout__timer" role="timer" tabIndex={-1}>
      Tiempo restante para completar tu compra: <strong>{formatMmSs(leftMs)}</strong>
    </p>
  );
});
