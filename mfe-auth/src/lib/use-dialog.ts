import { useCallback, useRef, useState } from 'react';

type DialogKind = 'error' | 'info' | 'success' | 'warning';

interface DialogAction {
  label: string;
  onClick: () => void;
}

export interface DialogState {
  kind: DialogKind;
  title: string;
  /** May contain line breaks (server message arrays are joined by '\n'). */
  message: string;
  /** Label of the closing button; 'Aceptar' unless the spec names another ('Entendido'). */
  closeLabel?: string;
  /** Runs after the dialog closes (e.g. navigate to login). */
  onClose?: () => void;
  /** An optional second action (e.g. resend the verification e-mail). */
  action?: DialogAction;
}

/** One modal message at a time per screen. */
export function useDialog() {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The open dialog, read by close() outside a state updater (updaters must stay pure).
  const current = useRef<DialogState | null>(null);
  const show = useCallback((next: DialogState) => {
    current.current = next;
    setDialog(next);
  }, []);
  const close = useCallback(() => {
    const closing = current.current;
    current.current = null;
    setDialog(null);
    closing?.onClose?.();
  }, []);
  return { dialog, show, close };
}
