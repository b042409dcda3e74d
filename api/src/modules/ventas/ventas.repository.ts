import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento, eventoSecciones, eventos } from '../../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { emailOutbox } from '../../db/schema/email';
import { boletos, cargos, reservas } from '../../db/schema/sales';
import { filas, recintos, secciones } from '../../db/schema/venues';
import { invitados, users } from '../../db/schema/users';
import { FREE_PLACE } from '../reservas/disponibilidad.repository';

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
 * How a ticket (boletos) reaches its place and section: its seat or its general place, one of
 * the two set (left joins), and the section of whichever it is (inner join).
 */
export const boletoJoin = {
  asiento: eq(eventoAsientos.id, boletos.eventoAsientoId),
  general: eq(eventoLugaresGenerales.id, boletos.lugarGeneralId),
  seccion: eq(secciones.id, sql`coalesce(${eventoAsientos.seccionId}, ${eventoLugaresGenerales.seccionId})`),
};

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

export type EstadoCargo = (typeof cargos.$inferSelect)['estado'];

/** What the sale remembers of a charge (cargos.detalle): enough to rebook after the hold ended. */
export interface DetalleCargo {
  orderId: string;
  promocionId: number | null;
  totales: { subtotal: number; descuento: number; cargoServicio: number; cargoTarjeta: number; iva: number; total: number };
  asientos: number[];
  generales: { eventoSeccionId: number; seccionId: number; cantidad: number } | null;
  card?: { last4: string; brand: string };
  /** Meses sin intereses of a card charge (absent: paid in one go). */
  meses?: number | null;
  /** A cash or SPEI charge: how to pay it and until when (ISO). */
  referencia?: { instrucciones: import('@taquilla/shared/schemas/pagos').InstruccionesPago; vence: string };
}

/** cargos.metodo_pago: a card, cash at a store, a SPEI transfer. */
export type MetodoPago = 'tarjeta' | 'efectivo' | 'spei';

export type CargoRow = Pick<typeof cargos.$inferSelect, 'id' | 'reservaId' | 'proveedor' | 'proveedorCargoId' | 'monto' | 'estado'> & {
  /** A decline's gateway code, or why a completed charge was refunded ('reembolso:<motivo>'). */
  error: string | null;
  detalle: DetalleCargo | null;
};

const cargoColumns = {
  id: cargos.id,
  reservaId: cargos.reservaId,
  proveedor: cargos.proveedor,
  proveedorCargoId: cargos.proveedorCargoId,
  monto: cargos.monto,
  estado: cargos.estado,
  error: cargos.error,
  detalle: sql<DetalleCargo | string | null>`${cargos.detalle}`,
};
// PGlite may answer jsonb selected through sql`` as its text.
const toCargo = (r: Omit<CargoRow, 'detalle'> & { detalle: DetalleCargo | string | null }): CargoRow => ({
  ...r,
  detalle: typeof r.detalle === 'string' ? (JSON.parse(r.detalle) as DetalleCargo) : r.detalle,
});

export async function countCargos(db: DbOrTx, reservaId: string): Promise<number> {
  return db.$count(cargos, eq(cargos.reservaId, reservaId));
}

/**
 * Records a charge the gateway made, as `pendiente` (settling it decides what it became); once:
 * a replay (same provider id) keeps the first row.
 */
export async function insertCargo(
  db: DbOrTx,
  c: {
    reservaId: string;
    proveedor: string;
    proveedorCargoId: string;
    monto: number;
    detalle: DetalleCargo;
    /** Where the buyer authenticates (3-D Secure), when the gateway gave one. */
    redirectUrl?: string | null;
    metodoPago?: MetodoPago;
  },
) {
  await db
    .insert(cargos)
    .values({ ...c, estado: 'pendiente', error: null, redirectUrl: c.redirectUrl ?? null, metodoPago: c.metodoPago ?? 'tarjeta' })
    .onConflictDoNothing({ target: [cargos.proveedor, cargos.proveedorCargoId] });
}

