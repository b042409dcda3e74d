import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { TotalesCompra } from './conceptos';

/** Whose purchases: a verified account (its own and guest ones made with its e-mail, as Mis compras shows) or one guest. */
export type Propietario = { usuarioId: string; email: string; invitadoId?: undefined } | { invitadoId: string; usuarioId?: undefined };

const dePropietario = (p: Propietario): SQL =>
  p.usuarioId !== undefined
    ? sql`(r.usuario_id = ${p.usuarioId} or (r.usuario_id is null and lower(i.correo) = ${p.email}))`
    : sql`(r.usuario_id is null and r.invitado_id = ${p.invitadoId})`;

export interface CompraRow extends TotalesCompra {
  reservaId: string;
  eventoId: number;
  eventoNombre: string;
  estado: string;
  correo: string;
  ivaBps: number;
  /** When its tickets were issued (the sale); null if it has none. */
  pagadoEn: Date | null;
  /** metodo_pago of its paid charge; null when no charge of it is paid (any more). */
  metodoPago: string | null;
  reembolsada: boolean;
}

type Raw = {
  id: string;
  evento_id: number;
  evento_nombre: string;
  estado: string;
  correo: string | null;
  iva_bps: number;
  subtotal: number | null;
  descuento: number | null;
  cargo_servicio: number | null;
  cargo_tarjeta: number | null;
  iva: number | null;
  total: number | null;
  pagado_en: Date | string | null;
  metodo_pago: string | null;
  reembolsada: boolean;
};

const select = sql`select r.id, r.evento_id, e.nombre as evento_nombre, r.estado, coalesce(u.email, i.correo) as correo, e.iva_rate_bps as iva_bps,
       r.subtotal, r.descuento, r.cargo_servicio, r.cargo_tarjeta, r.iva, r.total,
       (select min(b.created_at) from boletos b where b.reserva_id = r.id) as pagado_en,
       (select c.metodo_pago from cargos c where c.reserva_id = r.id and c.estado = 'pagado' order by c.created_at limit 1) as metodo_pago,
       exists (select 1 from cargos c where c.reserva_id = r.id and c.estado = 'reembolsado') as reembolsada
  from reservas r join eventos e on e.id = r.evento_id left join users u on u.id = r.usuario_id left join invitados i on i.id = r.invitado_id`;

const n = (v: number | null) => Number(v ?? 0);
const toRow = (r: Raw): CompraRow => ({
  reservaId: r.id,
  eventoId: Number(r.evento_id),
  eventoNombre: r.evento_nombre,
  estado: r.estado,
  correo: r.correo ?? '',
  ivaBps: Number(r.iva_bps),
  subtotal: n(r.subtotal),
  descuento: n(r.descuento),
  cargoServicio: n(r.cargo_servicio),
  cargoTarjeta: n(r.cargo_tarjeta),
  iva: n(r.iva),
  total: n(r.total),
  pagadoEn: r.pagado_en === null ? null : new Date(r.pagado_en),
  metodoPago: r.metodo_pago,
  reembolsada: Boolean(r.reembolsada),
});

/** One purchase of the owner (undefined when it is not theirs, or does not exist). */
export async function findCompra(db: DbOrTx, reservaId: string, p: Propietario): Promise<CompraRow | undefined> {
  const rows = await queryRows<Raw>(db, sql`${select} where r.id = ${reservaId} and ${dePropietario(p)}`);
  return rows[0] && toRow(rows[0]);
}

/** The owner's sold purchases of one event (those with tickets; a refunded one says so), oldest first. */
export async function listComprasDeEvento(db: DbOrTx, eventoId: number, p: Propietario): Promise<CompraRow[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`${select} where r.evento_id = ${eventoId} and ${dePropietario(p)} and r.estado = 'vendida' order by r.created_at, r.id`,
  );
  return rows.map(toRow);
}

/** The purchase's tickets grouped as invoice lines: section (and category), price. */
export async function lineasDeCompra(
  db: DbOrTx,
  reservaId: string,
): Promise<Array<{ seccion: string; categoria: string | null; precio: number; cantidad: number }>> {
  const rows = await queryRows<{ seccion: string; categoria: string | null; precio: number; cantidad: number }>(
    db,
    sql`select coalesce(s.nombre_especial, s.nombre) as seccion, ce.nombre as categoria, b.precio, count(*)::int as cantidad
          from boletos b
          left join categorias_evento ce on ce.id = b.categoria_evento_id
          left join evento_asientos ea on ea.id = b.evento_asiento_id
          left join evento_lugares_generales l on l.id = b.lugar_general_id
          join secciones s on s.id = coalesce(ea.seccion_id, l.seccion_id)
         where b.reserva_id = ${reservaId}
         group by 1, 2, 3 order by 1, 2, 3`,
  );
  return rows.map((r) => ({ seccion: r.seccion, categoria: r.categoria, precio: Number(r.precio), cantidad: Number(r.cantidad) }));
}

