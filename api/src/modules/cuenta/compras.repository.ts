import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';

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

const deDueno = (d: Dueno): SQL =>
  sql`(b.usuario_id = ${d.usuarioId} or b.invitado_id in (select i.id from invitados i where lower(i.correo) = ${d.email}))`;

/** Tickets per event of the caller. */
export async function contarBoletosPorEvento(db: DbOrTx, d: Dueno): Promise<Map<number, number>> {
  const rows = await queryRows<{ evento_id: number; n: number }>(
    db,
    sql`select b.evento_id, count(*)::int as n from boletos b where ${deDueno(d)} group by b.evento_id`,
  );
  return new Map(rows.map((r) => [Number(r.evento_id), Number(r.n)]));
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
  const rows = await queryRows<{
    id: string; quemado_uuid: string; reserva_id: string; precio: number; categoria: string | null;
    bloque: string; seccion: string; fila: string | null; numero: number | null;
  }>(
    db,
    sql`select b.id, b.quemado_uuid, b.reserva_id, b.precio, ce.nombre as categoria, bl.nombre as bloque,
               coalesce(s.nombre_especial, s.nombre) as seccion, f.nombre as fila, ea.numero
          from boletos b
          left join categorias_evento ce on ce.id = b.categoria_evento_id
          left join evento_asientos ea on ea.id = b.evento_asiento_id
          left join filas f on f.id = ea.fila_id
          left join evento_lugares_generales l on l.id = b.lugar_general_id
          join secciones s on s.id = coalesce(ea.seccion_id, l.seccion_id)
          join bloques bl on bl.id = s.bloque_id
         where b.evento_id = ${eventoId} and ${deDueno(d)}
         order by bl.orden, s.orden, f.orden nulls last, ea.numero, l.id, b.id`,
  );
  return rows.map((r) => ({
    id: r.id, quemadoUuid: r.quemado_uuid, reservaId: r.reserva_id, precio: Number(r.precio), categoria: r.categoria,
    bloque: r.bloque, seccion: r.seccion, fila: r.fila, numero: r.numero === null ? null : Number(r.numero),
  }));
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
  const rows = await queryRows<{
    id: string; correo: string | null; subtotal: number | null; descuento: number | null; cargo_servicio: number | null;
    cargo_tarjeta: number | null; iva: number | null; total: number | null; metodo_pago: string | null; meses: number | null;
  }>(
    db,
    sql`select r.id, coalesce(u.email, i.correo) as correo, r.subtotal, r.descuento, r.cargo_servicio, r.cargo_tarjeta, r.iva, r.total,
               c.metodo_pago, (c.detalle->>'meses')::int as meses
          from reservas r left join users u on u.id = r.usuario_id left join invitados i on i.id = r.invitado_id
          left join lateral (select metodo_pago, detalle from cargos where reserva_id = r.id and estado = 'pagado' limit 1) c on true
         where r.id = any(${`{${reservaIds.join(',')}}`}::uuid[]) order by r.created_at, r.id`,
  );
  const n = (v: number | null) => Number(v ?? 0);
  return rows.map((r) => ({
    reservaId: r.id, correo: r.correo ?? '', subtotal: n(r.subtotal), descuento: n(r.descuento), cargoServicio: n(r.cargo_servicio),
    cargoTarjeta: n(r.cargo_tarjeta), iva: n(r.iva), total: n(r.total),
    metodoPago: r.metodo_pago === 'efectivo' || r.metodo_pago === 'spei' ? r.metodo_pago : 'tarjeta', meses: r.meses === null ? null : Number(r.meses),
  }));
}
