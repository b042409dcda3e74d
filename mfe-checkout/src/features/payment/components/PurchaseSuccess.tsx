import { useEffect, useId, useRef } from 'react';
import { formatMoney } from '@taquilla/shared';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { usePaymentDeps } from '../api/deps';
import { ModalDialog } from '../../reservation/components/ModalDialog';
import { ResendTickets } from './ResendTickets';

export interface Purchase {
  evento: string;
  recinto: string;
  /** Centavos charged. */
  total: number;
  /** Where the tickets went. */
  correo?: string;
  /** A guest's purchase: no account to look it up in, so the e-mail and its resend are what they get. */
  invitado?: { invitadoId: string; reservaId: string };
}

/**
 * '¡Compra exitosa!' with event, venue and total paid; confetti on show; 'Continuar' reloads.
 * A signed-in buyer gets 'Ir a mis compras' (spec §6); a guest, who has no account, the address
 * the tickets went to and 'Reenviar boletos por correo'.
 */
export function PurchaseSuccess({ purchase }: { purchase: Purchase }) {
  const deps = usePaymentDeps();
  const titleId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) deps.celebrate(canvas.current);
  }, [deps]);
  return (
    <ModalDialog open labelledBy={titleId} locked onRequestClose={() => undefined}>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: decoration; a canvas without tabindex is not focusable */}
      <canvas ref={canvas} className="checkout__confetti" aria-hidden="true" />
      <div className="checkout__success">
        <h2 id={titleId}>{pagoMessages.PURCHASE_SUCCESS_TITLE}</h2>
        <p>{purchase.correo ? `Te enviamos tus boletos a ${purchase.correo}.` : 'Te enviamos tus boletos por correo.'}</p>
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
        {purchase.invitado ? (
          <ResendTickets resend={() => deps.reenviarBoletosInvitado(purchase.invitado!.invitadoId, purchase.invitado!.reservaId)} />
        ) : (
          <a href="/perfil/mis_compras" className="checkout__link">
            Ir a mis compras
          </a>
        )}
        <button type="button" className="checkout__button" onClick={() => deps.reload()}>
          Continuar
        </button>
      </div>
    </ModalDialog>
  );
}