export interface FacturaRow {
  id: string;
  reservaId: string;
  estado: 'solicitada' | 'emitida';
  rfc: string;
  razonSocial: string;
  regimenFiscal: string;
  codigoPostal: string;
  usoCfdi: string;
  correo: string;
  total: number;
  uuidFiscal: string | null;
  emitidaEn: Date | null;
}

type FacturaRaw = {
  id: string;
  reserva_id: string;
  estado: FacturaRow['estado'];
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  codigo_postal: string;
  uso_cfdi: string;
  correo: string;
  total: number;
  uuid_fiscal: string | null;
  emitida_en: Date | string | null;
};
const toFactura = (r: FacturaRaw): FacturaRow => ({
  id: r.id,
  reservaId: r.reserva_id,
  estado: r.estado,
  rfc: r.rfc,
  razonSocial: r.razon_social,
  regimenFiscal: r.regimen_fiscal,
  codigoPostal: r.codigo_postal,
  usoCfdi: r.uso_cfdi,
  correo: r.correo,
  total: Number(r.total),
  uuidFiscal: r.uuid_fiscal,
  emitidaEn: r.emitida_en === null ? null : new Date(r.emitida_en),
});
const facturaCols = sql`id, reserva_id, estado, rfc, razon_social, regimen_fiscal, codigo_postal, uso_cfdi, correo, total, uuid_fiscal, emitida_en`;

export async function facturasDe(db: DbOrTx, reservaIds: string[]): Promise<Map<string, FacturaRow>> {
  if (reservaIds.length === 0) return new Map();
  const rows = await queryRows<FacturaRaw>(db, sql`select ${facturaCols} from facturas where reserva_id = any(${`{${reservaIds.join(',')}}`}::uuid[])`);
  return new Map(rows.map((r) => [r.reserva_id, toFactura(r)]));
}

/**
 * Claims the purchase for one invoice: the unique index on reserva_id lets exactly one of
 * any number of concurrent requests insert; the others get undefined.
 */
export async function reservarFactura(
  db: DbOrTx,
  f: {
    reservaId: string;
    rfc: string;
    razonSocial: string;
    regimenFiscal: string;
    codigoPostal: string;
    usoCfdi: string;
    correo: string;
    total: number;
    proveedor: string;
  },
): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into facturas (reserva_id, rfc, razon_social, regimen_fiscal, codigo_postal, uso_cfdi, correo, total, proveedor)
        values (${f.reservaId}, ${f.rfc}, ${f.razonSocial}, ${f.regimenFiscal}, ${f.codigoPostal}, ${f.usoCfdi}, ${f.correo}, ${f.total}, ${f.proveedor})
        on conflict (reserva_id) do nothing returning id`,
  );
  return rows[0]?.id;
}

/** The provider refused: the purchase is free to be requested again. */
export async function soltarFactura(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`delete from facturas where id = ${id} and estado = 'solicitada'`);
}

export async function marcarEmitida(db: DbOrTx, id: string, e: { proveedorId: string; uuidFiscal: string; xml: string; pdf: Buffer }): Promise<FacturaRow> {
  const rows = await queryRows<FacturaRaw>(
    db,
    sql`update facturas set estado = 'emitida', proveedor_id = ${e.proveedorId}, uuid_fiscal = ${e.uuidFiscal}, xml = ${e.xml}, pdf = ${e.pdf}, emitida_en = now()
         where id = ${id} returning ${facturaCols}`,
  );
  return toFactura(rows[0]!);
}

export async function archivoDeFactura(
  db: DbOrTx,
  reservaId: string,
  formato: 'xml' | 'pdf',
): Promise<{ uuid: string; contenido: string | Buffer } | undefined> {
  const rows = await queryRows<{ uuid_fiscal: string; contenido: string | Buffer | Uint8Array }>(
    db,
    formato === 'xml'
      ? sql`select uuid_fiscal, xml as contenido from facturas where reserva_id = ${reservaId} and estado = 'emitida'`
      : sql`select uuid_fiscal, pdf as contenido from facturas where reserva_id = ${reservaId} and estado = 'emitida'`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return { uuid: r.uuid_fiscal, contenido: typeof r.contenido === 'string' ? r.contenido : Buffer.from(r.contenido) };
}
