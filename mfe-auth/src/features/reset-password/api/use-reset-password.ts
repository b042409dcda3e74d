import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resetPassword } from '@taquilla/shared/api/auth';
import { messages } from '@taquilla/shared';
import { authMessages } from '@taquilla/shared/messages/auth';
import type { ResetPasswordForm } from '@taquilla/shared/schemas/auth';
import type { DialogState } from '../../../lib/use-dialog';
import { errorText } from '../../../lib/session';

/** Sets the new password with the e-mailed token; on success the buyer goes to sign in. */
export function useResetPassword(token: string, showDialog: (dialog: DialogState) => void) {
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();

  const submit = async ({ password }: ResetPasswordForm) => {
    setSending(true);
    try {
      const answer = await resetPassword(token, password);
      showDialog({
        kind: 'success',
        title: authMessages.PASSWORD_RESET_TITLE,
        message: answer.message,
        onClose: () => navigate('/auth/login'),
      });
    } catch (error) {
      showDialog({ kind: 'error', title: messages.ERROR_TITLE, message: errorText(error) });
    } finally {
      setSending(false);
    }
  };

  return { submit, sending };
}
