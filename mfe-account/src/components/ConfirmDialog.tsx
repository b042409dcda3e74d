import { useId } from 'react';
import { Dialog } from '@taquilla/shared/ui';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone (spec §5 "Confirm dialogs"). Cancel is focused first. */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} labelledBy={titleId} onRequestClose={onCancel} className="account-dialog">
      <div className="account-dialog__body">
        <h2 id={titleId}>{title}</h2>
        <p>{text}</p>
        <div className="account__actions">
          <button type="button" className="account__button account__button--secondary" onClick={onCancel} data-autofocus>
            Cancelar
          </button>
          <button type="button" className="account__button" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