export async function findCargo(db: DbOrTx, proveedor: string, proveedorCargoId: string, opts: { forUpdate?: boolean } = {}): Promise<CargoRow | undefined> {
  const query = db
    .select(cargoColumns)
    .from(cargos)
    .where(and(eq(cargos.proveedor, proveedor), eq(cargos.proveedorCargoId, proveedorCargoId)))
    .$dynamic();
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row && toCargo(row);
}

/** The charge that paid for a reservation, if one did. */
export async function findCargoPagado(db: DbOrTx, reservaId: string): Promise<CargoRow | undefined> {
  return (await listCargosPendientes(db, reservaId)).find((c) => c.estado === 'pagado');
}

export async function listCargosPendientes(db: DbOrTx, reservaId: string): Promise<CargoRow[]> {
  const rows = await db
    .select(cargoColumns)
    .from(cargos)
    .where(and(eq(cargos.reservaId, reservaId), inArray(cargos.estado, ['pendiente', 'pagado'])))
    .orderBy(cargos.createdAt);
  return rows.map(toCargo);
}

/** Moves a charge from one state to another only if it is still in the first; answers whether it moved. */
export async function claimCargo(db: DbOrTx, id: string, from: EstadoCargo, to: EstadoCargo): Promise<boolean> {
  const rows = await db
    .update(cargos)
    .set({ estado: to, updatedAt: sql`now()` })
    .where(and(eq(cargos.id, id), eq(cargos.estado, from)))
    .returning({ id: cargos.id });
  return rows.length > 0;
}

export async function setEstadoCargo(db: DbOrTx, id: string, estado: EstadoCargo, error: string | null = null): Promise<void> {
  await db
    .update(cargos)
    .set({ estado, error: error ?? sql`${cargos.error}`, updatedAt: sql`now()` })
    .where(eq(cargos.id, id));
}

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

/**
 * The tickets the reservation's buyer already has for its event, counted as reservar_lugares_cliente
 * counts them at hold time: an account's by account, a guest's by e-mail (every guest row with it).
 */
export async function countBoletosComprador(db: DbOrTx, r: Pick<VentaReserva, 'eventoId' | 'usuarioId' | 'correo'>): Promise<number> {
  return db.$count(boletos, and(eq(boletos.eventoId, r.eventoId), delComprador(db, boletos, r)));
}

