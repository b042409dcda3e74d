import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento, eventoSecciones, eventos } from '../../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { type boletos, reservas } from '../../db/schema/sales';
import { filas, recintos, secciones } from '../../db/schema/venues';
import { invitados, users } from '../../db/schema/users';
import type { DetalleCargo } from './cargos.repository';

/**
 * The sale's reads and writes of a reservation: its buyer and event, the places it sells with
 * their prices, the totals stored when it is sold, and the sale's advisory locks. Charges are
 * cargos.repository.ts, places sold and tickets boletos.repository.ts, cash/SPEI holds
 * referencias.repository.ts.
 */

type Reserva = typeof reservas.$inferSelect;

/** A reservation as the sale needs it: its buyer (account or guest) and its state. */
export type VentaReserva = Pick<typeof reservas.$inferSelect, 'id' | 'eventoId' | 'usuarioId' | 'invitadoId' | 'estado' | 'esGeneral' | 'cantidad'> & {
  /** 'activa' whose time ran out (the expiry job has not marked it yet). */
  vencida: boolean;
  /** Where the tickets go: the account's or the guest's. */
  nombre: string;
  correo: string;
};

export async function findVentaReserva(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<VentaReserva | undefined> {
  const query = db
    .select({
      id: reservas.id,
      eventoId: reservas.eventoId,
      usuarioId: reservas.usuarioId,
      invitadoId: reservas.invitadoId,
      estado: reservas.estado,
      vencida: sql<boolean>`(${reservas.estado} = 'activa' and ${reservas.fechaExpiracion} <= now())`,
      esGeneral: reservas.esGeneral,
      cantidad: reservas.cantidad,
      nombre: sql<string | null>`coalesce(${users.fullName}, ${invitados.nombre})`,
      correo: sql<string | null>`coalesce(${users.email}, ${invitados.correo})`,
    })
    .from(reservas)
    .leftJoin(users, eq(users.id, reservas.usuarioId))
    .leftJoin(invitados, eq(invitados.id, reservas.invitadoId))
    .where(eq(reservas.id, id))
    .$dynamic();
  const [row] = await (opts.forUpdate ? query.for('update', { of: reservas }) : query);
  return row && { ...row, nombre: row.nombre ?? '', correo: row.correo ?? '' };
}

export interface VentaEventoRow {
  id: number;
  nombre: string;
  recinto: string;
  fecha: Date;
  tarjetaBps: number;
  servicioBps: number;
  ivaBps: number;
  ivaAplicado: boolean;
  udsPorCategoria: boolean;
  /** Tickets one buyer may have for the event (eventos.limite_de_asientos). */
  limiteDeAsientos: number;
  /** Meses sin intereses plans with their minimum total (centavos). */
  planesMsi: { meses: number; minimo: number }[];
  /** Minutes to pay a cash reference / a SPEI transfer; null: the configured default. */
  plazoEfectivoMinutos: number | null;
  plazoSpeiMinutos: number | null;
}

export async function findVentaEvento(db: DbOrTx, eventoId: number): Promise<VentaEventoRow | undefined> {
  const [row] = await db
    .select({
      id: eventos.id,
      nombre: eventos.nombre,
      recinto: recintos.nombre,
      fecha: eventos.fecha,
      tarjetaBps: eventos.usoDeTarjetaBps,
      servicioBps: eventos.usoDeServicioBps,
      ivaBps: eventos.ivaRateBps,
      ivaAplicado: eventos.isIvaApplied,
      udsPorCategoria: eventos.udsPorCategoria,
      limiteDeAsientos: eventos.limiteDeAsientos,
      planesMsi: eventos.planesMsi,
      plazoEfectivoMinutos: eventos.plazoEfectivoMinutos,
      plazoSpeiMinutos: eventos.plazoSpeiMinutos,
    })
    .from(eventos)
    .innerJoin(recintos, eq(recintos.id, eventos.recintoId))
    .where(eq(eventos.id, eventoId));
  return row && { ...row, planesMsi: row.planesMsi ?? [] };
}

/** One held place with what its price, fees, promotion and ticket need. */
export interface LugarVenta {
  /** evento_asientos.id or evento_lugares_generales.id. */
  id: number;
  tipo: 'asiento' | 'general';
  precio: number;
  categoriaEventoId: number | null;
  cargoPorCategoriaBps: number | null;
  seccionUdsBps: number | null;
  /** Venue section (secciones.id) and the event's section row. */
  seccionId: number;
  eventoSeccionId: number | null;
  seccion: string;
  fila: string | null;
  asiento: number | null;
}

/** A section's name as sold: its special name on the event, else its own. */
export const seccionNombre = sql<string>`coalesce(${secciones.nombreEspecial}, ${secciones.nombre})`;

/**
 * A purchase's delivery address and the totals stored at its sale, selected from reservas with
 * users and invitados left-joined; `totalesDe` reads them (a total not stored yet reads 0).
 */
export const compraTotalesColumns = {
  correo: sql<string | null>`coalesce(${users.email}, ${invitados.correo})`,
  subtotal: reservas.subtotal,
  descuento: reservas.descuento,
  cargoServicio: reservas.cargoServicio,
  cargoTarjeta: reservas.cargoTarjeta,
  iva: reservas.iva,
  total: reservas.total,
};

type Totales = Pick<Reserva, 'subtotal' | 'descuento' | 'cargoServicio' | 'cargoTarjeta' | 'iva' | 'total'>;

export function totalesDe(r: Totales & { correo: string | null }): { [K in keyof Totales]: number } & { correo: string } {
  return {
    correo: r.correo ?? '',
    subtotal: r.subtotal ?? 0,
    descuento: r.descuento ?? 0,
    cargoServicio: r.cargoServicio ?? 0,
    cargoTarjeta: r.cargoTarjeta ?? 0,
    iva: r.iva ?? 0,
    total: r.total ?? 0,
  };
}
const lugarColumns = {
  cargoPorCategoriaBps: categoriasEvento.cargoPorCategoriaBps,
  seccionUdsBps: secciones.udsBps,
  eventoSeccionId: eventoSecciones.id,
  seccion: seccionNombre,
};
const generalColumns = {
  ...lugarColumns,
  precio: eventoSecciones.precioEspecial,
  categoriaEventoId: eventoSecciones.categoriaEventoId,
  fila: sql<string | null>`null::text`,
  asiento: sql<number | null>`null::int`,
};

/** Seats given by id (held or sold by the reservation), with prices and names. */
export async function listAsientosVenta(db: DbOrTx, where: { reservaId: string } | { ids: number[]; eventoId?: number }): Promise<LugarVenta[]> {
  const ea = eventoAsientos;
  const filter =
    'reservaId' in where
      ? eq(ea.reservaId, where.reservaId)
      : and(inArray(ea.id, where.ids), where.eventoId === undefined ? undefined : eq(ea.eventoId, where.eventoId));
  const rows = await db
    .select({
      ...lugarColumns,
      id: ea.id,
      precio: ea.precio,
      categoriaEventoId: ea.categoriaEventoId,
      seccionId: ea.seccionId,
      fila: filas.nombre,
      asiento: ea.numero,
    })
    .from(ea)
    .innerJoin(categoriasEvento, eq(categoriasEvento.id, ea.categoriaEventoId))
    .innerJoin(secciones, eq(secciones.id, ea.seccionId))
    .innerJoin(filas, eq(filas.id, ea.filaId))
    .leftJoin(eventoSecciones, and(eq(eventoSecciones.eventoId, ea.eventoId), eq(eventoSecciones.seccionId, ea.seccionId)))
    .where(filter)
    .orderBy(filas.orden, filas.id, ea.numero);
  return rows.map((r) => ({ ...r, tipo: 'asiento' }));
}

/**
 * The general section `seccionId` of the event as a place not yet held (id 0): its price, fees
 * and names. Undefined when the event has no such general section.
 */
export async function findGeneralVenta(db: DbOrTx, eventoId: number, seccionId: number): Promise<LugarVenta | undefined> {
  const [row] = await db
    .select({ ...generalColumns, seccionId: secciones.id })
    .from(eventoSecciones)
    .innerJoin(secciones, eq(secciones.id, eventoSecciones.seccionId))
    .leftJoin(categoriasEvento, eq(categoriasEvento.id, eventoSecciones.categoriaEventoId))
    .where(and(eq(eventoSecciones.eventoId, eventoId), eq(eventoSecciones.seccionId, seccionId), eq(secciones.tipo, 'general')));
  return row && { ...row, id: 0, tipo: 'general' };
}

export async function listGeneralesVenta(db: DbOrTx, where: { reservaId: string } | { ids: number[] }): Promise<LugarVenta[]> {
  const l = eventoLugaresGenerales;
  const rows = await db
    .select({ ...generalColumns, id: l.id, seccionId: l.seccionId })
    .from(l)
    .innerJoin(eventoSecciones, eq(eventoSecciones.id, l.eventoSeccionId))
    .innerJoin(secciones, eq(secciones.id, l.seccionId))
    .leftJoin(categoriasEvento, eq(categoriasEvento.id, eventoSecciones.categoriaEventoId))
    .where('reservaId' in where ? eq(l.reservaId, where.reservaId) : inArray(l.id, where.ids))
    .orderBy(l.id);
  return rows.map((r) => ({ ...r, tipo: 'general' }));
}

export async function markReservaVendida(tx: DbOrTx, reservaId: string, promocionId: number | null, t: DetalleCargo['totales']): Promise<void> {
  await tx
    .update(reservas)
    .set({ estado: 'vendida', promocionId, ...t, updatedAt: sql`now()` })
    .where(eq(reservas.id, reservaId));
}

export async function endReserva(tx: DbOrTx, reservaId: string): Promise<void> {
  await tx
    .update(reservas)
    .set({ estado: 'expirada', updatedAt: sql`now()` })
    .where(and(eq(reservas.id, reservaId), eq(reservas.estado, 'activa')));
}

/**
 * Advisory lock spaces of the sale (PostgreSQL's two-key form, which never meets the one-key
 * locks taken elsewhere): what one transaction at a time may count and then act on.
 */
const LOCK_SPACES = {
  /** A buyer's tickets of one event (key: '<evento>:<comprador>'): the per-buyer limit at sale time. */
  compradorEvento: 27_001,
  /** The tickets e-mails to one address for one event: the resend limit. */
  reenvios: 27_002,
} as const;

/** Waits for the transaction's lock on `key` in `space`; held until commit or rollback (a function call, no rows: raw SQL). */
export async function lockFor(tx: DbOrTx, space: keyof typeof LOCK_SPACES, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES[space]}::int, hashtext(${key}))`);
}

/** Rows of the buyer: an account's by account, a guest's by e-mail (every guest row with it). */
export function delComprador(db: DbOrTx, table: typeof boletos | typeof reservas, r: Pick<VentaReserva, 'usuarioId' | 'correo'>) {
  return r.usuarioId
    ? eq(table.usuarioId, r.usuarioId)
    : inArray(table.invitadoId, db.select({ id: invitados.id }).from(invitados).where(eq(invitados.correo, r.correo)));
}
