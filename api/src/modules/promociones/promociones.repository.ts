import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento, eventoSecciones, eventos } from '../../db/schema/events';
import { promocionCategorias, promociones } from '../../db/schema/promotions';
import { secciones } from '../../db/schema/venues';

export type PromocionRow = typeof promociones.$inferSelect;

export interface PromocionCategoriaRow {
  promocionId: number;
  categoriaEventoId: number | null;
  categoriaNombre: string | null;
  /** The general section's id as the shop knows it (`secciones[].id` of detalle_seccion). */
  seccionId: number | null;
  seccionNombre: string | null;
}

/** The event if it is on sale on the web now (shown on the web and not yet started). */
export async function findEventoEnVenta(db: DbOrTx, eventoId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), eq(eventos.mostrarWeb, true), gt(eventos.fecha, sql`now()`)));
  return row;
}

/** Promotions of an event that are active and within their validity window at `now()`. */
export async function listPromocionesVigentes(
  db: DbOrTx,
  eventoId: number,
  filter: { automatica?: boolean; clave?: string; id?: number },
): Promise<PromocionRow[]> {
  const conditions: SQL[] = [
    eq(promociones.eventoId, eventoId),
    eq(promociones.activa, true),
    or(isNull(promociones.vigenteDesde), lte(promociones.vigenteDesde, sql`now()`))!,
    or(isNull(promociones.vigenteHasta), gt(promociones.vigenteHasta, sql`now()`))!,
  ];
  if (filter.automatica !== undefined) conditions.push(eq(promociones.automatica, filter.automatica));
  if (filter.clave !== undefined) conditions.push(eq(promociones.clave, filter.clave));
  if (filter.id !== undefined) conditions.push(eq(promociones.id, filter.id));
  return db
    .select()
    .from(promociones)
    .where(and(...conditions))
    .orderBy(asc(promociones.id));
}

/** A promotion whose sales reached its limit (`usos` is counted in each sale's transaction). */
export const agotada = (p: Pick<PromocionRow, 'usos' | 'limiteUsos'>) => p.limiteUsos !== null && p.usos >= p.limiteUsos;

/**
 * Counts one sale against the promotion, in the sale's transaction: false when its last use
 * was taken (a conditional update, so two sales racing for the last use cannot both get it).
 */
export async function usarPromocion(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(promociones)
    .set({ usos: sql`${promociones.usos} + 1` })
    .where(and(eq(promociones.id, id), or(isNull(promociones.limiteUsos), sql`${promociones.usos} < ${promociones.limiteUsos}`)))
    .returning({ id: promociones.id });
  return rows.length === 1;
}

/** Category / general-section restrictions of the given promotions, with their display names. */
export async function listPromocionCategorias(db: DbOrTx, promocionIds: number[]): Promise<PromocionCategoriaRow[]> {
  if (promocionIds.length === 0) return [];
  return db
    .select({
      promocionId: promocionCategorias.promocionId,
      categoriaEventoId: promocionCategorias.categoriaEventoId,
      categoriaNombre: categoriasEvento.nombre,
      seccionId: eventoSecciones.seccionId,
      seccionNombre: secciones.nombre,
    })
    .from(promocionCategorias)
    .leftJoin(categoriasEvento, eq(categoriasEvento.id, promocionCategorias.categoriaEventoId))
    .leftJoin(eventoSecciones, eq(eventoSecciones.id, promocionCategorias.eventoSeccionId))
    .leftJoin(secciones, eq(secciones.id, eventoSecciones.seccionId))
    .where(inArray(promocionCategorias.promocionId, promocionIds))
    .orderBy(asc(promocionCategorias.id));
}
