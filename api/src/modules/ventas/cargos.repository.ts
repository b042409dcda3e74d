import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cargos } from '../../db/schema/sales';

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
