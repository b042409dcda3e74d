import { useId } from 'react';
import { Dialog } from '@taquilla/shared/ui';
import type { DialogState } from '../lib/use-dialog';

interface Props {
  dialog: DialogState | null;
  onClose: () => void;
}

/**
 * A modal message on the shared <dialog> (@taquilla/shared/ui): focus on its closing button,
 * Tab stays inside, Escape closes it, focus returns to where it was. Errors and warnings use
 * role="alertdialog" so screen readers announce them at once.
 */
export function MessageDialog({ dialog, onClose }: Props) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={dialog !== null}
      labelledBy={titleId}
      aria-describedby={messageId}
      onRequestClose={onClose}
      className={`ta-dialog ta-dialog--${dialog?.kind ?? 'info'}`}
      role={dialog?.kind === 'error' || dialog?.kind === 'warning' ? 'alertdialog' : 'dialog'}
    >
      {dialog && (
        <>
          <h2 id={titleId} className="ta-dialog__title">
            {dialog.title}
          </h2>
          <p id={messageId} className="ta-dialog__message">
            {dialog.message}
          </p>
          <div className="ta-dialog__actions">
            {dialog.action && (
              <button
                type="button"
                className="ta-button ta-button--secondary"
                onClick={() => {
                  const { onClick } = dialog.action!;
                  onClose();
                  onClick();
                }}
              >
                {dialog.action.label}
              </button>
            )}
            <button type="button" className="ta-button" onClick={onClose} data-autofocus>
              {dialog.closeLabel ?? 'Aceptar'}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
