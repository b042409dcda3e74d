import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';

/**
 * The places a hold takes and gives back (apartados): the hold statements (reservar_lugares_cliente,
 * mejores_lugares_cliente), the release of a hold without a sale and the expiry job's batch. The
 * reads of a reserva are in reservas.repository.ts.
 */

/** Places a hold gave back: seats by section, and the general sections that got places back. */
export interface ReleasedPlaces {
  asientos: { id: number; seccionId: number }[];
  generales: number[];
}

/**
 * Ends a hold without a sale (cancel / replace / expiry): its places are free again at once.
 * Only places still pointing at this reserva are touched — an expired hold's seats may already
 * belong to another buyer's hold.
 */
export async function releaseHold(tx: DbOrTx, reservaId: string): Promise<ReleasedPlaces> {
  const asientos = await tx
    .update(eventoAsientos)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(eventoAsientos.reservaId, reservaId), eq(eventoAsientos.estado, 'disponible')))
    .returning({ id: eventoAsientos.id, seccionId: eventoAsientos.seccionId });
  const generales = await tx
    .update(eventoLugaresGenerales)
    .set({ reservaId: null, holdExpiresAt: null })
    .where(and(eq(eventoLugaresGenerales.reservaId, reservaId), eq(eventoLugaresGenerales.estado, 'disponible')))
    .returning({ seccionId: eventoLugaresGenerales.seccionId });
  return { asientos, generales: [...new Set(generales.map((r) => r.seccionId))] };
}

/** A signed-in account, or a guest known by name and e-mail (stored lower-cased). */
export type Comprador = { usuarioId: string; correo?: undefined; nombre?: undefined } | { usuarioId?: undefined; correo: string; nombre: string };

/**
 * Who a hold counts against, one live hold each per event: 'u:<account id>', or for a guest
 * 'c:<e-mail>#<hold token hash>' — the e-mail in the browser that made the hold, so the same
 * e-mail from another browser makes a hold of its own and never ends this one (decision 0018).
 * Holds the API makes for itself (the seed) have no browser: 'c:<e-mail>'.
 */
function compradorKey(c: Comprador, dispositivo?: string): string {
  if (c.usuarioId) return `u:${c.usuarioId}`;
  return dispositivo ? `c:${c.correo}#${dispositivo}` : `c:${c.correo}`;
}

/**
 * The client behind a hold (decision 0018): its address and its hold token's hash, recorded on
 * the reserva, and the caps on the places it holds at once on the event without an account
 * (0 = no cap).
 */
export interface ClienteReserva {
  ip: string;
  dispositivo: string;
  maxIp: number;
  maxDispositivo: number;
}

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export interface NuevaReserva {
  id: string;
  eventoId: number;
  comprador: Comprador;
  /** Seats to hold; null for general admission. */
  asientoIds: number[] | null;
  /** General admission: the section (secciones.id) to claim from; null for seats. */
  seccionId: number | null;
  cantidad: number;
  holdMinutes: number;
  /** The requesting client; absent for holds the API makes itself (the seed): nothing recorded or capped. */
  cliente?: ClienteReserva;
}

export interface HoldResult {
  fechaExpiracion: Date;
  /** The section of the held places. */
  seccionId: number;
  /** What the buyer's replaced hold gave back. */
  asientosLiberados: number[];
  generalesLiberadas: number[];
}

/**
 * A refusal of reservar_lugares_cliente: a domain code and its figures (limits). Refusals found before
 * anything is written are answered; a place lost to a concurrent hold afterwards is raised
 * (SQLSTATE TQ409, message = code) so the call's writes are undone.
 */
export interface HoldRefusal {
  code: string;
  detail: number[];
  /** The raw detalle (ASIENTO_SOLO: '<seat id>,<row>-<number>'). */
  text?: string;
}

export function holdRefusal(err: unknown): HoldRefusal | null {
  const e = err as { code?: unknown; message?: unknown; detail?: unknown; cause?: { code?: unknown; message?: unknown; detail?: unknown } };
  const source = typeof e?.code === 'string' ? e : e?.cause;
  if (typeof source?.code !== 'string' || !/^TQ\d{3}$/.test(source.code) || typeof source.message !== 'string') return null;
  const detail = typeof source.detail === 'string' ? source.detail.split(',').map(Number) : [];
  return { code: source.message, detail };
}

