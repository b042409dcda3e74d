/** Hold texts (spec §2 seat map, §5 "Quantity and seats" and guest data, §8 "Reservation"). */
import { MAX_LUGARES_POR_SOLICITUD } from '../constants';

export const reservaMessages = {
  // Quantity and seats
  SEATS_REQUIRED: 'Debes seleccionar al menos un asiento.',
  NO_SEATS_SELECTED: 'No has seleccionado asientos.',
  SEAT_INVALID: 'Cada asiento debe tener un identificador entero positivo.',
  SEATS_DUPLICATED: 'Hay asientos repetidos en la solicitud.',
  TOO_MANY_PLACES: `No puedes reservar más de ${MAX_LUGARES_POR_SOLICITUD} lugares a la vez.`,
  QUANTITY_INVALID: 'La cantidad de boletos debe ser un número entero mayor que cero.',
  SECTION_INVALID: 'La sección no es válida.',
  GENERAL_SECTION_NOT_FOUND: 'Sección general no encontrada',
  SEAT_TAKEN: 'Uno de tus asientos acaba de ser apartado por alguien más y se quitó de tu selección.',
  HOLD_LOCKED: 'Tu reserva está activa. Cancélala para cambiar tus asientos.',

  // Guest
  GUEST_NAME_REQUIRED: 'Ingresa el nombre',
  GUEST_EMAIL_REQUIRED: 'Es necesario un correo electrónico valído',
  GUEST_EMAIL_HINT: 'En este correo recibirás tus boletos',

  // The hold
  RESERVATION_INVALID: 'La reserva no es válida.',
  RESERVE_FAILED: 'Ocurrió un error al reservar. Por favor, intenta nuevamente.',
  SEATS_GONE: 'Uno o más asientos ya no están disponibles. Por favor, actualiza la página.',
  CANCEL_FAILED: 'No se pudo cancelar la reserva. Inténtalo de nuevo.',
  CANCEL_SUCCESS: 'La reserva se ha cancelado.',
  RESERVATION_EXPIRED: 'El tiempo de tu reserva ha expirado. La página se recargará.',
  /** This tab's hold ended because the buyer held places again elsewhere (one live hold per buyer and event). */
  // Best available and seats left alone (decision 0032)
  BEST_TITLE: 'Mejores lugares disponibles',
  BEST_CATEGORY_INVALID: 'Elige una categoría de precio.',
  BEST_CATEGORY_NOT_FOUND: 'La categoría no existe para este evento.',
  BEST_NONE: 'No quedan {n} lugares de esta categoría en una misma sección. Prueba con menos lugares o con otra categoría.',
  BEST_NO_WHEELCHAIR: 'No quedan lugares para silla de ruedas con acompañante en esta categoría.',
  BEST_WHOLE_TABLES: 'En esta categoría se venden mesas completas de {tamanos} lugares.',
  BEST_SPLIT_OFFER: 'No hay {n} lugares juntos en esta categoría. Te proponemos los mejores {n} en {grupos} grupos.',
  SEAT_ALONE: 'No puedes dejar el asiento {asiento} solo: agrégalo a tu selección o elige otros asientos.',
  WHEELCHAIR_COMPANION: 'Este lugar es para silla de ruedas; su asiento acompañante es el {asiento}.',
  RESERVATION_REPLACED: 'Esta reserva se canceló porque apartaste lugares de este evento en otra pestaña o ventana. Continúa tu compra allí.',
} as const;
