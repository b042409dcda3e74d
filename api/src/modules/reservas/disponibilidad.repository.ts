import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { eventoAsientos } from '../../db/schema/inventory';

/**
 * A place is free when it is 'disponible' and has no live hold. An expired hold counts as free
 * in every read, so no sweeper has to run before a place can be sold again.
 */
export const FREE_PLACE = sql.raw(`estado = 'disponible' and (hold_expires_at is null or hold_expires_at <= now())`);

export type AvailabilityRow = Pick<typeof eventoAsientos.$inferSelect, 'seccionId' | 'precio'> & {
  categoriaEventoId: number | null;
  /** Places free now. */
  disponibles: number;
  /** Places on sale or sold (not blocked / inaccessible / courtesy). */
  vendibles: number;
  total: number;
};

/**
 * Availability of one event per (section, price category, price): numbered seats from
 * evento_asientos, general admission from evento_lugares_generales (priced by its section).
 */
export async function availabilityByEvento(db: DbOrTx, eventoId: number): Promise<AvailabilityRow[]> {
  const rows = await queryRows<AvailabilityRow>(
    db,
    sql`
    select seccion_id as "seccionId", categoria_evento_id as "categoriaEventoId", precio,
           count(*) filter (where ${FREE_PLACE})::int as disponibles,
           count(*) filter (where estado in ('disponible', 'vendido', 'ocupado'))::int as vendibles,
           count(*)::int as total
      from evento_asientos where evento_id = ${eventoId}
     group by seccion_id, categoria_evento_id, precio
    union all
    select es.seccion_id, es.categoria_evento_id, es.precio_especial,
           coalesce(g.disponibles, 0), coalesce(g.vendibles, 0), coalesce(g.total, 0)
      from evento_secciones es
      join lateral (
        select count(*) filter (where ${FREE_PLACE})::int as disponibles,
               count(*) filter (where estado in ('disponible', 'vendido'))::int as vendibles,
               count(*)::int as total
          from evento_lugares_generales l where l.evento_seccion_id = es.id
      ) g on true
     where es.evento_id = ${eventoId} and es.categoria_evento_id is not null`,
  );
  return rows.map((r) => ({
    seccionId: r.seccionId,
    categoriaEventoId: r.categoriaEventoId,
    precio: Number(r.precio),
    disponibles: Number(r.disponibles),
    vendibles: Number(r.vendibles),
    total: Number(r.total),
  }));
}