/** The parameters every hold statement takes: the new hold, its buyer, its life and its client's caps. */
function buyerParams(r: Pick<NuevaReserva, 'id' | 'eventoId' | 'comprador' | 'cliente' | 'holdMinutes'>) {
  const c = r.comprador;
  return {
    reserva: r.id,
    evento: r.eventoId,
    usuario: c.usuarioId ?? null,
    nombre: c.nombre ?? null,
    correo: c.correo ?? null,
    comprador: compradorKey(c, r.cliente?.dispositivo),
    segundos: r.holdMinutes * 60,
    ip: r.cliente?.ip ?? null,
    dispositivo: r.cliente?.dispositivo ?? null,
    maxIp: r.cliente?.maxIp ?? 0,
    maxDispositivo: r.cliente?.maxDispositivo ?? 0,
  };
}

/**
 * The hold, checks included, in one statement (function reservar_lugares_cliente,
 * src/db/functions/reservar_lugares_cliente.sql): checks event, limits, the client's live places and the places asked
 * for, replaces the buyer's live hold, records guest, reserva and client and takes the places
 * all or nothing. Answers the result or the refusal; a late loss throws (see holdRefusal).
 */
export async function holdPlaces(db: DbOrTx, r: NuevaReserva): Promise<HoldResult | { refusal: HoldRefusal }> {
  const [row] = await holdStatement(db).execute({
    ...buyerParams(r),
    seccion: r.seccionId,
    asientos: r.asientoIds ? intArray(r.asientoIds) : null,
    cantidad: r.cantidad,
  });
  if (row!.rechazo) return { refusal: refusalOf(row!.rechazo, row!.detalle) };
  return {
    fechaExpiracion: new Date(row!.fecha),
    seccionId: row!.seccionId,
    asientosLiberados: intList(row!.asientosLiberados),
    generalesLiberadas: intList(row!.generalesLiberadas),
  };
}

function refusalOf(code: string, detalle: string | null): HoldRefusal {
  return { code, detail: detalle ? detalle.split(',').map(Number) : [], text: detalle ?? undefined };
}

const p = (name: string) => sql.placeholder(name);

/**
 * reservar_lugares_cliente as a named prepared statement, one per database handle: PostgreSQL
 * parses and plans the call once per connection instead of on every hold.
 */
function prepareHold(db: DbOrTx) {
  return db
    .select({
      fecha: sql<string | Date>`fecha`,
      seccionId: sql<number>`seccion_id`,
      asientosLiberados: sql<number[] | string>`asientos_liberados`,
      generalesLiberadas: sql<number[] | string>`generales_liberadas`,
      rechazo: sql<string | null>`rechazo`,
      detalle: sql<string | null>`detalle`,
    })
    .from(
      sql`reservar_lugares_cliente(${p('reserva')}::uuid, ${p('evento')}::int, ${p('usuario')}::uuid, ${p('nombre')}::text, ${p('correo')}::text,
          ${p('comprador')}::text, ${p('seccion')}::int, ${p('asientos')}::int[], ${p('cantidad')}::int, ${p('segundos')}::float8,
          ${p('ip')}::text, ${p('dispositivo')}::text, ${p('maxIp')}::int, ${p('maxDispositivo')}::int)`,
    )
    .prepare('reservar_lugares_cliente');
}

const holdStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareHold>>();

function holdStatement(db: DbOrTx) {
  let statement = holdStatements.get(db);
  if (!statement) holdStatements.set(db, (statement = prepareHold(db)));
  return statement;
}

