import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatMoney, savedHold } from '@taquilla/shared';
import type { CheckCargoResponse } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { errorMessage, usePaymentDeps } from '../api/deps';
import { ResendTickets } from './ResendTickets';

type State =
  | { status: 'checking' }
  | { status: 'paid'; answer: CheckCargoResponse }
  /** `retry`: the page the still-live hold was made on, to pay it with another card. */
  | { status: 'failed'; message: string; retry?: string };

/**
 * Where to try another card: the page the tab's saved hold `reservaId` was made on, when the
 * server still has that hold live (a refused 3-D Secure payment leaves it as it was).
 */
async function retryPage(getReserva: (eventoId: string, reservaId: string) => Promise<{ estado: string }>, reservaId: string): Promise<string | undefined> {
  const saved = savedHold.read();
  if (!saved?.volverA || saved.reservaId !== reservaId) return undefined;
  const reserva = await getReserva(saved.eventoId, reservaId).catch(() => null);
  return reserva?.estado === 'activa' ? saved.volverA : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `promocionId` in the path: a positive id, or anything else ('0', 'null') for none. */
function promocionIdOf(raw: string | undefined): number | null {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * terminar_compra/:reservaId/:esGeneral/:promocionId and
 * terminar_compra_invitado/:reservaId/:esGeneral/:invitadoId/:promocionId, `?id=<charge>`:
 * where 3-D Secure returns. The server reads the charge from the gateway and finishes the sale
 * (once, however often this page is reloaded or reopened later from the link).
 */
export function ConfirmPurchasePage() {
  const deps = usePaymentDeps();
  const { reservaId, esGeneral, promocionId, invitadoId } = useParams();
  const [search] = useSearchParams();
  const chargeId = search.get('id');
  const guest = invitadoId !== undefined;
  const [state, setState] = useState<State>({ status: 'checking' });
  const canvas = useRef<HTMLCanvasElement>(null);
  const paid = state.status === 'paid';
  useEffect(() => {
    if (paid && canvas.current) deps.celebrate(canvas.current);
  }, [deps, paid]);

  useEffect(() => {
    if (!chargeId || !reservaId || !UUID.test(reservaId) || (guest && !UUID.test(invitadoId))) {
      setState({ status: 'failed', message: pagoMessages.CONFIRM_MISSING_DATA });
      return;
    }
    let live = true;
    const general = esGeneral === 'true';
    const check = guest
      ? deps.checkCargoInvitado(invitadoId, chargeId, { reservaId, esGeneral: general })
      : deps.checkCargo(chargeId, { reservaId, esGeneral: general, promocion_id: promocionIdOf(promocionId) });
    check.then(
      (answer) => {
        if (!live) return;
        if (answer.cargo.pagado) {
          setState({ status: 'paid', answer });
          return;
        }
        const message = answer.message || pagoMessages.CONFIRM_FAILED;
        setState({ status: 'failed', message });
        void retryPage(deps.getReserva, reservaId).then((retry) => {
          if (live && retry) setState({ status: 'failed', message, retry });
        });
      },
      (error: unknown) => {
        if (live) setState({ status: 'failed', message: errorMessage(error, pagoMessages.CONFIRM_PROBLEM) });
      },
    );
    return () => {
      live = false;
    };
  }, [deps, chargeId, reservaId, esGeneral, promocionId, invitadoId, guest]);

  return (
    <main className="checkout checkout__confirm-page" data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__}>
      <h1>Confirmación de pago</h1>
      {state.status === 'checking' && <p role="status">Confirmando tu pago…</p>}
      {state.status === 'failed' && (
        <>
          <p role="alert" className="checkout__alert">
            {state.message}
          </p>
          {state.retry && (
            <Link to={state.retry} className="checkout__button">
              Intentar con otra tarjeta
            </Link>
          )}
          <a href="/" className="checkout__link">
            Volver al inicio
          </a>
        </>
      )}
      {state.status === 'paid' && (
        <section aria-labelledby="compra-exitosa">
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: decoration; a canvas without tabindex is not focusable */}
          <canvas ref={canvas} className="checkout__confetti" aria-hidden="true" />
          <h2 id="compra-exitosa">{pagoMessages.PURCHASE_SUCCESS_TITLE}</h2>
          <p role="status">{state.answer.message}</p>
          <dl className="checkout__totals">
            <div>
              <dt>Evento</dt>
              <dd>{state.answer.evento.nombre}</dd>
            </div>
            <div>
              <dt>Recinto</dt>
              <dd>{state.answer.evento.recinto}</dd>
            </div>
            <div className="checkout__total">
              <dt>Total pagado</dt>
              <dd>{formatMoney(state.answer.total)}</dd>
            </div>
          </dl>
          <ResendTickets resend={() => (guest ? deps.reenviarBoletosInvitado(invitadoId, reservaId!) : deps.reenviarBoletos(reservaId!))} />
          {state.answer.correo && <p>Te enviamos tus boletos a {state.answer.correo}.</p>}
          {!guest && (
            <a href="/perfil/mis_compras" className="checkout__link">
              Ir a mis compras
            </a>
          )}
        </section>
      )}
    </main>
  );
}
