import { useEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

interface Props {
  open: boolean;
  labelledBy: string;
  /** While true, Escape and the close button do nothing (a hold is being made or is live). */
  locked: boolean;
  onRequestClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * An inert page keeps focus out of the page, but Tab would still leave for the browser's own
 * controls; wrap it between the dialog's first and last control instead.
 */
function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent) {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && focusable.includes(active);
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The platform's modal <dialog> (showModal): the page behind is inert, Tab wraps inside,
 * Escape asks to close, and focus returns to the opener on close. React owns `open`; the
 * native close paths only ask.
 */
export function ModalDialog({ open, labelledBy, locked, onRequestClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!locked) onRequestClose();
  };

  // Chrome lets a repeated Escape close a dialog even when `cancel` is prevented; a locked
  // dialog that closed that way is shown again.
  const onClose = () => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) {
      if (locked) dialog.showModal();
      else onRequestClose();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && locked) event.preventDefault();
    if (event.key === 'Tab' && ref.current) wrapTab(ref.current, event);
  };

  return (
    <dialog
      ref={ref}
      className="checkout-dialog"
      aria-labelledby={labelledBy}
      onCancel={onCancel}
      onClose={onClose}
      onKeyDown={onKeyDown}
      // On the closed dialog too: it is this remote's root on the event pages (ops and specs look for it).
      data-remote-name={__REMOTE_NAME__}
      data-remote-version={__REMOTE_VERSION__}
    >
      {open && children}
    </dialog>
  );
}
