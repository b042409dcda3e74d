import type { ReactNode } from 'react';
import { Dialog } from '@taquilla/shared/ui';

interface Props {
  open: boolean;
  labelledBy: string;
  /** While true, Escape does nothing (a hold is being made or is live). */
  locked: boolean;
  onRequestClose: () => void;
  children: ReactNode;
}

/** Checkout's dialogs: the shared modal <dialog> (@taquilla/shared/ui) in checkout's style. */
export function ModalDialog(props: Props) {
  return (
    <Dialog
      {...props}
      className="checkout-dialog"
      // On the closed dialog too: it is this remote's root on the event pages (ops and specs look for it).
      data-remote-name={__REMOTE_NAME__}
      data-remote-version={__REMOTE_VERSION__}
    />
  );
}
