import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categoriasEvento, eventos } from '../../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { facturas } from '../../db/schema/invoices';
import { boletos, cargos, reservas } from '../../db/schema/sales';
import { invitados, users } from '../../db/schema/users';
import { secciones } from '../../db/schema/venues';
import { boletoJoin } from '../ventas/boletos.repository';
import { compraTotalesColumns, seccionNombre, totalesDe } from '../ventas/ventas.repository';
import type { TotalesCompra } from './conceptos';

/** Whose purchases: a verified account (its own and guest ones made with its e-mail, as Mis compras shows) or one guest. */
export type Propietario = { usuarioId: string; email: string; invitadoId?: undefined } | { invitadoId: string; usuarioId?: undefined };

const dePropietario = (p: Propietario): SQL | undefined =>
  p.usuarioId !== undefined
    ? or(eq(reservas.usuarioId, p.usuarioId), and(isNull(reservas.usuarioId), eq(sql`lower(${invitados.correo})`, p.email)))
    : and(isNull(reservas.usuarioId), eq(reservas.invitadoId, p.invitadoId));

type Reserva = typeof reservas.$inferSelect;

export type CompraRow = TotalesCompra & {
  reservaId: Reserva['id'];
  eventoId: Reserva['eventoId'];
  eventoNombre: (typeof eventos.$inferSelect)['nombre'];
  estado: Reserva['estado'];
  correo: string;
  ivaBps: (typeof eventos.$inferSelect)['ivaRateBps'];
  /** When its tickets were issued (the sale); null if it has none. */
  pagadoEn: Date | null;
  /** metodo_pago of its paid charge; null when no charge of it is paid (any more). */
  metodoPago: (typeof cargos.$inferSelect)['metodoPago'] | null;
  reembolsada: boolean;
};

const compraColumns = {
  reservaId: reservas.id,
  eventoId: reservas.eventoId,
  eventoNombre: eventos.nombre,
  estado: reservas.estado,
  ivaBps: eventos.ivaRateBps,
  ...compraTotalesColumns,
  pagadoEn: sql<Date | null>`(select min(${boletos.createdAt}) from ${boletos} where ${boletos.reservaId} = ${reservas.id})`.mapWith(boletos.createdAt),
  metodoPago: sql<
    string | null
  >`(select ${cargos.metodoPago} from ${cargos} where ${cargos.reservaId} = ${reservas.id} and ${cargos.estado} = 'pagado' order by ${cargos.createdAt} limit 1)`,
  reembolsada: sql<boolean>`exists (select 1 from ${cargos} where ${cargos.reservaId} = ${reservas.id} and ${cargos.estado} = 'reembolsado')`,
};

function selectCompras(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(compraColumns)
    .from(reservas)
    .innerJoin(eventos, eq(eventos.id, reservas.eventoId))
    .leftJoin(users, eq(users.id, reservas.usuarioId))
    .leftJoin(invitados, eq(invitados.id, reservas.invitadoId))
    .where(where);
}

const toRow = (r: Awaited<ReturnType<typeof selectCompras>>[number]): CompraRow => ({
  ...r,
  ...totalesDe(r),
  reembolsada: Boolean(r.reembolsada),
});

/** One purchase of the owner (undefined when it is not theirs, or does not exist). */
export async function findCompra(db: DbOrTx, reservaId: string, p: Propietario): Promise<CompraRow | undefined> {
  const rows = await selectCompras(db, and(eq(reservas.id, reservaId), dePropietario(p)));
  return rows[0] && toRow(rows[0]);
}

/** The owner's sold purchases of one event (those with tickets; a refunded one says so), oldest first. */
export async function listComprasDeEvento(db: DbOrTx, eventoId: number, p: Propietario): Promise<CompraRow[]> {
  const rows = await selectCompras(db, and(eq(reservas.eventoId, eventoId), dePropietario(p), eq(reservas.estado, 'vendida'))).orderBy(
    asc(reservas.createdAt),
    asc(reservas.id),
  );
  return rows.map(toRow);
}

