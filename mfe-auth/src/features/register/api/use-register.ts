import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { register, sendVerificationEmail } from '@taquilla/shared/api/auth';
import { messages } from '@taquilla/shared';
import type { RegisterForm } from '@taquilla/shared/schemas/auth';
import { authMessages } from '@taquilla/shared/messages/auth';
import type { DialogState } from '../../../lib/use-dialog';
import { errorText, markCredentialsFailed } from '../../../lib/session';

/**
 * Registration (spec §4, §8): register → a token must come back → the verification e-mail
 * call runs; if that call fails, the registration fails. The new account is unverified, so
 * no session is opened (its token would be refused everywhere): the buyer verifies from the
 * e-mail and then signs in.
 */
export function useRegister(showDialog: (dialog: DialogState) => void) {
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();

  const submit = async ({ fullName, email, password }: RegisterForm) => {
    // repeatedPassword is dropped here: it never leaves the browser (spec §3).
    setSending(true);
    try {
      let answer: Awaited<ReturnType<typeof register>>;
      try {
        answer = await register({ fullName, email, password });
      } catch (error) {
        markCredentialsFailed();
        showDialog({ kind: 'error', title: messages.ERROR_TITLE, message: errorText(error) });
        return;
      }
      if (!answer?.token) {
        showDialog({ kind: 'error', title: messages.ERROR_TITLE, message: authMessages.REGISTER_NO_TOKEN });
        return;
      }
      try {
        await sendVerificationEmail(answer.user?.email ?? email);
      } catch {
        showDialog({
          kind: 'error',
          title: authMessages.VERIFICATION_EMAIL_FAILED,
          message: authMessages.VERIFICATION_EMAIL_PROBLEM,
        });
        return;
      }
      showDialog({
        kind: 'info',
        title: authMessages.REGISTERED_TITLE,
        message: authMessages.VERIFICATION_EMAIL_SENT,
        onClose: () => navigate('/auth/login'),
      });
    } finally {
      setSending(false);
    }
  };

  return { submit, sending };
}
