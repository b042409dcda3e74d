/** The waiting room of an event "en venta con fila" (decision 0031): what the API answers and the page says. */
export const salaEsperaMessages = {
  // Answers of the API (also shown by the page).
  NEEDS_PASS: 'Este evento está en venta con fila: espera tu turno en la sala de espera para apartar o pagar lugares.',
  CHALLENGE_FAILED: 'No pudimos comprobar que no eres un robot. Vuelve a intentarlo.',
  CHALLENGE_USED: 'Esta comprobación ya se usó. Vuelve a intentarlo.',
  TOO_MANY_FROM_NETWORK: 'Desde tu conexión ya hay demasiados lugares en la fila de este evento.',
  NO_WAITING_ROOM: 'Este evento no tiene sala de espera.',
  OPS_FORBIDDEN: 'Operación no autorizada: falta o no coincide el token de operación (OPS_TOKEN).',

  // The page.
  TITLE: 'Sala de espera',
  STARTS_IN: 'La venta empieza en',
  BEFORE_START: 'Al empezar la venta, todas las personas en la sala de espera reciben un lugar al azar: llegar antes no da ventaja.',
  JOIN: 'Entrar a la fila',
  JOINING: 'Comprobando que no eres un robot…',
  PLACE: 'Tu lugar en la fila',
  AHEAD: 'Personas delante de ti',
  WAIT: 'Espera estimada',
  WAIT_UNKNOWN: 'calculando…',
  PAUSED: 'La fila está en pausa por el momento. Conservas tu lugar.',
  ADMITTED: '¡Es tu turno! Tienes unos minutos para elegir tus lugares.',
  CONTINUE: 'Elegir lugares',
  EXPIRED: 'Tu turno expiró sin que apartaras lugares.',
  SOLD_OUT: 'Boletos agotados: por ahora no quedan lugares para este evento. Si se liberan, conservas tu lugar en la fila.',
  KEEP_OPEN: 'Puedes recargar esta página o bloquear tu teléfono: conservas tu lugar en este navegador.',
} as const;
