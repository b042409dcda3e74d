import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { boletos } from '../../db/schema/sales';
import { filas, secciones } from '../../db/schema/venues';
import { FREE_PLACE } from '../reservas/disponibilidad.repository';
import { delComprador, seccionNombre, type LugarVenta, type VentaReserva } from './ventas.repository';

/**
 * How a ticket (boletos) reaches its place and section: its seat or its general place, one of
 * the two set (left joins), and the section of whichever it is (inner join).
 */
export const boletoJoin = {
  asiento: eq(eventoAsientos.id, boletos.eventoAsientoId),
  general: eq(eventoLugaresGenerales.id, boletos.lugarGeneralId),
  seccion: eq(secciones.id, sql`coalesce(${eventoAsientos.seccionId}, ${eventoLugaresGenerales.seccionId})`),
};

/**
 * Marks the seats sold for the reservation: each must be still this hold's, or free (a hold
 * that ended while the buyer was paying). Answers the ids sold; fewer than asked means the
 * caller rolls back.
 */
export async function sellSeats(tx: DbOrTx, reservaId: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const ea = eventoAsientos;
  const rows = await tx
    .update(ea)
    .set({ estado: 'vendido', reservaId, holdExpiresAt: null })
    .where(and(inArray(ea.id, ids), eq(ea.estado, 'disponible'), or(eq(ea.reservaId, reservaId), isNull(ea.holdExpiresAt), lte(ea.holdExpiresAt, sql`now()`))))
    .returning({ id: ea.id });
  return rows.map((r) => r.id);
}

/** General places: this hold's own first, then free ones of the same section up to `cantidad`. */
export async function sellGenerales(tx: DbOrTx, reservaId: string, eventoSeccionId: number, cantidad: number): Promise<number[]> {
  const l = eventoLugaresGenerales;
  const own = await tx
    .update(l)
    .set({ estado: 'vendido', holdExpiresAt: null })
    .where(
      inArray(
        l.id,
        tx
          .select({ id: l.id })
          .from(l)
          .where(and(eq(l.reservaId, reservaId), eq(l.estado, 'disponible')))
          .orderBy(l.id)
          .limit(cantidad)
          .for('update'),
      ),
    )
    .returning({ id: l.id });
  const missing = cantidad - own.length;
  if (missing <= 0) return own.map((r) => r.id);
  const more = await tx
    .update(l)
    .set({ estado: 'vendido', reservaId, holdExpiresAt: null })
    .where(
      inArray(
        l.id,
        tx
          .select({ id: l.id })
          .from(l)
          .where(and(eq(l.eventoSeccionId, eventoSeccionId), FREE_PLACE))
          .orderBy(sql`${l.holdExpiresAt} nulls first`)
          .limit(missing)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: l.id });
  return [...own, ...more].map((r) => r.id);
}

export async function insertBoletos(
  tx: DbOrTx,
  b: { reservaId: string; cargoId: string; eventoId: number; usuarioId: string | null; invitadoId: string | null; lugares: LugarVenta[] },
): Promise<void> {
  if (b.lugares.length === 0) return;
  await tx.insert(boletos).values(
    b.lugares.map((l) => ({
      reservaId: b.reservaId,
      cargoId: b.cargoId,
      eventoId: b.eventoId,
      eventoAsientoId: l.tipo === 'asiento' ? l.id : null,
      lugarGeneralId: l.tipo === 'general' ? l.id : null,
      eventoSeccionId: l.eventoSeccionId,
      categoriaEventoId: l.categoriaEventoId,
      precio: l.precio,
      usuarioId: b.usuarioId,
      invitadoId: b.invitadoId,
    })),
  );
}

export interface BoletoRow {
  id: string;
  quemadoUuid: string;
  seccion: string;
  fila: string | null;
  asiento: number | null;
  precio: number;
}

export async function listBoletosCargo(db: DbOrTx, cargoId: string): Promise<BoletoRow[]> {
  return db
    .select({
      id: boletos.id,
      quemadoUuid: boletos.quemadoUuid,
      seccion: seccionNombre,
      fila: filas.nombre,
      asiento: eventoAsientos.numero,
      precio: boletos.precio,
    })
    .from(boletos)
    .leftJoin(eventoAsientos, boletoJoin.asiento)
    .leftJoin(filas, eq(filas.id, eventoAsientos.filaId))
    .leftJoin(eventoLugaresGenerales, boletoJoin.general)
    .innerJoin(secciones, boletoJoin.seccion)
    .where(eq(boletos.cargoId, cargoId))
    .orderBy(boletos.createdAt, filas.orden, eventoAsientos.numero, eventoLugaresGenerales.id);
}

/** The reservation a ticket was sold under. */
export async function findReservaDeBoleto(db: DbOrTx, boletoId: string): Promise<string | undefined> {
  const [row] = await db.select({ reservaId: boletos.reservaId }).from(boletos).where(eq(boletos.id, boletoId));
  return row?.reservaId;
}

/**
 * The tickets the reservation's buyer already has for its event, counted as reservar_lugares_cliente
 * counts them at hold time: an account's by account, a guest's by e-mail (every guest row with it).
 */
export async function countBoletosComprador(db: DbOrTx, r: Pick<VentaReserva, 'eventoId' | 'usuarioId' | 'correo'>): Promise<number> {
  return db.$count(boletos, and(eq(boletos.eventoId, r.eventoId), delComprador(db, boletos, r)));
}
