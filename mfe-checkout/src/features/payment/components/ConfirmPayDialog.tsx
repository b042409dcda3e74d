import { useId } from 'react';
import { formatMessage, formatMoney } from '@taquilla/shared';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { ModalDialog } from '../../reservation/components/ModalDialog';

/** 'Confirmar compra' · 'Vas a pagar $X por tus boletos.' before the card is charged. */
export function ConfirmPayDialog({ open, total, onConfirm, onCancel }: { open: boolean; total: number; onConfirm: () => void; onCancel: () => void }) {
  const titleId = useId();
  return (
    <ModalDialog open={open} labelledBy={titleId} locked={false} onRequestClose={onCancel}>
      <div className="checkout__confirm">
        <h2 id={titleId}>{pagoMessages.CONFIRM_PURCHASE_TITLE}</h2>
        <p>{formatMessage(pagoMessages.CONFIRM_PURCHASE_TEXT, { amount: formatMoney(total) })}</p>
        <div className="checkout__actions">
          <button type="button" className="checkout__button checkout__button--secondary" onClick={onCancel}>
            Cancelar
          </button>
          <button type="button" className="checkout__button" onClick={onConfirm}>
            Confirmar
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
