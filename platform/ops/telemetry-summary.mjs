// What `status` shows of the browser telemetry: per remote and version, the sessions, the error
// rate and the Web Vitals p75 of the last 24 h, as the API aggregates them
// (GET /api/v1/telemetria/resumen). Read from a running server — TAQUILLA_URL (default
// http://127.0.0.1:$PORT, 3000), with API_KEY — because with PGlite only the server can open the
// database, and with a fleet any replica answers for all of them.

const DEFAULT_API_KEY = 'taquilla-dev-key';

/** Where the summary is read from, by the environment. */
export function telemetrySource(env = process.env) {
  const base = (env.TAQUILLA_URL || `http://127.0.0.1:${env.PORT || 3000}`).replace(/\/+$/, '');
  return { url: `${base}/api/v1/telemetria/resumen?horas=24`, apiKey: env.API_KEY || DEFAULT_API_KEY };
}

/**
 * `{ figures: Map<'remote version', figures> }`, or `{ problem }` (a Spanish line) when the
 * server cannot be asked: status still prints the registry.
 */
export async function readTelemetry(env = process.env, fetchImpl = fetch) {
  const { url, apiKey } = telemetrySource(env);
  try {
    const res = await fetchImpl(url, { headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(3000) });
    if (!res.ok) return { problem: `telemetría no disponible (${url} respondió ${res.status})` };
    const body = await res.json();
    return { figures: new Map(body.versiones.map((v) => [`${v.remoto} ${v.version}`, v])) };
  } catch (error) {
    return { problem: `telemetría no disponible (no se pudo consultar ${url}: ${error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error})` };
  }
}

const number = new Intl.NumberFormat('es-MX');
const percent = new Intl.NumberFormat('es-MX', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** One version's figures as status prints them, e.g. `120 sesiones · error 2.5 % (3) · LCP p75 1,800 ms`. */
export function formatFigures(f) {
  if (!f) return 'sin telemetría en 24 h';
  const parts = [`${number.format(f.sesiones)} sesiones`, `error ${percent.format(f.tasaError)} (${number.format(f.sesionesConError)})`];
  if (f.vitales?.LCP != null) parts.push(`LCP p75 ${number.format(f.vitales.LCP)} ms`);
  if (f.vitales?.INP != null) parts.push(`INP p75 ${number.format(f.vitales.INP)} ms`);
  if (f.vitales?.CLS != null) parts.push(`CLS p75 ${(f.vitales.CLS / 1000).toFixed(2)}`);
  return parts.join(' · ');
}
