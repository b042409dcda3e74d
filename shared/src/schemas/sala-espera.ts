import './zod-csp';
import { z } from 'zod';

/**
 * GET /eventos/{id}/sala_espera — the waiting room as this browser sees it (decision 0031).
 * `estado`: 'sin_fila' (the event is sold without a line), 'sin_lugar' (this browser has no
 * place yet), 'antes' (has a place, the sale has not started: countdown), 'esperando',
 * 'admitido' (the pass cookie is set with this answer), 'expirado', 'agotado'.
 */
export const estadoSalaSchema = z.object({
  estado: z.enum(['sin_fila', 'sin_lugar', 'antes', 'esperando', 'admitido', 'expirado', 'agotado']),
  /** The sale's start (ISO) and the server's clock, so the countdown does not trust the phone's. */
  inicio: z.string().nullable(),
  ahora: z.string(),
  pausada: z.boolean(),
  /** Position in line (1 = next) while 'esperando'. */
  lugar: z.number().int().nullable(),
  /**
   * This browser's number in line while 'esperando' (it never changes once drawn): with the
   * shared answer (`filaSalaSchema`) the page works out its place as `numero − admitidosHasta`.
   */
  numero: z.number().int().nullable(),
  /** Estimated seconds until admission; null while unknown. */
  esperaSegundos: z.number().int().nullable(),
  /** Buyers admitted per minute; null = automatic. */
  ritmoPorMinuto: z.number().int().nullable(),
  /** When an unused pass ends (ISO), while 'admitido'. */
  paseExpira: z.string().nullable(),
  /** When to ask again, in seconds (rounded up from `siguienteConsultaMs`). */
  consultarEnSegundos: z.number().int(),
  /**
   * When to ask again, in ms: sooner near the front, with a random part so a crowd that arrived
   * together does not ask together (decision 0031). The page follows this one.
   */
  siguienteConsultaMs: z.number().int(),
});
export type EstadoSala = z.infer<typeof estadoSalaSchema>;

/**
 * GET /eventos/{id}/sala_espera/fila — the room as it is for every buyer (decision 0031, "One
 * answer for everyone"): the same bytes for every browser of the event, built at most once a
 * second per process, cacheable for a second by a shared cache. It grants nothing and reads no
 * cookie: admission and the pass stay with the personal answer.
 * `estado`: 'sin_fila' (sold without a line), 'antes' (numbers not drawn yet), 'abierta'
 * (numbers admitted in order up to `admitidosHasta`), 'agotado' (no place left for now).
 */
export const filaSalaSchema = z.object({
  estado: z.enum(['sin_fila', 'antes', 'abierta', 'agotado']),
  /** The sale's start (ISO); null without a line. */
  inicio: z.string().nullable(),
  /** The server's clock when this answer was built (at most a second old). */
  ahora: z.string(),
  pausada: z.boolean(),
  /** Every number up to this one has been let in. */
  admitidosHasta: z.number().int(),
  /** Buyers admitted per minute as set; null = automatic. */
  ritmoPorMinuto: z.number().int().nullable(),
  /** The rate the estimates use: the set one, or (automatic) the one seen in the last 5 minutes. */
  admisionPorMinuto: z.number(),
  /**
   * The longest a waiting page should go before asking again, in ms (exact: the page shortens it
   * near the front and spreads it at random, see `@taquilla/shared/sala-espera`).
   */
  siguienteConsultaMs: z.number().int(),
});
export type FilaSala = z.infer<typeof filaSalaSchema>;

/** POST /eventos/{id}/sala_espera — the ALTCHA widget's payload (base64 JSON). */
export const unirseSalaSchema = z.object({ altcha: z.string().min(1).max(8192) });

/** POST /sala_espera/ops — an ops change (platform/ops/sala-espera.mjs). */
export const opsSalaSchema = z.object({
  eventoId: z.number().int().positive(),
  accion: z.enum(['abrir', 'pausar', 'reanudar', 'ritmo', 'cerrar']),
  inicio: z.iso.datetime({ offset: true }).optional(),
  /** Buyers per minute, or null for automatic. */
  ritmoPorMinuto: z.number().int().positive().max(100_000).nullable().optional(),
  actor: z.string().min(1).max(200),
  motivo: z.string().max(500).optional(),
});
