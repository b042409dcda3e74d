import { messages } from '@taquilla/shared/messages';
import { authMessages } from '@taquilla/shared/messages/auth';
import { registerErrors } from '../../lib/errors';

/** The accounts module's codes, added to the one error dictionary (lib/errors.ts). */
export const AUTH_ERRORS = {
  CORREO_YA_REGISTRADO: { status: 409, message: 'El correo ya está registrado.' },
  CREDENCIALES_INCORRECTAS: { status: 401, message: authMessages.LOGIN_FAILED },
  VERIFICACION_REQUERIDA: { status: 403, message: messages.VERIFICATION_REQUIRED },
  DEMASIADOS_INTENTOS: { status: 429, message: 'Demasiados intentos. Intenta de nuevo en unos minutos.' },
  // Too many password hashes waiting (a burst of logins/resets): try again shortly.
  SERVICIO_OCUPADO: { status: 503, message: 'Hay muchas solicitudes en este momento. Intenta de nuevo en unos segundos.' },
  USUARIO_NO_ENCONTRADO: { status: 401, message: 'La sesión no es válida o ha expirado.' },
  // The address cannot receive mail (the SMTP server refused it for good).
  CORREO_VERIFICACION_FALLIDO: { status: 422, message: authMessages.VERIFICATION_EMAIL_FAILED },
  VERIFICACION_ENLACE_INVALIDO: { status: 400, message: 'El enlace de verificación no es válido.' },
  VERIFICACION_ENLACE_USADO: { status: 400, message: 'Este enlace de verificación ya fue utilizado.' },
  VERIFICACION_ENLACE_EXPIRADO: {
    status: 400,
    message: 'El enlace de verificación ha expirado. Inicia sesión para solicitar uno nuevo.',
  },
  RESTABLECER_ENLACE_INVALIDO: { status: 400, message: 'El enlace para restablecer la contraseña no es válido.' },
  RESTABLECER_ENLACE_USADO: {
    status: 400,
    message: 'Este enlace para restablecer la contraseña ya fue utilizado. Solicita uno nuevo.',
  },
  RESTABLECER_ENLACE_EXPIRADO: {
    status: 400,
    message: 'El enlace para restablecer la contraseña ha expirado. Solicita uno nuevo.',
  },
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

registerErrors(AUTH_ERRORS);

/** Success texts of the account endpoints. */
export const AUTH_TEXTS = {
  verificationSent: authMessages.VERIFICATION_EMAIL_SENT,
  recoverySent: authMessages.PASSWORD_RECOVERY_SENT,
  emailVerified: 'Tu correo ha sido verificado. Ya puedes iniciar sesión.',
  passwordReset: 'Tu contraseña se ha actualizado. Ya puedes iniciar sesión.',
  loggedOut: 'Sesión cerrada.',
} as const;
