import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { registerErrors } from '../../lib/errors';

/** Domain errors of the account area (spec §8 "Profile", "Payment and cards"). */
registerErrors({
  // 400, not 401: the client closes the session on a 401, and the buyer only mistyped.
  CONTRASENA_ACTUAL_INCORRECTA: { status: 400, message: cuentaMessages.CURRENT_PASSWORD_WRONG },
  CONTRASENA_IGUAL: { status: 400, message: cuentaMessages.SAME_PASSWORD },
  MI_EVENTO_NO_ENCONTRADO: { status: 404, message: cuentaMessages.MY_EVENT_NOT_FOUND },
  TARJETA_NO_ENCONTRADA: { status: 404, message: cuentaMessages.CARD_NOT_FOUND },
  TARJETA_SIN_CLIENTE: { status: 404, message: cuentaMessages.DELETE_CARD_NO_CUSTOMER },
  TARJETA_NO_ELIMINADA: { status: 502, message: cuentaMessages.DELETE_CARD_FAILED_PROFILE },
});
