import { useEffect, useId, useRef } from 'react';
import { formatMoney } from '@taquilla/shared';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { usePaymentDeps } from '../api/deps';
import { ModalDialog } from '../../reservation/components/ModalDialog';

export interface Purchase {
  evento: string;
  recinto: string;
  /** Centavos charged. */
  total: number;
}

/** '¡Compra exitosa!' with event, venue and total paid; confetti on show; 'Continuar' reloads. */
export function PurchaseSuccess({ purchase }: { purchase: Purchase }) {
  const deps = usePaymentDeps();
  const titleId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) deps.celebrate(canvas.current);
  }, [deps]);
  return (
    <ModalDialog open labelledBy={titleId} locked onRequestClose={() => undefined}>
      <canvas ref={canvas} className="checkout__confetti" aria-hidden="true" />
      <div className="checkout__success">
        <h2 id={titleId}>{pagoMessages.PURCHASE_SUCCESS_TITLE}</h2>
        <p>Te enviamos tus boletos por correo.</p>
        <dl className="checkout__totals">
          <div>
            <dt>Evento</dt>
            <dd>{purchase.evento}</dd>
          </div>
          <div>
            <dt>Recinto</dt>
            <dd>{purchase.recinto}</dd>
          </div>
          <div className="checkout__total">
            <dt>Total pagado</dt>
            <dd>{formatMoney(purchase.total)}</dd>
          </div>
        </dl>
        <a href="/perfil/mis_compras" className="checkout__link">
          Ver mis compras
        </a>
        <button type="button" className="checkout__button" onClick={() => deps.reload()}>
          Continuar
        </button>
      </div>
    </ModalDialog>
  );
}
