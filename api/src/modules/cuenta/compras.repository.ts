import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento } from '../../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { boletos, cargos, reservas } from '../../db/schema/sales';
import { invitados, users } from '../../db/schema/users';
import { bloques, filas, secciones } from '../../db/schema/venues';
import { boletoJoin } from '../ventas/boletos.repository';
import { compraTotalesColumns, totalesDe } from '../ventas/ventas.repository';

/**
 * Whose tickets are the caller's: those sold to the account, and those a guest bought with the
 * account's e-mail. Callers pass only verified accounts (requireVerifiedUser), so owning the
 * mailbox is proven; matching at read time covers guest purchases made before the account
 * existed, before it was verified, or while signed out.
 */
export interface Dueno {
  usuarioId: string;
  /** Lower-cased, as users and guest holds store it. */
  email: string;
}

const deDueno = (db: DbOrTx, d: Dueno): SQL =>
  or(
    eq(boletos.usuarioId, d.usuarioId),
    inArray(boletos.invitadoId, db.select({ id: invitados.id }).from(invitados).where(sql`lower(${invitados.correo}) = ${d.email}`)),
  )!;

/** Tickets per event of the caller. */
export async function contarBoletosPorEvento(db: DbOrTx, d: Dueno): Promise<Map<number, number>> {
  const rows = await db.select({ eventoId: boletos.eventoId, n: count() }).from(boletos).where(deDueno(db, d)).groupBy(boletos.eventoId);
  return new Map(rows.map((r) => [r.eventoId, r.n]));
}

export interface BoletoRow {
  id: string;
  quemadoUuid: string;
  reservaId: string;
  /** Paid for the ticket before fees and discount (centavos), as stored at the sale. */
  precio: number;
  categoria: string | null;
  bloque: string;
  seccion: string;
  /** null for general admission. */
  fila: string | null;
  numero: number | null;
}

/** The caller's tickets of one event, in venue order (block, section, row, seat). */
export async function listBoletosEvento(db: DbOrTx, d: Dueno, eventoId: number): Promise<BoletoRow[]> {
  return db
    .select({
      id: boletos.id,
      quemadoUuid: boletos.quemadoUuid,
      reservaId: boletos.reservaId,
      precio: boletos.precio,
      categoria: categoriasEvento.nombre,
      bloque: bloques.nombre,
      seccion: sql<string>`coalesce(${secciones.nombreEspecial}, ${secciones.nombre})`,
      fila: filas.nombre,
      numero: eventoAsientos.numero,
    })
    .from(boletos)
    .leftJoin(categoriasEvento, eq(categoriasEvento.id, boletos.categoriaEventoId))
    .leftJoin(eventoAsientos, boletoJoin.asiento)
    .leftJoin(filas, eq(filas.id, eventoAsientos.filaId))
    .leftJoin(eventoLugaresGenerales, boletoJoin.general)
    .innerJoin(secciones, boletoJoin.seccion)
    .innerJoin(bloques, eq(bloques.id, secciones.bloqueId))
    .where(and(eq(boletos.eventoId, eventoId), deDueno(db, d)))
    .orderBy(bloques.orden, secciones.orden, sql`${filas.orden} nulls last`, eventoAsientos.numero, eventoLugaresGenerales.id, boletos.id);
}

export interface CompraRow {
  reservaId: string;
  /** Where the tickets were e-mailed: the account's address or the guest's. */
  correo: string;
  subtotal: number;
  descuento: number;
  cargoServicio: number;
  cargoTarjeta: number;
  iva: number;
  total: number;
  /** How it was paid (the charge that paid it): card, cash or SPEI, and a card's meses sin intereses. */
  metodoPago: 'tarjeta' | 'efectivo' | 'spei';
  meses: number | null;
}

/** The purchases (sold holds) behind the given reservations, with the totals stored at sale time. */
export async function listCompras(db: DbOrTx, reservaIds: string[]): Promise<CompraRow[]> {
  if (reservaIds.length === 0) return [];
  const pago = db
    .select({ metodoPago: cargos.metodoPago, meses: sql<number | null>`(${cargos.detalle}->>'meses')::int`.as('meses') })
    .from(cargos)
    .where(and(eq(cargos.reservaId, reservas.id), eq(cargos.estado, 'pagado')))
    .limit(1)
    .as('pago');
  const rows = await db
    .select({
      reservaId: reservas.id,
      ...compraTotalesColumns,
      metodoPago: pago.metodoPago,
      meses: pago.meses,
    })
    .from(reservas)
    .leftJoin(users, eq(users.id, reservas.usuarioId))
    .leftJoin(invitados, eq(invitados.id, reservas.invitadoId))
    .leftJoinLateral(pago, sql`true`)
    .where(inArray(reservas.id, reservaIds))
    .orderBy(asc(reservas.createdAt), asc(reservas.id));
  return rows.map((r) => ({
    reservaId: r.reservaId,
    ...totalesDe(r),
    metodoPago: r.metodoPago === 'efectivo' || r.metodoPago === 'spei' ? r.metodoPago : 'tarjeta',
    meses: r.meses === null ? null : Number(r.meses),
  }));
}
