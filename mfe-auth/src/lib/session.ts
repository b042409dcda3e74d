import { bus, toApiError } from '@taquilla/shared';
import { authMessages } from '@taquilla/shared/messages/auth';

/**
 * What the auth screens tell the shell. The shell owns the token, localStorage and authAtom;
 * this remote only asks over the bus (BRIEF: remotes never write the token).
 */

/** Login/registration succeeded: the shell stores the token and switches to authenticated. */
export function startSession(token: string, user: { id?: string; fullName: string; email: string; isVerified: boolean }) {
  bus.emit('auth:login', { token, user });
}

/** Login/registration was answered with an error: the shell stores 'Credenciales incorrectas' as the auth error (spec §4). */
export function markCredentialsFailed() {
  bus.emit('auth:login-failed', { message: authMessages.LOGIN_FAILED });
}

/** The text to show for any failed call: server message(s) joined by line breaks, or the network text. */
export function errorText(error: unknown): string {
  return toApiError(error).message;
}
