/**
 * The browser tab title of each route (spec §2 route table), so tabs, history and bookmarks
 * say where the buyer is. A remote may refine it once it has data (e.g. an event's name).
 */
/** The shop's own name, not the spec's default 'Dashboard' (docs/decisions/0027-the-shops-name-not-dashboard.md). */
const SITE_NAME = 'Taquilla';

const TITLES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^\/eventos\/?$/, () => 'Próximos eventos'],
  // Event and section ids are digits; any other segment is the 404 page (routes.tsx WithIds).
  [/^\/eventos\/informacion\/\d+\/?$/, () => 'Información del evento'],
  [/^\/eventos\/\d+\/\d+\/([^/]+)\/?$/, (m) => `Sección ${safeDecode(m[1]!)}`],
  [/^\/eventos\/\d+\/?$/, () => 'Elige tus lugares'],
  [/^\/eventos\/\d+\/sala_de_espera\/?$/, () => 'Sala de espera'],
  [/^\/terminar_compra/, () => 'Confirmación de pago'],
  [/^\/perfil(\/|$)/, () => 'Mi cuenta'],
  [/^\/factura\/[^/]+\/[^/]+\/?$/, () => 'Factura de tu compra'],
  [/^\/auth\/register/, () => 'Crear cuenta'],
  [/^\/auth\/forgot/, () => 'Recuperar contraseña'],
  [/^\/auth\/reset\//, () => 'Nueva contraseña'],
  [/^\/auth\/verify\//, () => 'Verificar correo'],
  [/^\/auth(\/|$)/, () => 'Iniciar sesión'],
  [/^\/legales\/terminos_y_condiciones/, () => 'Términos y condiciones'],
  [/^\/legales\/aviso_de_privacidad/, () => 'Aviso de privacidad'],
  [/^\/legales\/nuestras_politicas/, () => 'Nuestras políticas'],
];

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** 'Próximos eventos · Taquilla'; an unknown path is the 404's title. */
export function routeTitle(pathname: string): string {
  for (const [pattern, title] of TITLES) {
    const match = pathname.match(pattern);
    if (match) return `${title(match)} · ${SITE_NAME}`;
  }
  return `Página no encontrada · ${SITE_NAME}`;
}
