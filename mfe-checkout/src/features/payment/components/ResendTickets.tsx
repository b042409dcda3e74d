import { useState } from 'react';
import type { ReenvioBoletosResponse } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { errorMessage } from '../api/deps';

/** 'Reenviar boletos por correo': the tickets e-mail again, to the purchase's own address. */
export function ResendTickets({ resend }: { resend: () => Promise<ReenvioBoletosResponse> }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({ busy: false, message: null, error: false });
  const send = () => {
    setState({ busy: true, message: null, error: false });
    resend().then(
      (answer) => setState({ busy: false, message: `${answer.message} (${answer.user.email})`, error: false }),
      (e: unknown) => setState({ busy: false, message: errorMessage(e, pagoMessages.RESEND_TICKETS_FAILED), error: true }),
    );
  };
  return (
    <div className="checkout__resend">
      <p>Te enviamos tus boletos con su código QR por correo.</p>
      <button type="button" className="checkout__button checkout__button--secondary" disabled={state.busy} onClick={send}>
        {state.busy ? 'Enviando…' : 'Reenviar boletos por correo'}
      </button>
      {state.message && (
        <p role={state.error ? 'alert' : 'status'} className={state.error ? 'checkout__alert' : undefined}>
          {state.message}
        </p>
      )}
    </div>
  );
}
