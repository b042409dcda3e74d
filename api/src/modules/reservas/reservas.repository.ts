import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { FREE_PLACE } from '../inventory/availability-repository';
import { releaseHold, type ReleasedPlaces } from '../inventory/holds-repository';

export interface EventoReservable {
  id: number;
  mostrarWeb: boolean;
  /** The event has not started yet (judged by the database clock). */
  futuro: boolean;
  limiteDeAsientos: number;
}

export async function findEventoReservable(db: DbOrTx, eventoId: number): Promise<EventoReservable | undefined> {
  const [row] = await queryRows<{ id: number; mostrar_web: boolean; futuro: boolean; limite_de_asientos: number }>(
    db,
    sql`select id, mostrar_web, fecha > now() as futuro, limite_de_asientos from eventos where id = ${eventoId}`,
  );
  return row && { id: row.id, mostrarWeb: row.mostrar_web, futuro: row.futuro, limiteDeAsientos: row.limite_de_asientos };
}

export interface AsientoSolicitado {
  id: number;
  eventoId: number;
  seccionId: number;
  libre: boolean;
}

/**
 * The requested seats with whether each can be held by this buyer: free, or held by the
 * buyer's own live hold on this event (which the new hold replaces).
 */
export async function findAsientos(db: DbOrTx, ids: number[], eventoId: number, compradorKey: string): Promise<AsientoSolicitado[]> {
  const rows = await queryRows<{ id: number; evento_id: number; seccion_id: number; libre: boolean }>(
    db,
    sql`select id, evento_id, seccion_id,
               (${FREE_PLACE} or (estado = 'disponible' and reserva_id = (
                  select r.id from reservas r where r.evento_id = ${eventoId} and r.comprador = ${compradorKey} and r.estado = 'activa'))) as libre
          from evento_asientos where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return rows.map((r) => ({ id: r.id, eventoId: r.evento_id, seccionId: r.seccion_id, libre: r.libre }));
}

/** The event's sale settings of a venue section (undefined when the section is not on this event). */
export async function findSeccionDeEvento(db: DbOrTx, eventoId: number, seccionId: number) {
  const [row] = await queryRows<{ id: number; tipo: string }>(
    db,
    sql`select es.id, s.tipo from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = ${eventoId} and es.seccion_id = ${seccionId}`,
  );
  return row && { eventoSeccionId: row.id, tipo: row.tipo };
}

/** Tickets a buyer already bought for an event: by account, or by guest e-mail (lower-cased). */
export async function countBoletosComprador(db: DbOrTx, eventoId: number, comprador: Comprador): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    comprador.usuarioId
      ? sql`select count(*)::int as n from boletos where evento_id = ${eventoId} and usuario_id = ${comprador.usuarioId}`
      : sql`select count(*)::int as n from boletos b join invitados i on i.id = b.invitado_id where b.evento_id = ${eventoId} and lower(i.correo) = ${comprador.correo}`,
  );
  return Number(row?.n ?? 0);
}

/** A signed-in account, or a guest known by name and e-mail. */
export type Comprador = { usuarioId: string; correo?: undefined; nombre?: undefined } | { usuarioId?: undefined; correo: string; nombre: string };

export function compradorKey(c: Comprador): string {
  return c.usuarioId ? `u:${c.usuarioId}` : `c:${c.correo}`;
}

/**
 * Ends the buyer's live hold on this event, if any (a new hold replaces it). Runs in the new
 * hold's transaction, so if the new one fails the previous hold is untouched.
 */
export async function endPreviousHold(tx: DbOrTx, eventoId: number, key: string): Promise<ReleasedPlaces> {
  const prev = await queryRows<{ id: string }>(
    tx,
    sql`update reservas set estado = case when fecha_expiracion <= now() then 'expirada' else 'cancelada' end, updated_at = now()
         where evento_id = ${eventoId} and comprador = ${key} and estado = 'activa' returning id`,
  );
  const released: ReleasedPlaces = { asientos: [], generales: [] };
  for (const { id } of prev) {
    const r = await releaseHold(tx, id);
    released.asientos.push(...r.asientos);
    released.generales.push(...r.generales);
  }
  return released;
}

export async function insertInvitado(tx: DbOrTx, nombre: string, correo: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tx, sql`insert into invitados (nombre, correo) values (${nombre}, ${correo}) returning id`);
  return row!.id;
}

export interface NuevaReserva {
  id: string;
  eventoId: number;
  usuarioId: string | null;
  invitadoId: string | null;
  comprador: string;
  esGeneral: boolean;
  eventoSeccionId: number | null;
  seccionId: number;
  cantidad: number;
  holdMinutes: number;
}

/** Inserts the reserva and answers its expiry (database clock, so every process agrees). */
export async function insertReserva(tx: DbOrTx, r: NuevaReserva): Promise<Date> {
  const [row] = await queryRows<{ fecha_expiracion: string | Date }>(
    tx,
    sql`insert into reservas (id, evento_id, usuario_id, invitado_id, comprador, es_general, evento_seccion_id, seccion_id, cantidad, fecha_expiracion)
        values (${r.id}, ${r.eventoId}, ${r.usuarioId}, ${r.invitadoId}, ${r.comprador}, ${r.esGeneral}, ${r.eventoSeccionId}, ${r.seccionId}, ${r.cantidad},
                date_trunc('milliseconds', now() + make_interval(secs => ${r.holdMinutes * 60})))
        returning fecha_expiracion`,
  );
  return new Date(row!.fecha_expiracion);
}

export interface ReservaRow {
  id: string;
  eventoId: number;
  usuarioId: string | null;
  estado: 'activa' | 'cancelada' | 'vendida' | 'expirada';
  /** estado 'activa' whose time ran out (the expiry job has not marked it yet). */
  vencida: boolean;
  esGeneral: boolean;
  seccionId: number | null;
  cantidad: number;
  fechaExpiracion: Date;
  ahora: Date;
}

export async function findReserva(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReservaRow | undefined> {
  const [row] = await queryRows<{
    id: string;
    evento_id: number;
    usuario_id: string | null;
    estado: ReservaRow['estado'];
    vencida: boolean;
    es_general: boolean;
    seccion_id: number | null;
    cantidad: number;
    fecha_expiracion: string | Date;
    ahora: string | Date;
  }>(
    db,
    sql`select id, evento_id, usuario_id, estado, (estado = 'activa' and fecha_expiracion <= now()) as vencida, es_general, seccion_id, cantidad,
               fecha_expiracion, now() as ahora
          from reservas where id = ${id} ${opts.forUpdate ? sql`for update` : sql``}`,
  );
  return (
    row && {
      id: row.id,
      eventoId: row.evento_id,
      usuarioId: row.usuario_id,
      estado: row.estado,
      vencida: row.vencida,
      esGeneral: row.es_general,
      seccionId: row.seccion_id,
      cantidad: row.cantidad,
      fechaExpiracion: new Date(row.fecha_expiracion),
      ahora: new Date(row.ahora),
    }
  );
}

export async function setEstadoReserva(tx: DbOrTx, id: string, estado: 'cancelada' | 'expirada'): Promise<void> {
  await tx.execute(sql`update reservas set estado = ${estado}, updated_at = now() where id = ${id}`);
}

/** Seats still held (or sold) by a reserva, in layout order. */
export async function listAsientosReserva(db: DbOrTx, reservaId: string) {
  const rows = await queryRows<{ id: number; numero: number; fila: string; categoria: string; precio: number }>(
    db,
    sql`select ea.id, ea.numero, f.nombre as fila, ce.nombre as categoria, ea.precio
          from evento_asientos ea join filas f on f.id = ea.fila_id join categorias_evento ce on ce.id = ea.categoria_evento_id
         where ea.reserva_id = ${reservaId}
         order by f.orden, f.id, ea.numero`,
  );
  return rows.map((r) => ({ id: r.id, numero: r.numero, fila: r.fila, categoria: r.categoria, precio: Number(r.precio) }));
}

/**
 * One batch of the expiry job: live holds whose time ran out become 'expirada' and give their
 * places back. SKIP LOCKED lets every API process run it at once without waiting on each other;
 * a hold being cancelled or sold right now is left to that transaction.
 */
export async function expireDueHolds(tx: DbOrTx, batch: number) {
  const rows = await queryRows<{ kind: 'asiento' | 'general' | 'total'; evento_id: number; seccion_id: number; n: number }>(
    tx,
    sql`with due as (
          update reservas set estado = 'expirada', updated_at = now()
           where id in (select id from reservas where estado = 'activa' and fecha_expiracion <= now()
                         order by fecha_expiracion limit ${batch} for update skip locked)
          returning id),
        seats as (
          update evento_asientos ea set reserva_id = null, hold_expires_at = null
            from due where ea.reserva_id = due.id and ea.estado = 'disponible'
          returning ea.evento_id, ea.seccion_id, ea.id),
        places as (
          update evento_lugares_generales l set reserva_id = null, hold_expires_at = null
            from due where l.reserva_id = due.id and l.estado = 'disponible'
          returning l.evento_id, l.seccion_id)
        select 'asiento' as kind, evento_id, seccion_id, id as n from seats
        union all
        select distinct 'general', evento_id, seccion_id, 0 from places
        union all
        select 'total', 0, 0, count(*)::int from due`,
  );
  const asientos = new Map<number, { id: number; seccionId: number; estado: 'disponible' }[]>();
  const generales = new Map<number, number[]>();
  let expired = 0;
  for (const r of rows) {
    if (r.kind === 'total') expired = Number(r.n);
    else if (r.kind === 'asiento') {
      const list = asientos.get(r.evento_id) ?? [];
      list.push({ id: Number(r.n), seccionId: r.seccion_id, estado: 'disponible' });
      asientos.set(r.evento_id, list);
    } else generales.set(r.evento_id, [...(generales.get(r.evento_id) ?? []), r.seccion_id]);
  }
  return { expired, asientos, generales };
}
