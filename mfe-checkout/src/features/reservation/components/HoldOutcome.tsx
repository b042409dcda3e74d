import { reservaMessages } from '@taquilla/shared/messages/reservas';
import type { HoldState } from '@taquilla/shared';

/** The final states, each followed by a reload (use-hold schedules it) except `replaced`, which the buyer reads first. */
export function HoldOutcome({ state }: { state: HoldState }) {
  if (state.status === 'expired')
    return (
      <p className="checkout__alert" role="alert">
        {reservaMessages.RESERVATION_EXPIRED}
      </p>
    );
  if (state.status === 'gone')
    return (
      <p className="checkout__alert" role="alert">
        {reservaMessages.SEATS_GONE}
      </p>
    );
  if (state.status === 'replaced') {
    return (
      <div className="checkout__alert" role="alert">
        <p>{reservaMessages.RESERVATION_REPLACED}</p>
        <button type="button" className="checkout__button checkout__button--secondary" onClick={() => window.location.reload()}>
          Elegir otros lugares aquí
        </button>
      </div>
    );
  }
  if (state.status === 'cancelled')
    return (
      <p className="checkout__notice" role="status">
        {reservaMessages.CANCEL_SUCCESS}
      </p>
    );
  return null;
}
