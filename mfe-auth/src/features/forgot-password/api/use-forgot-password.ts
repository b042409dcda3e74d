import { useState } from 'react';
import { forgotPassword } from '@taquilla/shared/api/auth';
import { messages } from '@taquilla/shared';
import type { ForgotPasswordPayload } from '@taquilla/shared/schemas/auth';
import { authMessages } from '@taquilla/shared/messages/auth';
import type { DialogState } from '../../../lib/use-dialog';
import { errorText } from '../../../lib/session';

/** Forgot password (spec §2, §8): the server answers alike for any address; failures show its message. */
export function useForgotPassword(showDialog: (dialog: DialogState) => void) {
  const [sending, setSending] = useState(false);

  const submit = async ({ email }: ForgotPasswordPayload) => {
    setSending(true);
    try {
      await forgotPassword(email);
      showDialog({ kind: 'success', title: authMessages.PASSWORD_RECOVERY_SENT_TITLE, message: authMessages.PASSWORD_RECOVERY_SENT });
    } catch (error) {
      showDialog({ kind: 'error', title: messages.ERROR_TITLE, message: errorText(error) });
    } finally {
      setSending(false);
    }
  };

  return { submit, sending };
}
