import { z } from 'zod';

/**
 * The shell's telemetry beacons (POST /api/v1/telemetria): what happened to which remote and
 * version in one browser, batched. Nothing in it names the buyer — no session id, no address, no
 * URL, no error text: only the kind of event, the remote, its version, and (for a vital) a number.
 *
 * - `sesion`: this browser session (a tab) started using the remote's version — once per session;
 * - `sesion-con-error`: the session saw its first error of that version — once per session;
 * - `error-carga`: the remote's module could not load (manifest, script, timeout) in a slot;
 * - `error-render`: it threw while rendering and the slot's boundary caught it;
 * - `evento-sin-oyente`: it emitted a bus event the contract says someone listens to, and no one did;
 * - `vital`: a Web Vital (LCP and INP in ms, CLS ×1000) of a page the remote's slot was on.
 */
export const TELEMETRIA_TIPOS = ['sesion', 'sesion-con-error', 'error-carga', 'error-render', 'evento-sin-oyente', 'vital'] as const;
export type TelemetriaTipo = (typeof TELEMETRIA_TIPOS)[number];

export const VITALES = ['LCP', 'INP', 'CLS'] as const;
export type Vital = (typeof VITALES)[number];

/** Events in one beacon; the shell sends sooner when it has this many. */
export const MAX_EVENTOS_POR_LOTE = 40;

/** A value past this is no measurement (a tab left in the background for an hour): refused. */
export const MAX_VALOR_VITAL = 600_000;

const remoto = z.string().regex(/^[a-z][a-z-]{0,30}$/, 'El remoto no es válido.');
// Semver as npm prints it; the API also checks that the registry knows this version.
const version = z
  .string()
  .max(64)
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/, 'La versión no es válida.');
const modulo = z.string().regex(/^[A-Z][A-Za-z0-9]{0,60}$/, 'El módulo no es válido.');
const base = { remoto, version };

export const eventoTelemetriaSchema = z.discriminatedUnion(
  'tipo',
  [
    z.strictObject({ tipo: z.literal('sesion'), ...base }),
    z.strictObject({ tipo: z.literal('sesion-con-error'), ...base }),
    z.strictObject({ tipo: z.literal('error-carga'), ...base, modulo }),
    z.strictObject({ tipo: z.literal('error-render'), ...base, modulo }),
    z.strictObject({ tipo: z.literal('evento-sin-oyente'), ...base, evento: z.string().regex(/^[a-z]+:[a-z-]{1,60}$/, 'El evento no es válido.') }),
    z.strictObject({
      tipo: z.literal('vital'),
      ...base,
      nombre: z.enum(VITALES, { error: 'La métrica no es válida.' }),
      valor: z.number({ error: 'El valor de la métrica no es válido.' }).min(0).max(MAX_VALOR_VITAL),
    }),
  ],
  { error: 'El tipo de evento de telemetría no es válido.' },
);
export type EventoTelemetria = z.infer<typeof eventoTelemetriaSchema>;

export const loteTelemetriaSchema = z.strictObject({
  eventos: z
    .array(eventoTelemetriaSchema)
    .min(1, 'El lote de telemetría está vacío.')
    .max(MAX_EVENTOS_POR_LOTE, `Un lote de telemetría lleva a lo más ${MAX_EVENTOS_POR_LOTE} eventos.`),
});
export type LoteTelemetria = z.infer<typeof loteTelemetriaSchema>;
