import { useEffect, useRef, type ReactNode } from 'react';
import type { UseHold } from '../hooks/use-hold';
import type { Hold } from '@taquilla/shared';
import { HeldReservation } from './HeldReservation';
import { HoldOutcome } from './HoldOutcome';

/** What follows a live hold on screen: the payment step, composed in by the exposed module; it calls `onSold` once paid. */
export type PaymentSlot = (hold: Hold, onSold: () => void) => ReactNode;

/**
 * Everything after the reserve, the same on the seat panel and in the GA modal: the live hold
 * (countdown, what it holds, cancel, then the payment step) or how it ended.
 */
export function HoldStage({ hold, summary, payment }: { hold: UseHold; summary: (held: Hold) => ReactNode; payment?: PaymentSlot }) {
  const { state, cancel, expire, sold } = hold;
  // True on the render where a reserve just succeeded (not for a hold restored after a reload).
  const wasReserving = useRef(false);
  const justReserved = wasReserving.current && state.status === 'held';
  useEffect(() => {
    wasReserving.current = state.status === 'reserving';
  });
  if (state.status !== 'held') return <HoldOutcome state={state} />;
  return (
    <HeldReservation
      hold={state.hold}
      cancelling={state.cancelling}
      error={state.error}
      onCancel={() => void cancel()}
      onExpire={expire}
      summary={summary(state.hold)}
      focusOnShow={justReserved}
      sold={state.sold === true}
    >
      {payment?.(state.hold, sold)}
    </HeldReservation>
  );
}
