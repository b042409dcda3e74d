import { formatMmSs } from '../lib/countdown';

/** mm:ss left on the hold. role="timer" is not announced on every tick (its live region is off). */
export function HoldCountdown({ leftMs }: { leftMs: number }) {
  return (
    <p className="checkout__timer" role="timer">
      Tiempo restante para completar tu compra: <strong>{formatMmSs(leftMs)}</strong>
    </p>
  );
}
