/** Payment texts (spec §5 card form, §7 "Payments", §8 "Payment"): the form, the charge and its outcome. */
export const pagoMessages = {
  // Card form
  CARD_HOLDER_INVALID: 'El nombre del titular no es válido o no puede ir vacío.',
  CARD_NUMBER_INVALID: 'El número de tarjeta debe tener máximo 16 dígitos.',
  /** All digits typed but the check digit does not match: a typo. */
  CARD_NUMBER_MISTYPED: 'El número de tarjeta no es válido. Revisa que lo hayas escrito bien.',
  CARD_EXPIRY_INVALID: 'La fecha de vencimiento debe estar en formato MM/YY.',
  CARD_EXPIRED: 'La tarjeta está vencida.',
  CARD_CVV_INVALID: 'El CVV debe tener 3 o 4 dígitos.',
  CARD_CVV_HINT: 'Código de seguridad de 3 a 4 dígitos al reverso de tu tarjeta.',
  CARD_TOKEN_FAILED: 'No se pudo validar la tarjeta',
  GATEWAY_UNAVAILABLE: 'OpenPay no está disponible',
  GATEWAY_SCRIPT_FAILED: 'No se pudo cargar {src}',

  // The order's total, asked of the server
  TOTAL_CALCULATING: 'Calculando el total…',
  /** The selection's quote before the hold failed or did not come back in time. */
  QUOTE_FAILED: 'No se pudo calcular el total de tu selección.',
  /** The live hold's figures could not be read. */
  TOTAL_FAILED: 'No se pudo calcular el total de tu compra. Recarga la página.',

  // Confirm and pay
  CONFIRM_PURCHASE_TITLE: 'Confirmar compra',
  CONFIRM_PURCHASE_TEXT: 'Vas a pagar {amount} por tus boletos.',
  SOURCE_REQUIRED: 'Selecciona o captura la tarjeta con la que vas a pagar.',
  DEVICE_REQUIRED: 'No se pudo verificar tu dispositivo. Recarga la página e intenta de nuevo.',
  AMOUNT_INVALID: 'El monto a pagar no es válido.',
  /** The amount the browser showed is not what the server computes now (prices, promotion): 400. */
  AMOUNT_MISMATCH: 'El total de tu compra cambió. Revisa el resumen e intenta de nuevo.',
  CHARGE_INVALID: 'El cargo no es válido.',
  PAYMENT_FAILED: 'Ocurrió un error al procesar el pago.',

  // After 3-D Secure (terminar_compra): the charge's state at the gateway
  CONFIRM_MISSING_DATA: 'Faltan datos para confirmar el pago.',
  CONFIRM_PROBLEM: 'Hubo un problema al confirmar el pago.',
  CONFIRM_FAILED: 'No se pudo confirmar el pago.',
  PAYMENT_PAID: 'Tu pago fue procesado correctamente. Te enviamos tus boletos por correo.',
  PAYMENT_PENDING: 'Tu pago aún está en proceso. Vuelve a intentarlo en unos minutos.',
  PAYMENT_REFUNDED: 'Tu reserva expiró y los lugares ya no estaban disponibles. Reembolsamos el cargo a tu tarjeta.',
  PAYMENT_REFUNDED_PROMOTION: 'La promoción que aplicaste se agotó antes de confirmar tu pago. Reembolsamos el cargo a tu tarjeta.',
  PAYMENT_REFUNDED_LIMIT:
    'Ya tienes boletos de otra compra para este evento y con este pago pasarías el límite por comprador, así que no emitimos boletos. Reembolsamos el cargo a tu tarjeta.',
  PAYMENT_DUPLICATE_REFUNDED: 'Tu compra ya estaba pagada con otro cargo; reembolsamos este cargo duplicado a tu tarjeta. Te enviamos tus boletos por correo.',
  PURCHASE_SUCCESS_TITLE: '¡Compra exitosa!',

  // Meses sin intereses, cash at a store ('Pago en efectivo'), SPEI
  MSI_CONTADO: 'Pago de contado',
  MSI_INVALID: 'Elige 3, 6, 9 o 12 meses sin intereses, o pago de contado.',
  MSI_NOT_AVAILABLE: 'Este plan de meses sin intereses no está disponible para esta compra. Elige otro plan o paga de contado.',
  METHOD_INVALID: 'Elige pago en efectivo o transferencia SPEI.',
  METHOD_EFECTIVO: 'Pago en efectivo',
  METHOD_SPEI: 'Transferencia SPEI',
  REFERENCE_CREATED_EFECTIVO:
    'Tu referencia está lista. Págala en efectivo en la tienda antes de que venza; te enviamos tus boletos por correo al recibir el pago.',
  REFERENCE_CREATED_SPEI: 'Tu referencia está lista. Haz la transferencia SPEI antes de que venza; te enviamos tus boletos por correo al recibir el pago.',
  REFERENCE_TOO_LATE: 'Ya no es posible pagar en efectivo o por SPEI para este evento. Paga con tarjeta.',
  REFERENCE_PENDING_OTHER: 'Ya tienes una referencia de pago pendiente para este evento. Págala o espera a que venza para hacer otra compra.',
  RESEND_TICKETS_FAILED: 'No se pudieron reenviar tus boletos. Intenta de nuevo.',
} as const;