/** E-mails with this subject sent to `to` in the last `minutes` (the outbox keeps every one). */
export async function countRecentEmails(db: DbOrTx, to: string, subject: string, minutes: number): Promise<number> {
  const o = emailOutbox;
  return db.$count(o, and(eq(o.to, to), eq(o.subject, subject), gt(o.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
}

/** Rows of the buyer: an account's by account, a guest's by e-mail (every guest row with it). */
function delComprador(db: DbOrTx, table: typeof boletos | typeof reservas, r: Pick<VentaReserva, 'usuarioId' | 'correo'>) {
  return r.usuarioId
    ? eq(table.usuarioId, r.usuarioId)
    : inArray(table.invitadoId, db.select({ id: invitados.id }).from(invitados).where(eq(invitados.correo, r.correo)));
}

/**
 * The buyer's other hold on this event with a cash/SPEI reference still payable (one unpaid
 * reference per buyer and event): an account's by account, a guest's by e-mail.
 */
export async function otraReferenciaPendiente(db: DbOrTx, r: Pick<VentaReserva, 'id' | 'eventoId' | 'usuarioId' | 'correo'>): Promise<boolean> {
  const rows = await db
    .select({ id: reservas.id })
    .from(reservas)
    .where(
      and(
        eq(reservas.eventoId, r.eventoId),
        delComprador(db, reservas, r),
        isNotNull(reservas.pagoPendiente),
        eq(reservas.estado, 'activa'),
        gt(reservas.fechaExpiracion, sql`now()`),
        ne(reservas.id, r.id),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Keeps a live hold's places until the reference's deadline ('pendiente de pago'): the hold and
 * each of its places, in one transaction. False when the hold is no longer live.
 */
export async function apartarHastaPago(tx: DbOrTx, reservaId: string, metodo: 'efectivo' | 'spei', vence: Date): Promise<boolean> {
  const held = await tx
    .update(reservas)
    .set({ pagoPendiente: metodo, fechaExpiracion: vence, updatedAt: sql`now()` })
    .where(and(eq(reservas.id, reservaId), eq(reservas.estado, 'activa'), gt(reservas.fechaExpiracion, sql`now()`)))
    .returning({ id: reservas.id });
  if (held.length === 0) return false;
  for (const places of [eventoAsientos, eventoLugaresGenerales]) {
    await tx
      .update(places)
      .set({ holdExpiresAt: vence })
      .where(and(eq(places.reservaId, reservaId), eq(places.estado, 'disponible')));
  }
  return true;
}

/**
 * Holds whose cash/SPEI reference expired unpaid and whose buyer was not told yet, marked told
 * in the same statement (SKIP LOCKED: every API process may run it at once, each row once).
 */
export async function takeReferenciasVencidas(
  db: DbOrTx,
  batch: number,
): Promise<{ id: Reserva['id']; pagoPendiente: NonNullable<Reserva['pagoPendiente']> }[]> {
  const rows = await db
    .update(reservas)
    .set({ avisoVencimientoEn: sql`now()` })
    .where(
      inArray(
        reservas.id,
        db
          .select({ id: reservas.id })
          .from(reservas)
          .where(and(isNotNull(reservas.pagoPendiente), isNull(reservas.avisoVencimientoEn), eq(reservas.estado, 'expirada')))
          .orderBy(reservas.fechaExpiracion)
          .limit(batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: reservas.id, pagoPendiente: reservas.pagoPendiente });
  // pago_pendiente is never null here (the subquery's condition).
  return rows.flatMap(({ id, pagoPendiente }) => (pagoPendiente ? [{ id, pagoPendiente }] : []));
}

/** The hold's latest cash/SPEI charge, whatever its state. */
export async function findCargoReferencia(db: DbOrTx, reservaId: string): Promise<CargoRow | undefined> {
  const [row] = await db
    .select(cargoColumns)
    .from(cargos)
    .where(and(eq(cargos.reservaId, reservaId), inArray(cargos.metodoPago, ['efectivo', 'spei'])))
    .orderBy(desc(cargos.createdAt))
    .limit(1);
  return row && toCargo(row);
}

/**
 * Ends a hold whose cash/SPEI reference the gateway cancelled (expired unpaid) and frees its
 * places now: they were held until the deadline, so they do not read as free by themselves.
 * Answers the places freed (for the live map), or null when the hold was not waiting any more.
 */
export async function liberarReferencia(
  tx: DbOrTx,
  reservaId: string,
): Promise<{ asientos: number[]; generales: { eventoId: number; seccionId: number }[] } | null> {
  const ended = await tx
    .update(reservas)
    .set({ estado: 'expirada', updatedAt: sql`now()` })
    .where(and(eq(reservas.id, reservaId), eq(reservas.estado, 'activa'), isNotNull(reservas.pagoPendiente)))
    .returning({ id: reservas.id });
  if (ended.length === 0) return null;
  const ea = eventoAsientos;
  const asientos = await tx
    .update(ea)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(ea.reservaId, reservaId), eq(ea.estado, 'disponible')))
    .returning({ id: ea.id });
  const l = eventoLugaresGenerales;
  const generales = await tx
    .update(l)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(l.reservaId, reservaId), eq(l.estado, 'disponible')))
    .returning({ eventoId: l.eventoId, seccionId: l.seccionId });
  const secciones = new Map(generales.map((g) => [`${g.eventoId}:${g.seccionId}`, g]));
  return { asientos: asientos.map((a) => a.id), generales: [...secciones.values()] };
}
