import { z } from 'zod';
import { BUS_EVENT_NAME, MAX_EVENTOS_POR_LOTE, MAX_VALOR_VITAL, VITALES } from '../telemetria';

export { MAX_EVENTOS_POR_LOTE, MAX_VALOR_VITAL, TELEMETRIA_TIPOS, VITALES, type TelemetriaTipo, type Vital } from '../telemetria';

const remoto = z.string().regex(/^[a-z][a-z-]{0,30}$/, 'El remoto no es válido.');
// Semver as npm prints it; the API also checks that the registry knows this version.
const version = z
  .string()
  .max(64)
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/, 'La versión no es válida.');
const modulo = z.string().regex(/^[A-Z][A-Za-z0-9]{0,60}$/, 'El módulo no es válido.');
const base = { remoto, version };

/**
 * A beacon's events as the API validates them (contract and kinds: ../telemetria.ts). The shell
 * imports only the types from here, so zod stays out of its bundle.
 */
export const eventoTelemetriaSchema = z.discriminatedUnion(
  'tipo',
  [
    z.strictObject({ tipo: z.literal('sesion'), ...base }),
    z.strictObject({ tipo: z.literal('sesion-con-error'), ...base }),
    z.strictObject({ tipo: z.literal('error-carga'), ...base, modulo }),
    z.strictObject({ tipo: z.literal('error-render'), ...base, modulo }),
    z.strictObject({ tipo: z.literal('evento-sin-oyente'), ...base, evento: z.string().regex(BUS_EVENT_NAME, 'El evento no es válido.') }),
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
