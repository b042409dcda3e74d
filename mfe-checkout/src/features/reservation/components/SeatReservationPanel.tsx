import { useEffect, useId, useState, type FormEvent } from 'react';
import { CHECKOUT_SUMMARY_ID, filaLabel, formatMoney, messages } from '@taquilla/shared';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import { useBuyer } from '../hooks/use-buyer';
import { useEventoEnVenta } from '../hooks/use-evento-en-venta';
import { useGuestForm } from '../hooks/use-guest-form';
import { defaultHoldDeps, useHold, type HoldDeps } from '../hooks/use-hold';
import { useSeatSelection } from '../hooks/use-seat-selection';
import type { Hold } from '@taquilla/shared';
import { quotePending, SelectionQuote } from '../../payment/components/SelectionQuote';
import { useQuote } from '../../payment/hooks/use-quote';
import { GuestFields } from './GuestFields';
import { HoldStage, type PaymentSlot } from './HoldStage';

function HeldSeats({ hold }: { hold: Hold }) {
  const asientos = hold.detalle?.asientos ?? [];
  if (asientos.length === 0) return null;
  return (
    <ul className="checkout__lines" aria-label="Asientos reservados">
      {asientos.map((a) => (
        <li key={a.id}>
          <span>
            {filaLabel(a.fila)}, asiento {a.numero} · {a.categoria}
          </span>
          <span>{formatMoney(a.precio)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Beside seating's seat map: the server's price of the selection, then 'Continuar' holds the
 * selected seats (a guest gives name and e-mail first), then the countdown, 'Cancelar la compra' and the payment step. Its id is
 * where seating's 'Ver resumen' scrolls; seating's cancel arrow cancels through the bus.
 */
interface Props {
  eventoId: string;
  seccionId: string;
  payment?: PaymentSlot;
  deps?: HoldDeps;
}

export function SeatReservationPanel({ eventoId, seccionId, payment, deps = defaultHoldDeps }: Props) {
  const headingId = useId();
  const buyer = useBuyer();
  const asientoIds = useSeatSelection(eventoId, seccionId);
  const guest = useGuestForm();
  const hold = useHold({ eventoId, esGeneral: false, seccionId }, deps);
  const { state, reserve } = hold;
  const [selectionError, setSelectionError] = useState(false);
  const enVenta = useEventoEnVenta(deps.api, eventoId);

  useEffect(() => {
    if (asientoIds.length > 0) setSelectionError(false);
  }, [asientoIds]);

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (asientoIds.length === 0) {
      setSelectionError(true);
      return;
    }
    const invitado = buyer === 'guest' ? guest.submit() : null;
    if (buyer === 'guest' && !invitado) return;
    void reserve({ kind: 'asientos', asientoIds, invitado });
  };

  const reserving = state.status === 'reserving';
  const choosing = (state.status === 'idle' || reserving) && enVenta === true;
  const quote = useQuote(eventoId, choosing && asientoIds.length > 0 ? { asientoIds } : null);
  // A past or hidden event: seating's page says so, and there is nothing here to buy.
  if (enVenta === false && state.status !== 'held') return null;
  return (
    <section
      className="checkout checkout--panel"
      id={CHECKOUT_SUMMARY_ID}
      aria-labelledby={headingId}
      data-remote-name={__REMOTE_NAME__}
      data-remote-version={__REMOTE_VERSION__}
    >
      <h2 id={headingId}>Resumen de compra</h2>
      {(state.status === 'restoring' || (state.status === 'idle' && enVenta === null)) && <p role="status">{messages.REMOTE_LOADING}</p>}
      {choosing && (
        <form className="checkout__form" onSubmit={onContinue} noValidate>
          <SelectionQuote state={quote} />
          {buyer === 'guest' && <GuestFields form={guest} disabled={reserving} />}
          {selectionError && (
            <p className="checkout__alert" role="alert">
              {reservaMessages.SEATS_REQUIRED}
            </p>
          )}
          {state.status === 'idle' && state.error && (
            <p className="checkout__alert" role="alert">
              {state.error}
            </p>
          )}
          <button
            type="submit"
            className="checkout__button"
            disabled={reserving || buyer === 'checking' || quotePending(quote)}
            aria-busy={reserving || undefined}
          >
            Continuar
          </button>
        </form>
      )}
      <HoldStage hold={hold} summary={(held) => <HeldSeats hold={held} />} payment={payment} />
    </section>
  );
}
