import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { formatMoney, generalRequestAtom, messages, store as page, type GeneralRequest } from '@taquilla/shared';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { HoldStage, type PaymentSlot } from './HoldStage';
import { useBuyer } from '../hooks/use-buyer';
import { defaultHoldDeps, useHold, type HoldDeps } from '../hooks/use-hold';
import { useGeneralSection, type CatalogReads } from '../api/use-general-section';
import { totalCentavos } from '../lib/quantity';
import { ModalDialog } from './ModalDialog';
import { QuantityStep } from './QuantityStep';

type Target = Pick<GeneralRequest, 'seccionId' | 'seccionNombre'>;

interface Props {
  eventoId: string;
  payment?: PaymentSlot;
  deps?: HoldDeps;
  catalog?: CatalogReads;
}

/**
 * The general-admission modal (spec "Event detail"): opens on a request for a general section of
 * this event (`generalRequestAtom`, set by seating's map on a click, maybe before this modal
 * mounted); step 1 holds N places, then the countdown and the payment step. A live general hold
 * of this event found after a reload opens it again.
 */
export function GeneralPurchaseModal({ eventoId, payment, deps = defaultHoldDeps, catalog }: Props) {
  const headingId = useId();
  const buyer = useBuyer();
  const [target, setTarget] = useState<Target | null>(null);
  const request = useAtomValue(generalRequestAtom, { store: page });
  const holdApi = useHold({ eventoId, esGeneral: true }, deps);
  const { state, reserve, clearError } = holdApi;
  const idle = state.status === 'idle';
  const restoring = state.status === 'restoring';

  // A request is taken once the tab's saved hold has been looked up: it opens the modal when no
  // live hold came back; a live hold keeps its own section (and a click meanwhile is dropped).
  useEffect(() => {
    if (!request || restoring) return;
    page.set(generalRequestAtom, null);
    if (request.eventoId !== eventoId || !idle) return;
    clearError();
    setTarget({ seccionId: request.seccionId, seccionNombre: request.seccionNombre });
  }, [request, eventoId, idle, restoring, clearError]);

  // After a reload the hold says which section it is (and keeps saying it once it has expired).
  const hold = 'hold' in state ? state.hold : null;
  const restoredSeccion = hold?.detalle ? String(hold.detalle.seccionId) : null;
  const seccionId = target?.seccionId ?? restoredSeccion;
  const section = useGeneralSection(eventoId, seccionId, catalog);
  const open = seccionId !== null && state.status !== 'restoring';
  const locked = !idle;
  // The section's public name (nombreEspecial when it has one) once loaded; the clicked name until then.
  const nombre = section?.status === 'success' ? section.data.nombre : (target?.seccionNombre ?? '');

  return (
    <ModalDialog open={open} labelledBy={headingId} locked={locked} onRequestClose={() => setTarget(null)}>
      <div className="checkout checkout--modal">
        <div className="checkout__modal-header">
          <h2 id={headingId}>{nombre ? `Boletos: ${nombre}` : 'Boletos'}</h2>
          {!locked && (
            <button type="button" className="checkout__close" aria-label="Cerrar" onClick={() => setTarget(null)}>
              ×
            </button>
          )}
        </div>
        {(idle || state.status === 'reserving') && (
          <>
            {section?.status === 'loading' && <p role="status">{messages.REMOTE_LOADING}</p>}
            {section?.status === 'error' && (
              <p className="checkout__alert" role="alert">
                {catalogoMessages.EVENT_FAILED}
              </p>
            )}
            {section?.status === 'success' && (
              <QuantityStep
                eventoId={eventoId}
                section={section.data}
                buyer={buyer}
                reserving={state.status === 'reserving'}
                error={idle ? state.error : null}
                onReserve={(cantidad, invitado) => void reserve({ kind: 'general', seccionId: section.data.seccionId, cantidad, invitado })}
              />
            )}
          </>
        )}
        <HoldStage
          hold={holdApi}
          payment={payment}
          summary={(held) =>
            held.detalle && section?.status === 'success' ? (
              <p className="checkout__held-summary">
                {held.detalle.cantidad} {held.detalle.cantidad === 1 ? 'boleto' : 'boletos'} ·{' '}
                {formatMoney(totalCentavos(section.data.precio, held.detalle.cantidad))}
              </p>
            ) : null
          }
        />
      </div>
    </ModalDialog>
  );
}
