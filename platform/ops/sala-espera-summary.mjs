// What `status` shows of the waiting rooms (decision 0031): per event "en venta con fila" its
// line (waiting, admitted, sold, rate), and the latest ops changes. Read from a running server
// like the telemetry (GET /api/v1/sala_espera/resumen): with PGlite only the server can open the
// database, and with a fleet any replica answers for all of them.
import { telemetrySource } from './telemetry-summary.mjs';

const number = new Intl.NumberFormat('es-MX');

function base(env) {
  const { url, apiKey } = telemetrySource(env);
  return { base: url.replace(/\/api\/v1\/.*$/, ''), apiKey };
}

/** `{ salas, cambios }`, or `{ problem }` (a Spanish line) when the server cannot be asked. */
export async function readSalas(env = process.env, fetchImpl = fetch) {
  const { base: root, apiKey } = base(env);
  const url = `${root}/api/v1/sala_espera/resumen`;
  try {
    const res = await fetchImpl(url, { headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(3000) });
    if (!res.ok) return { problem: `salas de espera no disponibles (${url} respondió ${res.status})` };
    return await res.json();
  } catch (error) {
    return { problem: `salas de espera no disponibles (no se pudo consultar ${url}: ${error?.cause?.code ?? error?.message ?? error})` };
  }
}

/** One room as status prints it. */
export function formatSala(s) {
  const ritmo = s.ritmoPorMinuto === null ? 'ritmo automático' : `ritmo ${number.format(s.ritmoPorMinuto)}/min`;
  return `evento ${s.eventoId} «${s.nombre}» desde ${s.inicio}${s.pausada ? ' — EN PAUSA' : ''}: ${number.format(s.esperando)} esperando · ${number.format(s.admitidos)} admitidos · ${number.format(s.vendidos)} vendidos · ${ritmo}${s.agotados ? ` · ${number.format(s.agotados)} avisados de agotado` : ''}${s.expirados ? ` · ${number.format(s.expirados)} pases vencidos` : ''}`;
}

/** The lines `status` prints for the waiting rooms. */
export function salasLines(data) {
  if (data.problem) return [`\nSalas de espera: (${data.problem})`];
  if (!data.salas.length && !data.cambios.length) return ['\nSalas de espera: ningún evento en venta con fila'];
  const lines = ['\nSalas de espera:'];
  for (const s of data.salas) lines.push(`  ${formatSala(s)}`);
  for (const c of data.cambios) lines.push(`  ${c.en}  evento ${c.eventoId} ${c.accion}: ${c.detalle}  por ${c.actor}${c.motivo ? ` — «${c.motivo}»` : ''}`);
  return lines;
}

/** Sends one ops change to the running server (POST /api/v1/sala_espera/ops, with OPS_TOKEN). */
export async function sendOps(body, env = process.env, fetchImpl = fetch) {
  const { base: root, apiKey } = base(env);
  const url = `${root}/api/v1/sala_espera/ops`;
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json', ...(env.OPS_TOKEN ? { 'x-ops-token': env.OPS_TOKEN } : {}) };
  const res = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  const answer = await res.json().catch(() => ({}));
  return { ok: res.ok, status: res.status, message: Array.isArray(answer.message) ? answer.message.join(' ') : answer.message };
}
