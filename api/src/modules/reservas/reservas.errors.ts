import { catalogMessages } from '@taquilla/shared/messages/catalog';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import { registerErrors } from '../../lib/errors';

/** Domain errors of holds; messages are what a buyer reads (spec §8 "Reservation"). */
registerErrors({
  ASIENTOS_NO_DISPONIBLES: { status: 409, message: reservaMessages.SEATS_GONE },
  EVENTO_NO_DISPONIBLE: { status: 400, message: catalogMessages.EVENT_NOT_AVAILABLE },
  ASIENTOS_DE_OTRO_EVENTO: { status: 400, message: 'Uno o más asientos no pertenecen a este evento.' },
  ASIENTOS_DE_VARIAS_SECCIONES: { status: 400, message: 'Todos los asientos deben ser de la misma sección.' },
  SECCION_NO_GENERAL: { status: 400, message: 'La sección no es de admisión general; elige tus asientos en el mapa.' },
  LIMITE_DE_ASIENTOS: { status: 400, message: 'Superaste el límite de boletos para este evento.' },
  DATOS_INVITADO: { status: 400, message: 'Ingresa tu nombre y correo para reservar como invitado.' },
  RESERVA_NO_ENCONTRADA: { status: 404, message: 'La reserva no existe.' },
  RESERVA_VENDIDA: { status: 409, message: 'La reserva ya fue pagada y no se puede cancelar.' },
});