/** An int[] as the drivers answer it (node-postgres parses it; PGlite may give the '{1,2}' text). */
function intList(value: number[] | string | null | undefined): number[] {
  if (value === undefined) return [];
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/**
 * One batch of the expiry job: live holds whose time ran out become 'expirada' and give their
 * places back. SKIP LOCKED lets every API process run it at once without waiting on each other;
 * a hold being cancelled or sold right now is left to that transaction.
 */
export async function expireDueHolds(db: DbOrTx, batch: number) {
  type Lugar = typeof eventoLugaresGenerales.$inferSelect;
  const rows = await queryRows<{ kind: 'asiento' | 'general' | 'total'; eventoId: Lugar['eventoId']; seccionId: Lugar['seccionId']; n: number }>(
    db,
    sql`with due as (
          update reservas set estado = 'expirada', updated_at = now()
           where id in (select id from reservas where estado = 'activa' and fecha_expiracion <= now()
                         order by fecha_expiracion limit ${batch} for update skip locked)
          returning id),
        seats as (
          update evento_asientos ea set reserva_id = null, hold_expires_at = null
            from due where ea.reserva_id = due.id and ea.estado = 'disponible'
          returning ea.id),
        places as (
          update evento_lugares_generales l set reserva_id = null, hold_expires_at = null
            from due where l.reserva_id = due.id and l.estado = 'disponible'
          returning l.evento_id, l.seccion_id)
        select 'asiento' as kind, 0 as "eventoId", 0 as "seccionId", id as n from seats
        union all
        select distinct 'general', evento_id, seccion_id, 0 from places
        union all
        select 'total', 0, 0, count(*)::int from due`,
  );
  return {
    expired: Number(rows.find((r) => r.kind === 'total')?.n ?? 0),
    asientos: rows.filter((r) => r.kind === 'asiento').map((r) => Number(r.n)),
    generales: rows.filter((r) => r.kind === 'general').map(({ eventoId, seccionId }) => ({ eventoId, seccionId })),
  };
}

export interface PedidoMejores {
  id: string;
  eventoId: number;
  comprador: Comprador;
  /** The price category's name (categorias_evento.nombre, one per event). */
  categoria: string;
  /** Only this section (secciones.id), or every section of the event. */
  seccionId: number | null;
  cantidad: number;
  /** Hold the proposed split when no block of `cantidad` is left. */
  separados: boolean;
  sillaDeRuedas: boolean;
  holdMinutes: number;
  cliente?: ClienteReserva;
}

export type MejoresResult =
  | ({ reservado: true; asientos: number[] } & HoldResult)
  | { reservado: false; seccionId: number; asientos: number[] }
  | { refusal: HoldRefusal };

/**
 * Best available in one statement (function mejores_lugares_cliente, src/db/functions): picks the
 * best block of adjacent seats of the category and holds it through reservar_lugares_cliente
 * (every hold rule, the buyer's previous hold replaced), or proposes the best split.
 */
export async function holdBest(db: DbOrTx, r: PedidoMejores): Promise<MejoresResult> {
  const [row] = await bestStatement(db).execute({
    ...buyerParams(r),
    categoria: r.categoria,
    seccion: r.seccionId,
    cantidad: r.cantidad,
    separados: r.separados,
    silla: r.sillaDeRuedas,
  });
  if (row!.rechazo) return { refusal: refusalOf(row!.rechazo, row!.detalle) };
  const asientos = intList(row!.asientos);
  if (row!.propuesta) return { reservado: false, seccionId: row!.seccionId, asientos };
  return {
    reservado: true,
    asientos,
    fechaExpiracion: new Date(row!.fecha!),
    seccionId: row!.seccionId,
    asientosLiberados: intList(row!.asientosLiberados),
    generalesLiberadas: intList(row!.generalesLiberadas),
  };
}

function prepareBest(db: DbOrTx) {
  return db
    .select({
      fecha: sql<string | Date | null>`fecha`,
      seccionId: sql<number>`seccion_id`,
      asientosLiberados: sql<number[] | string | null>`asientos_liberados`,
      generalesLiberadas: sql<number[] | string | null>`generales_liberadas`,
      rechazo: sql<string | null>`rechazo`,
      detalle: sql<string | null>`detalle`,
      asientos: sql<number[] | string | null>`asientos`,
      propuesta: sql<boolean>`propuesta`,
    })
    .from(
      sql`mejores_lugares_cliente(${p('reserva')}::uuid, ${p('evento')}::int, ${p('usuario')}::uuid, ${p('nombre')}::text, ${p('correo')}::text,
          ${p('comprador')}::text, ${p('categoria')}::text, ${p('seccion')}::int, ${p('cantidad')}::int, ${p('separados')}::boolean, ${p('silla')}::boolean,
          ${p('segundos')}::float8, ${p('ip')}::text, ${p('dispositivo')}::text, ${p('maxIp')}::int, ${p('maxDispositivo')}::int)`,
    )
    .prepare('mejores_lugares_cliente');
}

const bestStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareBest>>();

function bestStatement(db: DbOrTx) {
  let statement = bestStatements.get(db);
  if (!statement) bestStatements.set(db, (statement = prepareBest(db)));
  return statement;
}
