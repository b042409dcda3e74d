import { CUENTA_MESSAGES } from '@taquilla/shared/schemas/cuenta';
import { registerErrors } from '../../lib/errors';

/** Domain errors of the account area (spec §8 "Profile", "Payment and cards"). */
registerErrors({
  // 400, not 401: the client closes the session on a 401, and the buyer only mistyped.
  CONTRASENA_ACTUAL_INCORRECTA: { status: 400, message: CUENTA_MESSAGES.currentPasswordWrong },
  CONTRASENA_IGUAL: { status: 400, message: CUENTA_MESSAGES.samePassword },
  MI_EVENTO_NO_ENCONTRADO: { status: 404, message: CUENTA_MESSAGES.eventNotFound },
  TARJETA_NO_ENCONTRADA: { status: 404, message: CUENTA_MESSAGES.cardNotFound },
  TARJETA_SIN_CLIENTE: { status: 404, message: CUENTA_MESSAGES.cardNoCustomer },
  TARJETA_NO_ELIMINADA: { status: 502, message: CUENTA_MESSAGES.cardDeleteFailed },
});
