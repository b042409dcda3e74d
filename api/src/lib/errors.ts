import { messages } from '@taquilla/shared/messages';
import { authMessages } from '@taquilla/shared/messages/auth';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { promocionMessages } from '@taquilla/shared/messages/promociones';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import { salaEsperaMessages } from '@taquilla/shared/messages/sala-espera';

interface ErrorDef {
  status: number;
  message: string;
  /** Spec §8: the promotion cannot be used; the answer says so and the checkout drops the discount. */
  isPromoError?: true;
}

/**
 * The API's error catalogue: every code a service may throw (`new DomainError('CODE')`), with
 * its HTTP status and the Spanish message the buyer reads. The one error handler answers with
 * them. A text the browser shows too comes from `@taquilla/shared`, so both say the same words.
 */
export const ERRORS = {
  // Platform: keys, sessions, routing, request shape, limits, failures.
  API_KEY_INVALIDA: { status: 401, message: 'Acceso no autorizado: la clave de la API falta o no es válida.' },
  NO_AUTENTICADO: { status: 401, message: 'Debes iniciar sesión para continuar.' },
  TOKEN_INVALIDO: { status: 401, message: 'La sesión no es válida o ha expirado.' },
  PROHIBIDO: { status: 403, message: 'No tienes permiso para realizar esta acción.' },
  RUTA_NO_ENCONTRADA: { status: 404, message: 'La ruta solicitada no existe.' },
  SOLICITUD_INVALIDA: { status: 400, message: 'La solicitud no es válida.' },
  JSON_INVALIDO: { status: 400, message: 'El cuerpo de la solicitud no es un JSON válido.' },
  CARACTERES_NO_PERMITIDOS: { status: 400, message: 'La solicitud contiene caracteres no permitidos.' },
  CUERPO_DEMASIADO_GRANDE: { status: 413, message: 'El cuerpo de la solicitud es demasiado grande.' },
  TIPO_CONTENIDO_NO_SOPORTADO: { status: 415, message: 'Tipo de contenido no soportado; envía application/json.' },
  METODO_NO_PERMITIDO: { status: 405, message: 'Método no permitido.' },
  DEMASIADAS_SOLICITUDES: { status: 429, message: 'Demasiadas solicitudes. Intenta de nuevo en un momento.' },
  CONFLICTO: { status: 409, message: 'La operación entra en conflicto con el estado actual.' },
  ERROR_INTERNO: { status: 500, message: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.' },
  SERVICIO_NO_DISPONIBLE: { status: 503, message: 'El servicio no está disponible en este momento.' },
  // Browser telemetry (POST /telemetria): a batch naming what the registry does not know.
  TELEMETRIA_INVALIDA: { status: 400, message: 'La telemetría no es válida.' },
  // Live availability streams (GET /eventos/:id/disponibilidad): one address, or this process, at its cap.
  DEMASIADAS_CONEXIONES_EN_VIVO: {
    status: 429,
    message: 'Hay demasiadas conexiones en vivo desde tu red. El mapa se seguirá actualizando; intenta de nuevo en un momento.',
  },
  EN_VIVO_SATURADO: {
    status: 503,
    message: 'La disponibilidad en vivo está saturada en este momento. El mapa se seguirá actualizando; intenta de nuevo en unos segundos.',
  },

  // Catalogue and import.
  EVENTO_NO_ENCONTRADO: { status: 404, message: catalogoMessages.EVENT_NOT_FOUND },
  SECCION_NO_ENCONTRADA: { status: 404, message: 'La sección no existe para este evento.' },
  IMPORT_RECINTO_DISTINTO: { status: 409, message: 'El recinto ya existe con otra estructura.' },

  // Accounts (spec §8 "Authentication").
  CORREO_YA_REGISTRADO: { status: 409, message: 'El correo ya está registrado.' },
  CREDENCIALES_INCORRECTAS: { status: 401, message: authMessages.LOGIN_FAILED },
  VERIFICACION_REQUERIDA: { status: 403, message: messages.VERIFICATION_REQUIRED },
  DEMASIADOS_INTENTOS: { status: 429, message: 'Demasiados intentos. Intenta de nuevo en unos minutos.' },
  // Too many password hashes waiting (a burst of logins/resets): try again shortly.
  SERVICIO_OCUPADO: { status: 503, message: 'Hay muchas solicitudes en este momento. Intenta de nuevo en unos segundos.' },
  USUARIO_NO_ENCONTRADO: { status: 401, message: 'La sesión no es válida o ha expirado.' },
  // The address cannot receive mail (the SMTP server refused it for good).
  CORREO_VERIFICACION_FALLIDO: { status: 422, message: authMessages.VERIFICATION_EMAIL_FAILED },
  VERIFICACION_ENLACE_INVALIDO: { status: 400, message: 'El enlace de verificación no es válido.' },
  VERIFICACION_ENLACE_USADO: { status: 400, message: 'Este enlace de verificación ya fue utilizado.' },
  VERIFICACION_ENLACE_EXPIRADO: { status: 400, message: 'El enlace de verificación ha expirado. Inicia sesión para solicitar uno nuevo.' },
  RESTABLECER_ENLACE_INVALIDO: { status: 400, message: 'El enlace para restablecer la contraseña no es válido.' },
  RESTABLECER_ENLACE_USADO: { status: 400, message: 'Este enlace para restablecer la contraseña ya fue utilizado. Solicita uno nuevo.' },
  RESTABLECER_ENLACE_EXPIRADO: { status: 400, message: 'El enlace para restablecer la contraseña ha expirado. Solicita uno nuevo.' },

  // Account area (spec §8 "Profile", "Payment and cards").
  // 400, not 401: the client closes the session on a 401, and the buyer only mistyped.
  CONTRASENA_ACTUAL_INCORRECTA: { status: 400, message: cuentaMessages.CURRENT_PASSWORD_WRONG },
  CONTRASENA_IGUAL: { status: 400, message: cuentaMessages.SAME_PASSWORD },
  MI_EVENTO_NO_ENCONTRADO: { status: 404, message: cuentaMessages.MY_EVENT_NOT_FOUND },
  TARJETA_NO_ENCONTRADA: { status: 404, message: cuentaMessages.CARD_NOT_FOUND },
  TARJETA_SIN_CLIENTE: { status: 404, message: cuentaMessages.DELETE_CARD_NO_CUSTOMER },
  TARJETA_NO_ELIMINADA: { status: 502, message: cuentaMessages.DELETE_CARD_FAILED_PROFILE },

  // Holds (spec §8 "Reservation").
  ASIENTOS_NO_DISPONIBLES: { status: 409, message: reservaMessages.SEATS_GONE },
  EVENTO_NO_DISPONIBLE: { status: 400, message: catalogoMessages.EVENT_NOT_AVAILABLE },
  ASIENTOS_DE_OTRO_EVENTO: { status: 400, message: 'Uno o más asientos no pertenecen a este evento.' },
  ASIENTOS_DE_VARIAS_SECCIONES: { status: 400, message: 'Todos los asientos deben ser de la misma sección.' },
  SECCION_NO_GENERAL: { status: 400, message: 'La sección no es de admisión general; elige tus asientos en el mapa.' },
  LIMITE_DE_ASIENTOS: { status: 400, message: 'Superaste el límite de boletos para este evento.' },
  DATOS_INVITADO: { status: 400, message: 'Ingresa tu nombre y correo para reservar como invitado.' },
  RESERVA_NO_ENCONTRADA: { status: 404, message: 'La reserva no existe.' },
  // Best available and seats left alone (decision 0032); the answers name figures and seats.
  // ASIENTO_SOLO is 422, not 409: nothing was taken by anyone, the buyer only has to change the
  // selection (the storefront keeps it and shows the message; a 409 reloads the seats).
  CATEGORIA_NO_ENCONTRADA: { status: 404, message: reservaMessages.BEST_CATEGORY_NOT_FOUND },
  SIN_LUGARES_JUNTOS: { status: 409, message: 'No quedan lugares suficientes de esta categoría en una misma sección.' },
  SIN_SILLA_DE_RUEDAS: { status: 409, message: reservaMessages.BEST_NO_WHEELCHAIR },
  MESA_COMPLETA: { status: 409, message: 'En esta categoría se venden mesas completas.' },
  ASIENTO_SOLO: { status: 422, message: 'Tu selección dejaría un asiento solo entre asientos ocupados.' },
  RESERVA_VENDIDA: { status: 409, message: 'La reserva ya fue pagada y no se puede cancelar.' },
  // One client without an account already holds the most places of the event it may hold at once.
  LUGARES_APARTADOS_POR_CLIENTE: {
    status: 429,
    message: 'Ya hay demasiados lugares apartados para este evento desde tu conexión. Intenta de nuevo en unos minutos o inicia sesión para reservar.',
  },

  // The waiting room of an event "en venta con fila" (decision 0031).
  SALA_ESPERA_SIN_PASE: { status: 403, message: salaEsperaMessages.NEEDS_PASS },
  SALA_ESPERA_RETO_INVALIDO: { status: 400, message: salaEsperaMessages.CHALLENGE_FAILED },
  SALA_ESPERA_RETO_USADO: { status: 400, message: salaEsperaMessages.CHALLENGE_USED },
  SALA_ESPERA_TOPE_IP: { status: 429, message: salaEsperaMessages.TOO_MANY_FROM_NETWORK },
  SALA_ESPERA_NO_EXISTE: { status: 404, message: salaEsperaMessages.NO_WAITING_ROOM },
  OPS_NO_AUTORIZADO: { status: 403, message: salaEsperaMessages.OPS_FORBIDDEN },

  // Promotions.
  PROMOCION_INVALIDA: { status: 404, message: promocionMessages.DISCOUNT_CODE_INVALID, isPromoError: true },
  PROMOCION_AGOTADA: { status: 409, message: 'Esta promoción ya se agotó: alcanzó su límite de usos.', isPromoError: true },

  // Payments and sales.
  PAGOS_NO_DISPONIBLES: { status: 503, message: 'Los pagos no están disponibles en este momento. Intenta más tarde.' },
  PAGO_RECHAZADO: { status: 402, message: 'La tarjeta fue declinada. Intenta con otra tarjeta.' },
  PAGO_DATOS_INVALIDOS: { status: 400, message: 'Los datos del pago no son válidos. Revisa la información e intenta de nuevo.' },
  PAGO_DUPLICADO: { status: 409, message: 'Este pago ya se había registrado; no se realizó un cargo nuevo.' },
  PAGO_SIN_RESPUESTA: { status: 502, message: 'No se pudo comunicar con el procesador de pagos. Intenta de nuevo en unos minutos.' },
  MONTO_DISTINTO: { status: 400, message: pagoMessages.AMOUNT_MISMATCH },
  // Meses sin intereses, cash ('Pago en efectivo') and SPEI (ventas.referencia.ts).
  MSI_NO_DISPONIBLE: { status: 400, message: pagoMessages.MSI_NOT_AVAILABLE },
  REFERENCIA_PENDIENTE: { status: 409, message: pagoMessages.REFERENCE_PENDING_OTHER },
  // A new hold while the buyer's hold waits for its cash/SPEI payment (trigger of migration 0020).
  PAGO_PENDIENTE: { status: 409, message: pagoMessages.REFERENCE_PENDING_OTHER },
  REFERENCIA_FUERA_DE_PLAZO: { status: 409, message: pagoMessages.REFERENCE_TOO_LATE },
  REFERENCIA_NO_ENCONTRADA: { status: 404, message: 'La referencia de pago no existe.' },
  PROMOCION_NO_APLICA: { status: 400, message: promocionMessages.DISCOUNT_CODE_INVALID, isPromoError: true },
  CARGO_NO_ENCONTRADO: { status: 404, message: pagoMessages.CHARGE_INVALID },
  COMPRA_NO_ENCONTRADA: { status: 404, message: 'La compra no existe.' },
  REENVIOS_AGOTADOS: {
    status: 429,
    message: 'Ya te enviamos tus boletos varias veces. Revisa tu correo (y la carpeta de spam) o intenta más tarde.',
  },

  // Facturas (CFDI 4.0 on request). FACTURA_DATOS_INVALIDOS answers with the specific reason.
  FACTURA_DATOS_INVALIDOS: { status: 400, message: 'Los datos fiscales no son válidos.' },
  FACTURA_YA_EMITIDA: { status: 409, message: 'Esta compra ya tiene factura. Puedes descargarla en Mis compras o desde el enlace de tu correo.' },
  FACTURA_EN_PROCESO: { status: 409, message: 'Ya estamos emitiendo la factura de esta compra. Espera un momento y vuelve a consultarla.' },
  FACTURA_COMPRA_REEMBOLSADA: { status: 409, message: 'Esta compra fue reembolsada, así que no se puede facturar.' },
  FACTURA_FUERA_DE_PLAZO: { status: 409, message: 'La factura de una compra se pide dentro del mismo mes calendario de la compra, y ese plazo ya terminó.' },
  FACTURA_SIN_IMPORTE: { status: 409, message: 'Esta compra no tiene un importe que facturar.' },
  FACTURA_NO_ENCONTRADA: { status: 404, message: 'Esta compra todavía no tiene factura.' },
  FACTURACION_NO_DISPONIBLE: { status: 503, message: 'La facturación no está disponible en este momento. Intenta más tarde.' },
  FACTURA_PROVEEDOR: { status: 502, message: 'No pudimos emitir tu factura con el proveedor de facturación. Intenta de nuevo en unos minutos.' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

const CATALOGUE: Readonly<Record<string, ErrorDef>> = ERRORS;

/** True when `code` is in the catalogue (for codes that arrive at run time, e.g. from the database). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(CATALOGUE, code);
}

/** Codes that mean "this promotion cannot be used": their answers carry `isPromoError: true`. */
export const PROMO_ERROR_CODES: ReadonlySet<string> = new Set(
  Object.entries(CATALOGUE)
    .filter(([, def]) => def.isPromoError)
    .map(([code]) => code),
);

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra safe-to-show details (e.g. a message array). */
  readonly details: string[] | undefined;

  /** `message` replaces the catalogue's text when the answer needs figures ('Solo puedes reservar hasta 6…'). */
  constructor(code: ErrorCode, message?: string, details?: string[]) {
    // A code outside the catalogue cannot typecheck; cast in anyway, it answers as an internal error.
    const def = isErrorCode(code) ? CATALOGUE[code]! : ERRORS.ERROR_INTERNO;
    super(message ?? def.message);
    this.name = 'DomainError';
    this.code = code;
    this.status = def.status;
    this.details = details;
  }
}

/** Reason phrase for a status, in the `error` field of the answer. */
export function reasonPhrase(status: number): string {
  const phrases: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return phrases[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}
