/** Account area texts (spec §2 "Profile area", §5 "Password change", §8 "Profile" and saved cards). */
export const cuentaMessages = {
  PROFILE_FAILED: 'Error al obtener el perfil.',
  TICKET_LIST_FAILED: 'Error al obtener la lista de boletos',
  MY_EVENT_NOT_FOUND: 'No tienes boletos para este evento.',
  NO_PURCHASES: 'Aún no tienes compras',
  NO_PURCHASES_HINT: 'Cuando compres boletos, aquí los tendrás con su código QR.',
  NO_UPCOMING_EVENTS: 'No tienes eventos próximos.',
  NO_PAST_EVENTS: 'Aún no tienes eventos pasados.',
  TICKETS_PDF_FAILED: 'No pudimos generar el PDF de tus boletos. Inténtalo de nuevo.',
  TICKET_QR_FAILED: 'No pudimos dibujar el código QR. Tu boleto es: {payload}',

  // Password change (spec §5); a wrong current password is a 400, so the session stays open
  PASSWORD_FIELDS_REQUIRED: 'Todos los campos son obligatorios',
  PASSWORD_NEW_MISMATCH: 'Las nuevas contraseñas no coinciden',
  PASSWORD_UPDATE_FAILED: 'Hubo un problema al actualizar la contraseña',
  PASSWORD_UPDATED: 'Contraseña actualizada correctamente',
  CURRENT_PASSWORD_WRONG: 'La contraseña actual no es correcta.',
  SAME_PASSWORD: 'La nueva contraseña debe ser distinta de la actual.',

  // Saved cards (account and checkout)
  CARDS_FAILED: 'Error al obtener las tarjetas.',
  NO_SAVED_CARDS: 'No tienes tarjetas guardadas.',
  NO_SAVED_CARDS_HINT: 'Puedes guardar una al pagar tus boletos.',
  CONFIRM_DELETE_CARD: 'Esta acción eliminará tu método de pago de forma permanente.',
  CARD_NOT_FOUND: 'La tarjeta no existe.',
  CARD_DELETED: 'Tarjeta eliminada correctamente.',
  DELETE_CARD_NO_CUSTOMER: 'No puedes eliminar la tarjeta porque no tiene un usuario de Openpay',
  DELETE_CARD_FAILED_PURCHASE: 'Ocurrió un error al eliminar la tarjeta. Por favor, inténtalo de nuevo.',
  DELETE_CARD_FAILED_PROFILE: 'Hubo un problema al eliminar la tarjeta.',
} as const;
