/** Sign-in, registration and e-mail link texts (spec §4, §5 "Login" / "Register", §8 "Authentication"). */
export const authMessages = {
  LOGIN_FAILED: 'Credenciales incorrectas',
  REGISTER_NO_TOKEN: 'Error en el registro, no se recibió token.',
  REGISTERED_TITLE: 'Cuenta creada',
  VERIFICATION_EMAIL_FAILED: 'No se pudo enviar el correo de verificación.',
  VERIFICATION_EMAIL_PROBLEM: 'Hubo un problema al enviar el correo de verificación.',
  VERIFICATION_EMAIL_SENT_TITLE: 'Correo enviado',
  VERIFICATION_EMAIL_SENT: 'Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.',
  VERIFICATION_REQUIRED_TITLE: 'Verificación requerida',
  VERIFICATION_REQUIRED_OK: 'Entendido',
  PASSWORD_RECOVERY_SENT_TITLE: 'Revisa tu correo',
  PASSWORD_RECOVERY_SENT: 'Hemos enviado un correo con instrucciones para restablecer tu contraseña.',
  PASSWORD_RESET_TITLE: 'Contraseña actualizada',

  // Login validation (spec §5)
  LOGIN_EMAIL_REQUIRED: 'Debes ingresar el correo',
  LOGIN_EMAIL_INVALID: 'Debes ingresar un correo válido',
  LOGIN_PASSWORD_REQUIRED: 'Debes ingresar una contraseña',
  LOGIN_PASSWORD_MIN: 'La contraseña debe tener al menos 6 caracteres',

  // Register validation (spec §5); the two upper bounds are ours (the name's also bounds a guest's)
  REGISTER_FULLNAME_REQUIRED: 'El nombre es obligatorio',
  NAME_TOO_LONG: 'El nombre no puede tener más de 100 caracteres',
  REGISTER_EMAIL_REQUIRED: 'El correo es obligatorio',
  REGISTER_EMAIL_INVALID: 'El correo debe ser de un dominio válido',
  REGISTER_PASSWORD_REQUIRED: 'La contraseña es obligatoria',
  REGISTER_PASSWORD_MIN: 'Debe tener al menos 6 caracteres',
  REGISTER_PASSWORD_UPPERCASE: 'Debe contener al menos una mayúscula',
  REGISTER_PASSWORD_LOWERCASE: 'Debe contener al menos una minúscula',
  REGISTER_PASSWORD_DIGIT: 'Debe contener al menos un número',
  REGISTER_PASSWORD_TOO_LONG: 'La contraseña no puede tener más de 128 caracteres',
  REGISTER_REPEAT_REQUIRED: 'Debes repetir la contraseña',
  REGISTER_REPEAT_MISMATCH: 'Las contraseñas no coinciden',
  PASSWORD_HINT: 'La contraseña debe tener una mayúscula, una minúscula, un número y al menos 6 caracteres',

  // Forgot password, e-mailed links
  FORGOT_EMAIL_REQUIRED: 'Por favor, ingresa un correo electrónico.',
  LINK_INVALID: 'El enlace no es válido.',
} as const;
