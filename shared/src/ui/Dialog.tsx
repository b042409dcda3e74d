import { useEffect, useRef, type DialogHTMLAttributes, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';

export interface DialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onClose' | 'onKeyDown' | 'children'> {
  open: boolean;
  /** id of the dialog's title. */
  labelledBy: string;
  /** Escape (or the platform's close request) asks through this; React owns `open`. */
  onRequestClose: () => void;
  /** While true, Escape does nothing (e.g. a hold is being made). */
  locked?: boolean;
  /** Rendered only while open. The element marked `data-autofocus` takes the focus on open. */
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

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

/** showModal, or (jsdom has none) the attribute that keeps the dialog in the accessibility tree. */
function show(dialog: HTMLDialogElement) {
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

/**
 * The platform's modal <dialog> (showModal): the page behind is inert, Tab wraps inside,
 * Escape asks to close (unless locked), focus goes to the element marked `data-autofocus`
 * (else the first control) and back to the opener on close.
 */
export function Dialog({ open, labelledBy, onRequestClose, locked = false, children, ...rest }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // showModal() does not restore focus in every browser we support; remember the opener.
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      show(dialog);
      // Not the autoFocus prop: React would focus during commit, before the opener is remembered.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      dialog.removeAttribute('open');
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!locked) onRequestClose();
  };

  // Chrome lets a repeated Escape close a dialog even when `cancel` is prevented; a locked
  // dialog that closed that way is shown again, an unlocked one asks to close.
  const onClose = () => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) {
      if (locked) show(dialog);
      else onRequestClose();
    }
  };

  // Escape handled here too: preventing it stops the native cancel, so it asks once, and it
  // does not reach the page's own Escape handlers (the seat map's).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!locked) onRequestClose();
    }
    if (event.key === 'Tab' && ref.current) wrapTab(ref.current, event);
  };

  return (
    <dialog ref={ref} {...rest} aria-labelledby={labelledBy} onCancel={onCancel} onClose={onClose} onKeyDown={onKeyDown}>
      {open && children}
    </dialog>
  );
}
