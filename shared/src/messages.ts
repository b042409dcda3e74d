/**
 * The Spanish message catalogue (spec sections 5 and 8), keyed by code. Remotes and the shell
 * show these texts; nobody hard-codes a user-visible error string elsewhere.
 * Templates use `{name}` placeholders — fill them with `formatMessage`.
 */
export const messages = {
  // Generic / transport
  NETWORK_ERROR: 'No se pudo conectar con el servidor',
  UNEXPECTED_ERROR: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  INVALID_RESPONSE: 'La respuesta del servidor no es válida.',

  // Shell
  REMOTE_FALLBACK: 'No pudimos cargar esta sección.',
  REMOTE_RETRY: 'Reintentar',
  REMOTE_BACK_TO_EVENTS: 'Volver a eventos',
  REMOTE_LOADING: 'Cargando…',
  REGISTRY_UNAVAILABLE:
    'No pudimos cargar el catálogo de módulos del sitio. Algunas secciones no estarán disponibles; intenta recargar la página más tarde.',
  CONFIG_UNAVAILABLE: 'No pudimos cargar la configuración del sitio. Usamos valores predeterminados.',
  ERROR_PAGE_TITLE: 'Algo salió mal',
  ERROR_PAGE_TEXT: 'Ocurrió un error inesperado al mostrar esta página.',
  ERROR_PAGE_HOME: 'Volver al inicio',
  NOT_FOUND_CODE: '404',
  NOT_FOUND_TITLE: 'Page Not Found',
  NOT_FOUND_BACK: 'Go Back',

  // Authentication (spec §8)
  LOGIN_FAILED: 'Credenciales incorrectas',
  REGISTER_NO_TOKEN: 'Error en el registro, no se recibió token.',
  VERIFICATION_EMAIL_FAILED: 'No se pudo enviar el correo de verificación.',
  VERIFICATION_EMAIL_PROBLEM: 'Hubo un problema al enviar el correo de verificación.',
  VERIFICATION_EMAIL_SENT: 'Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.',
  VERIFICATION_REQUIRED_TITLE: 'Verificación requerida',
  VERIFICATION_REQUIRED:
    'Verificación requerida. Debes verificar tu correo para acceder. Revisa tu bandeja de entrada y sigue las instrucciones en el email de verificación.',
  VERIFICATION_REQUIRED_OK: 'Entendido',
  SESSION_CLOSED: 'Se ha cerrado la sesión',
  PASSWORD_RECOVERY_SENT: 'Hemos enviado un correo con instrucciones para restablecer tu contraseña.',

  // Login validation (spec §5)
  LOGIN_EMAIL_REQUIRED: 'Debes ingresar el correo',
  LOGIN_EMAIL_INVALID: 'Debes ingresar un correo válido',
  LOGIN_PASSWORD_REQUIRED: 'Debes ingresar una contraseña',
  LOGIN_PASSWORD_MIN: 'La contraseña debe tener al menos 6 caracteres',

  // Register validation
  REGISTER_FULLNAME_REQUIRED: 'El nombre es obligatorio',
  REGISTER_EMAIL_REQUIRED: 'El correo es obligatorio',
  REGISTER_EMAIL_INVALID: 'El correo debe ser de un dominio válido',
  REGISTER_PASSWORD_REQUIRED: 'La contraseña es obligatoria',
  REGISTER_PASSWORD_MIN: 'Debe tener al menos 6 caracteres',
  REGISTER_PASSWORD_UPPERCASE: 'Debe contener al menos una mayúscula',
  REGISTER_PASSWORD_LOWERCASE: 'Debe contener al menos una minúscula',
  REGISTER_PASSWORD_DIGIT: 'Debe contener al menos un número',
  REGISTER_REPEAT_REQUIRED: 'Debes repetir la contraseña',
  REGISTER_REPEAT_MISMATCH: 'Las contraseñas no coinciden',

  // Forgot password
  FORGOT_EMAIL_REQUIRED: 'Por favor, ingresa un correo electrónico.',

  // Card form
  CARD_HOLDER_INVALID: 'El nombre del titular no es válido o no puede ir vacío.',
  CARD_NUMBER_INVALID: 'El número de tarjeta debe tener máximo 16 dígitos.',
  CARD_EXPIRY_INVALID: 'La fecha de vencimiento debe estar en formato MM/YY.',
  CARD_EXPIRED: 'La tarjeta está vencida.',
  CARD_CVV_INVALID: 'El CVV debe tener 3 o 4 dígitos.',
  CARD_CVV_HINT: 'Código de seguridad de 3 a 4 dígitos al reverso de tu tarjeta.',

  // Guest
  GUEST_NAME_REQUIRED: 'Ingresa el nombre',
  GUEST_EMAIL_REQUIRED: 'Es necesario un correo electrónico valído',
  GUEST_EMAIL_HINT: 'En este correo recibirás tus boletos',

  // Quantity and seats
  SEATS_REQUIRED: 'Debes seleccionar al menos un asiento.',
  RESERVATION_INVALID: 'La reserva no es válida.',
  NO_SEATS_SELECTED: 'No has seleccionado asientos.',

  // Discount code
  DISCOUNT_CODE_REQUIRED: 'Ingresa un código valido',
  DISCOUNT_CODE_INVALID: 'Código de descuento inválido.',
  DISCOUNT_NOT_FOR_SECTION: 'El código de descuento no es válido para la sección {name}.',
  DISCOUNT_MIN_QUANTITY: 'Debes comprar al menos {n} boletos para aplicar el descuento.',
  DISCOUNT_MIN_SEATS:
    'Debes seleccionar al menos {n} asientos en una misma categoría y precio para aplicar este código.',
  DISCOUNT_CATEGORY_ONLY: 'Promocion solo valida para las siguientes categorías: {list}.',
  DISCOUNT_APPLIED: 'Descuento aplicado correctamente!',

  // Password change
  PASSWORD_FIELDS_REQUIRED: 'Todos los campos son obligatorios',
  PASSWORD_NEW_MISMATCH: 'Las nuevas contraseñas no coinciden',
  PASSWORD_UPDATE_FAILED: 'Hubo un problema al actualizar la contraseña',
  PASSWORD_UPDATED: 'Contraseña actualizada correctamente',

  // Confirm dialogs
  CONFIRM_PURCHASE_TITLE: 'Confirmar compra',
  CONFIRM_PURCHASE_TEXT: 'Vas a pagar {amount} por tus boletos.',
  CONFIRM_DELETE_CARD: 'Esta acción eliminará tu método de pago de forma permanente.',

  // Events and sections
  EVENT_LIST_FAILED: 'Error al obtener la lista de eventos',
  EVENTS_FAILED: 'Error al obtener los eventos.',
  EVENT_FAILED: 'Error al obtener el evento.',
  EVENT_NOT_FOUND: 'El evento no existe.',
  EVENT_PAST: 'El evento ya pasó',
  TICKET_LIST_FAILED: 'Error al obtener la lista de boletos',
  EVENT_NOT_AVAILABLE: 'Este evento no se encuentra disponible',
  NO_EVENTS: 'No hay eventos disponibles.',
  INVALID_DATE: 'Fecha inválida',
  SOLD_OUT: 'Agotado',

  // Reservation
  RESERVE_FAILED: 'Ocurrió un error al reservar. Por favor, intenta nuevamente.',
  SEATS_GONE: 'Uno o más asientos ya no están disponibles. Por favor, actualiza la página.',
  CANCEL_FAILED: 'No se pudo cancelar la reserva. Inténtalo de nuevo.',
  CANCEL_SUCCESS: 'La reserva se ha cancelado.',
  RESERVATION_EXPIRED: 'El tiempo de tu reserva ha expirado. La página se recargará.',

  // Payment and cards
  PAYMENT_FAILED: 'Ocurrió un error al procesar el pago.',
  CONFIRM_MISSING_DATA: 'Faltan datos para confirmar el pago.',
  CONFIRM_PROBLEM: 'Hubo un problema al confirmar el pago.',
  CONFIRM_FAILED: 'No se pudo confirmar el pago.',
  DELETE_CARD_NO_CUSTOMER: 'No puedes eliminar la tarjeta porque no tiene un usuario de Openpay',
  DELETE_CARD_FAILED_PURCHASE: 'Ocurrió un error al eliminar la tarjeta. Por favor, inténtalo de nuevo.',
  DELETE_CARD_FAILED_PROFILE: 'Hubo un problema al eliminar la tarjeta.',
  CARDS_FAILED: 'Error al obtener las tarjetas.',
  PURCHASE_SUCCESS_TITLE: '¡Compra exitosa!',

  // Profile
  PROFILE_ERROR_TITLE: 'Error',
  PROFILE_FAILED: 'Error al obtener el perfil.',
} as const;

export type MessageCode = keyof typeof messages;

/** `formatMessage('DISCOUNT_MIN_QUANTITY', { n: 3 })` → 'Debes comprar al menos 3 boletos…'. */
export function formatMessage(code: MessageCode, params: Record<string, string | number> = {}): string {
  return messages[code].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
