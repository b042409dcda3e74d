import { useEffect, useRef, type ReactNode } from 'react';
import { useHoldCountdown } from '../hooks/use-hold-countdown';
import type { Hold } from '@taquilla/shared';
import { HoldCountdown } from './HoldCountdown';

interface Props {
  hold: Hold;
  cancelling: boolean;
  error: string | null;
  onCancel: () => void;
  onExpire: () => void;
  /** What was held, in the caller's words (seats or general places). */
  summary?: ReactNode;
  /** The payment step that follows the hold. */
  children?: ReactNode;
  /** Move focus to the countdown when shown (the button that made the hold is gone). */
  focusOnShow?: boolean;
  /** Paid: no countdown and no cancel any more. */
  sold?: boolean;
}

/** A live hold: countdown, what it holds, 'Cancelar la compra', then the payment step. */
export function HeldReservation({ hold, cancelling, error, onCancel, onExpire, summary, children, focusOnShow = false, sold = false }: Props) {
  const left = useHoldCountdown(hold, onExpire);
  const timerRef = useRef<HTMLParagraphElement>(null);
  const focusFirst = useRef(focusOnShow);
  useEffect(() => {
    if (focusFirst.current) timerRef.current?.focus();
  }, []);
  return (
    <div className="checkout__held">
      {!sold && <HoldCountdown ref={timerRef} leftMs={left ?? 0} />}
      {summary}
      {error && (
        <p className="checkout__alert" role="alert">
          {error}
        </p>
      )}
      {!sold && (
        <button
          type="button"
          className="checkout__button checkout__button--secondary"
          onClick={onCancel}
          disabled={cancelling}
          aria-busy={cancelling || undefined}
        >
          Cancelar la compra
        </button>
      )}
      {children}
    </div>
  );
}
