import { useEffect, useId, useState } from 'react';
import { bus, formatMoney, messages, type BusEvents } from '@taquilla/shared';
import { catalogMessages } from '@taquilla/shared/messages/catalog';
import { HoldStage, type PaymentSlot } from './HoldStage';
import { useBuyer } from '../hooks/use-buyer';
import { defaultHoldDeps, useHold, type HoldDeps } from '../hooks/use-hold';
import { useGeneralSection, type CatalogReads } from '../api/use-general-section';
import { totalCentavos } from '../lib/quantity';
import { ModalDialog } from './ModalDialog';
import { QuantityStep } from './QuantityStep';

type Target = Pick<BusEvents['seating:general-section-clicked'], 'seccionId' | 'seccionNombre'>;

interface Props {
  eventoId: string;
  payment?: PaymentSlot;
  deps?: HoldDeps;
  catalog?: CatalogReads;
  /** A general-section click announced before this modal was listening: it opens with it. */
  initialClick?: BusEvents['seating:general-section-clicked'];
}

/**
 * The general-admission modal (spec "Event detail"): opens when seating announces a click on
 * a general section of this event; step 1 holds N places, then the countdown and the payment
 * step. A live general hold of this event found after a reload opens it again.
 */
export function GeneralPurchaseModal({ eventoId, payment, deps = defaultHoldDeps, catalog, initialClick }: Props) {
  const headingId = useId();
  const buyer = useBuyer();
  const [target, setTarget] = useState<Target | null>(null);
  // A click that came while the tab's saved hold is looked up (the mount's own click included):
  // it opens the modal once no live hold comes back; a live hold keeps its own section.
  const [early, setEarly] = useState<Target | null>(() =>
    initialClick?.eventoId === eventoId
      ? { seccionId: initialClick.seccionId, seccionNombre: initialClick.seccionNombre }
      : null,
  );
  const holdApi = useHold({ eventoId, esGeneral: true }, deps);
  const { state, reserve, clearError } = holdApi;
  const idle = state.status === 'idle';
  const restoring = state.status === 'restoring';

  useEffect(() => {
    if (!idle && !restoring) return;
    const onClick = (event: BusEvents['seating:general-section-clicked']) => {
      if (event.eventoId !== eventoId) return;
      const clicked = { seccionId: event.seccionId, seccionNombre: event.seccionNombre };
      if (restoring) {
        setEarly(clicked);
        return;
      }
      clearError();
      setTarget(clicked);
    };
    bus.on('seating:general-section-clicked', onClick);
    return () => bus.off('seating:general-section-clicked', onClick);
  }, [eventoId, idle, restoring, clearError]);

  useEffect(() => {
    if (restoring || early === null) return;
    if (idle) setTarget(early);
    setEarly(null);
  }, [restoring, idle, early]);

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
            {section?.status === 'error' && <p className="checkout__alert" role="alert">{catalogMessages.EVENT_FAILED}</p>}
            {section?.status === 'success' && (
              <QuantityStep
                eventoId={eventoId}
                section={section.data}
                buyer={buyer}
                reserving={state.status === 'reserving'}
                error={idle ? state.error : null}
                onReserve={(cantidad, invitado) =>
                  void reserve({ kind: 'general', seccionId: section.data.seccionId, cantidad, invitado })
                }
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
