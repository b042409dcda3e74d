import { useState } from 'react';
import { login, sendVerificationEmail } from '@taquilla/shared/api/auth';
import { messages } from '@taquilla/shared';
import type { LoginPayload } from '@taquilla/shared/schemas/auth';
import { authMessages } from '@taquilla/shared/messages/auth';
import type { DialogState } from '../../../lib/use-dialog';
import { errorText, markCredentialsFailed, startSession } from '../../../lib/session';

/**
 * Login flow (spec §4, §8): success → the shell gets the session over the bus (the layout then
 * returns to the page that asked for a login, else '/'); an unverified account gets the 'Verificación requerida' dialog instead
 * of a session (its token would be refused everywhere); failure → error dialog + auth error.
 */
export function useLogin(showDialog: (dialog: DialogState) => void) {
  const [sending, setSending] = useState(false);

  const resend = async (email: string) => {
    try {
      const answer = await sendVerificationEmail(email);
      showDialog({ kind: 'info', title: authMessages.VERIFICATION_EMAIL_SENT_TITLE, message: answer.message || authMessages.VERIFICATION_EMAIL_SENT });
    } catch (error) {
      showDialog({ kind: 'error', title: authMessages.VERIFICATION_EMAIL_FAILED, message: errorText(error) });
    }
  };

  const submit = async (payload: LoginPayload) => {
    setSending(true);
    try {
      const { token, user } = await login(payload);
      if (!user.isVerified) {
        showDialog({
          kind: 'warning',
          title: authMessages.VERIFICATION_REQUIRED_TITLE,
          message: messages.VERIFICATION_REQUIRED,
          closeLabel: authMessages.VERIFICATION_REQUIRED_OK,
          action: { label: 'Reenviar correo', onClick: () => void resend(user.email) },
        });
        return;
      }
      startSession(token, user);
    } catch (error) {
      markCredentialsFailed();
      showDialog({ kind: 'error', title: messages.ERROR_TITLE, message: errorText(error) });
    } finally {
      setSending(false);
    }
  };

  return { submit, sending };
}
