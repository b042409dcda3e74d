import { messages } from '@taquilla/shared';
import type { HoldState } from '../lib/hold-machine';

/** The final states, each followed by a reload (use-hold schedules it). */
export function HoldOutcome({ state }: { state: HoldState }) {
  if (state.status === 'expired') return <p className="checkout__alert" role="alert">{messages.RESERVATION_EXPIRED}</p>;
  if (state.status === 'gone') return <p className="checkout__alert" role="alert">{messages.SEATS_GONE}</p>;
  if (state.status === 'cancelled') return <p className="checkout__notice" role="status">{messages.CANCEL_SUCCESS}</p>;
  return null;
}