/** The purchase's tickets grouped as invoice lines: section (and category), price. */
export async function lineasDeCompra(
  db: DbOrTx,
  reservaId: string,
): Promise<Array<{ seccion: string; categoria: string | null; precio: number; cantidad: number }>> {
  return db
    .select({ seccion: seccionNombre, categoria: categoriasEvento.nombre, precio: boletos.precio, cantidad: sql<number>`count(*)::int`.mapWith(Number) })
    .from(boletos)
    .leftJoin(categoriasEvento, eq(categoriasEvento.id, boletos.categoriaEventoId))
    .leftJoin(eventoAsientos, boletoJoin.asiento)
    .leftJoin(eventoLugaresGenerales, boletoJoin.general)
    .innerJoin(secciones, boletoJoin.seccion)
    .where(eq(boletos.reservaId, reservaId))
    .groupBy(sql`1, 2, 3`)
    .orderBy(sql`1, 2, 3`);
}

const facturaColumns = {
  id: facturas.id,
  reservaId: facturas.reservaId,
  estado: facturas.estado,
  rfc: facturas.rfc,
  razonSocial: facturas.razonSocial,
  regimenFiscal: facturas.regimenFiscal,
  codigoPostal: facturas.codigoPostal,
  usoCfdi: facturas.usoCfdi,
  correo: facturas.correo,
  total: facturas.total,
  uuidFiscal: facturas.uuidFiscal,
  emitidaEn: facturas.emitidaEn,
};
export type FacturaRow = Pick<typeof facturas.$inferSelect, keyof typeof facturaColumns>;

export async function facturasDe(db: DbOrTx, reservaIds: string[]): Promise<Map<string, FacturaRow>> {
  if (reservaIds.length === 0) return new Map();
  const rows = await db.select(facturaColumns).from(facturas).where(inArray(facturas.reservaId, reservaIds));
  return new Map(rows.map((r) => [r.reservaId, r]));
}

/**
 * Claims the purchase for one invoice: the unique index on reserva_id lets exactly one of
 * any number of concurrent requests insert; the others get undefined.
 */
export async function reservarFactura(
  db: DbOrTx,
  f: Pick<typeof facturas.$inferInsert, 'reservaId' | 'rfc' | 'razonSocial' | 'regimenFiscal' | 'codigoPostal' | 'usoCfdi' | 'correo' | 'total' | 'proveedor'>,
): Promise<string | undefined> {
  const rows = await db
    .insert(facturas)
    .values({
      reservaId: f.reservaId,
      rfc: f.rfc,
      razonSocial: f.razonSocial,
      regimenFiscal: f.regimenFiscal,
      codigoPostal: f.codigoPostal,
      usoCfdi: f.usoCfdi,
      correo: f.correo,
      total: f.total,
      proveedor: f.proveedor,
    })
    .onConflictDoNothing({ target: facturas.reservaId })
    .returning({ id: facturas.id });
  return rows[0]?.id;
}

/** The provider refused: the purchase is free to be requested again. */
export async function soltarFactura(db: DbOrTx, id: string): Promise<void> {
  await db.delete(facturas).where(and(eq(facturas.id, id), eq(facturas.estado, 'solicitada')));
}

export async function marcarEmitida(db: DbOrTx, id: string, e: { proveedorId: string; uuidFiscal: string; xml: string; pdf: Buffer }): Promise<FacturaRow> {
  const [row] = await db
    .update(facturas)
    .set({ estado: 'emitida', proveedorId: e.proveedorId, uuidFiscal: e.uuidFiscal, xml: e.xml, pdf: e.pdf, emitidaEn: sql`now()` })
    .where(eq(facturas.id, id))
    .returning(facturaColumns);
  return row!;
}

export async function archivoDeFactura(
  db: DbOrTx,
  reservaId: string,
  formato: 'xml' | 'pdf',
): Promise<{ uuid: string; contenido: string | Buffer } | undefined> {
  const [r] = await db
    .select({ uuid: facturas.uuidFiscal, contenido: formato === 'xml' ? facturas.xml : facturas.pdf })
    .from(facturas)
    .where(and(eq(facturas.reservaId, reservaId), eq(facturas.estado, 'emitida')));
  // An emitted invoice has its UUID, XML and PDF (the table's check facturas_emitida_completa).
  if (!r || r.uuid === null || r.contenido === null) return undefined;
  return { uuid: r.uuid, contenido: r.contenido };
}
