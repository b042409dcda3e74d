import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { DialogState } from '../lib/use-dialog';

interface Props {
  dialog: DialogState | null;
  onClose: () => void;
}

/**
 * An accessible modal message (WAI-ARIA dialog pattern): focus moves into it, Tab stays
 * inside, Escape closes it, and focus returns to where it was. Errors use role="alertdialog"
 * so screen readers announce them at once.
 */
export function MessageDialog({ dialog, onClose }: Props) {
  const titleId = useId();
  const messageId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const open = dialog !== null;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!dialog) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = panelRef.current.querySelectorAll<HTMLElement>('button:not([disabled])');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="ta-dialog-backdrop" onKeyDown={onKeyDown}>
      <div
        ref={panelRef}
        className={`ta-dialog ta-dialog--${dialog.kind}`}
        role={dialog.kind === 'error' || dialog.kind === 'warning' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
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
          <button ref={closeRef} type="button" className="ta-button" onClick={onClose}>
            {dialog.closeLabel ?? 'Aceptar'}
          </button>
        </div>
      </div>
    </div>
  );
}
