/**
 * Domain errors: services throw `new DomainError('CODE')`; the one error handler maps the code
 * to an HTTP status and the Spanish message below. Messages live here once, keyed by code.
 */
export const ERRORS = {
  API_KEY_INVALIDA: { status: 401, message: 'Acceso no autorizado: la clave de la API falta o no es válida.' },
  NO_AUTENTICADO: { status: 401, message: 'Debes iniciar sesión para continuar.' },
  TOKEN_INVALIDO: { status: 401, message: 'La sesión no es válida o ha expirado.' },
  PROHIBIDO: { status: 403, message: 'No tienes permiso para realizar esta acción.' },
  RUTA_NO_ENCONTRADA: { status: 404, message: 'La ruta solicitada no existe.' },
  EVENTO_NO_ENCONTRADO: { status: 404, message: 'El evento no existe.' },
  SECCION_NO_ENCONTRADA: { status: 404, message: 'La sección no existe para este evento.' },
  SOLICITUD_INVALIDA: { status: 400, message: 'La solicitud no es válida.' },
  JSON_INVALIDO: { status: 400, message: 'El cuerpo de la solicitud no es un JSON válido.' },
  CUERPO_DEMASIADO_GRANDE: { status: 413, message: 'El cuerpo de la solicitud es demasiado grande.' },
  TIPO_CONTENIDO_NO_SOPORTADO: { status: 415, message: 'Tipo de contenido no soportado; envía application/json.' },
  METODO_NO_PERMITIDO: { status: 405, message: 'Método no permitido.' },
  DEMASIADAS_SOLICITUDES: { status: 429, message: 'Demasiadas solicitudes. Intenta de nuevo en un momento.' },
  IMPORT_RECINTO_DISTINTO: { status: 409, message: 'El recinto ya existe con otra estructura.' },
  CONFLICTO: { status: 409, message: 'La operación entra en conflicto con el estado actual.' },
  ERROR_INTERNO: { status: 500, message: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.' },
  SERVICIO_NO_DISPONIBLE: { status: 503, message: 'El servicio no está disponible en este momento.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type KnownErrorCode = keyof typeof ERRORS;

/**
 * Codes (registered by the promotions and sales modules) that mean "this promotion cannot be
 * used": their answers carry `isPromoError: true`, so the checkout drops the discount (spec §8).
 */
export const PROMO_ERROR_CODES: ReadonlySet<string> = new Set(['PROMOCION_INVALIDA', 'PROMOCION_AGOTADA', 'PROMOCION_NO_APLICA']);

/**
 * Other modules (accounts, checkout) may register their own codes at start-up with
 * `registerErrors`, so the catalogue stays one dictionary.
 */
const extra = new Map<string, { status: number; message: string }>();

export function registerErrors(entries: Record<string, { status: number; message: string }>): void {
  for (const [code, def] of Object.entries(entries)) extra.set(code, def);
}

export function lookupError(code: string): { status: number; message: string } | undefined {
  return (ERRORS as Record<string, { status: number; message: string }>)[code] ?? extra.get(code);
}

export class DomainError extends Error {
  readonly code: string;
  readonly status: number;
  /** Extra safe-to-show details (e.g. a message array). */
  readonly details: string[] | undefined;

  constructor(code: KnownErrorCode | (string & {}), message?: string, details?: string[]) {
    const def = lookupError(code);
    super(message ?? def?.message ?? ERRORS.ERROR_INTERNO.message);
    this.name = 'DomainError';
    this.code = code;
    this.status = def?.status ?? 500;
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
