/** Event catalogue texts (spec §2 "Home" / "Event information", §8 "Events"); on /eventos' first load. */
export const catalogoMessages = {
  EVENT_LIST_FAILED: 'Error al obtener la lista de eventos',
  EVENTS_FAILED: 'Error al obtener los eventos.',
  EVENT_FAILED: 'Error al obtener el evento.',
  EVENT_NOT_FOUND: 'El evento no existe.',
  EVENT_PAST: 'El evento ya pasó',
  /** The event page of an event whose date has come: nothing is on sale. */
  EVENT_PAST_NOTICE: 'Este evento ya pasó. Ya no hay boletos a la venta.',
  EVENT_NOT_AVAILABLE: 'Este evento no se encuentra disponible',
  NO_EVENTS: 'No hay eventos disponibles.',
  SOLD_OUT: 'Agotado',

  // An id in a URL segment (every catalogue route)
  ID_INVALID: 'El identificador debe ser un número entero positivo',
  ID_OUT_OF_RANGE: 'El identificador está fuera de rango',
} as const;
