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
