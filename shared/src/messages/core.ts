/**
 * The storefront's Spanish message catalogue (spec sections 5 and 8): every user-visible error
 * and feedback text, each defined once, verbatim, in one of the files of this folder. Remotes,
 * the shell and the shared schemas show these texts; nobody hard-codes one elsewhere. Plain
 * constants: nothing is registered when a file is imported.
 *
 * This file is the first-load part, exported from the package root (the shell, the client and
 * the formatters need it on every page). The rest is split by feature on subpaths, so a page
 * carries only its own texts: `@taquilla/shared/messages/<auth|catalogo|cuenta|pagos|promociones|reservas>`.
 * Templates use `{name}` placeholders — fill them with `formatMessage`.
 */
export const messages = {
  // Generic / transport
  NETWORK_ERROR: 'No se pudo conectar con el servidor',
  UNEXPECTED_ERROR: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  INVALID_RESPONSE: 'La respuesta del servidor no es válida.',
  INVALID_DATE: 'Fecha inválida',
  ERROR_TITLE: 'Error',

  // Shell
  REMOTE_FALLBACK: 'No pudimos cargar esta sección.',
  REMOTE_RETRY: 'Reintentar',
  REMOTE_BACK_TO_EVENTS: 'Volver a eventos',
  REMOTE_LOADING: 'Cargando…',
  REGISTRY_UNAVAILABLE: 'No pudimos cargar el catálogo de módulos del sitio. Algunas secciones no estarán disponibles; intenta recargar la página más tarde.',
  CONFIG_UNAVAILABLE: 'No pudimos cargar la configuración del sitio. Usamos valores predeterminados.',
  ERROR_PAGE_TITLE: 'Algo salió mal',
  ERROR_PAGE_TEXT: 'Ocurrió un error inesperado al mostrar esta página.',
  ERROR_PAGE_HOME: 'Volver al inicio',
  NOT_FOUND_CODE: '404',
  NOT_FOUND_TITLE: 'Page Not Found',
  NOT_FOUND_BACK: 'Go Back',

  // Session (the shell shows these whatever the page)
  SESSION_CLOSED: 'Se ha cerrado la sesión',
  VERIFICATION_REQUIRED:
    'Verificación requerida. Debes verificar tu correo para acceder. Revisa tu bandeja de entrada y sigue las instrucciones en el email de verificación.',
} as const;

export type MessageCode = keyof typeof messages;

/** `formatMessage(promocionMessages.DISCOUNT_MIN_QUANTITY, { n: 3 })` → 'Debes comprar al menos 3 boletos…'. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
