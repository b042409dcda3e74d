import { useEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './dialog.css';

interface Props {
  open: boolean;
  labelledBy: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * The platform's modal <dialog> (showModal): the page behind is inert, Escape closes, focus
 * goes to the element marked `data-autofocus` and back to the opener on close. React owns
 * `open`; native close paths (Escape) only ask, through `onClose`.
 */
export function Dialog({ open, labelledBy, onClose, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // showModal() does not restore focus in every browser we support; remember the opener.
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal?.();
      // jsdom has no showModal; the attribute keeps the dialog in the accessibility tree.
      if (!dialog.open) dialog.setAttribute('open', '');
      // Not the autoFocus prop: React would focus during commit, before the opener is remembered.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close?.();
      dialog.removeAttribute('open');
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  // Escape handled here as well: preventing it stops the native cancel, so it closes once.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog ref={ref} className={className ?? 'account-dialog'} aria-labelledby={labelledBy} onCancel={onCancel} onKeyDown={onKeyDown}>
      {open && children}
    </dialog>
  );
}
