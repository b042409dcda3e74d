import { useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';

interface Props {
  open: boolean;
  labelledBy: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * The platform's modal <dialog> (showModal): the page behind is inert, Escape closes, and
 * the browser returns focus to whatever opened it. React owns `open`; native close paths
 * (Escape) only ask, through `onClose`.
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

  return (
    <dialog ref={ref} className={className ?? 'account-dialog'} aria-labelledby={labelledBy} onCancel={onCancel}>
      {open && children}
    </dialog>
  );
}
