import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { DomainError } from '../../lib/errors';

/** A waiting room as stored (salas_espera). */
export interface Sala {
  eventoId: number;
  inicio: Date;
  ritmoPorMinuto: number | null;
  pausada: boolean;
  agotadoEn: Date | null;
  sorteada: boolean;
  admitidosHasta: number;
}

type EstadoLugar = 'esperando' | 'admitido' | 'usado' | 'expirado' | 'agotado';

export interface Lugar {
  id: number;
  numero: number | null;
  estado: EstadoLugar;
  paseExpiraEn: Date | null;
}

interface SalaRow {
  evento_id: number;
  inicio: Date | string;
  ritmo_por_minuto: number | null;
  pausada: boolean;
  agotado_en: Date | string | null;
  sorteada: boolean;
  admitidos_hasta: string | number;
}

const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function toSala(r: SalaRow): Sala {
  return {
    eventoId: Number(r.evento_id),
    inicio: date(r.inicio)!,
    ritmoPorMinuto: r.ritmo_por_minuto === null ? null : Number(r.ritmo_por_minuto),
    pausada: r.pausada,
    agotadoEn: date(r.agotado_en),
    sorteada: r.sorteada,
    admitidosHasta: Number(r.admitidos_hasta),
  };
}

export async function findSala(db: DbOrTx, eventoId: number): Promise<Sala | null> {
  const [row] = await queryRows<SalaRow>(db, sql`select * from salas_espera where evento_id = ${eventoId}`);
  return row ? toSala(row) : null;
}

/** A room and, in automatic mode, its admissions in the last 5 minutes (the observed rate, for the estimate). */
export interface SalaVista {
  sala: Sala;
  recientes: number;
}

/** The room as the state answers need it, in one statement. */
export async function findSalaVista(db: DbOrTx, eventoId: number): Promise<SalaVista | null> {
  const [row] = await queryRows<SalaRow & { recientes: number | null }>(
    db,
    sql`select s.*, case when s.ritmo_por_minuto is null then
               (select count(*)::int from sala_espera_lugares l where l.evento_id = s.evento_id and l.admitido_en > now() - interval '5 minutes') end as recientes
          from salas_espera s where s.evento_id = ${eventoId}`,
  );
  return row ? { sala: toSala(row), recientes: Number(row.recientes ?? 0) } : null;
}

export async function findLugar(db: DbOrTx, eventoId: number, navegador: string): Promise<Lugar | null> {
  const [row] = await queryRows<{ id: string | number; numero: string | number | null; estado: EstadoLugar; pase_expira_en: Date | string | null }>(
    db,
    sql`select id, numero, estado, pase_expira_en from sala_espera_lugares where evento_id = ${eventoId} and navegador = ${navegador}`,
  );
  return row
    ? { id: Number(row.id), numero: row.numero === null ? null : Number(row.numero), estado: row.estado, paseExpiraEn: date(row.pase_expira_en) }
    : null;
}

export type JoinResult = { lugar: Lugar; sala: Sala } | { refusal: 'RETO_USADO' | 'TOPE_IP' | 'SIN_SALA' };

/** The per-event sequence that numbers the line after the draw (lock-free: joins never wait on one another). */
const numberSequence = (eventoId: number) => sql.raw(`sala_espera_numero_${Math.trunc(eventoId)}`);

/**
 * Gives the browser its place, in one statement (`sala_espera_unirse`, migration 0022): before
 * the draw the place has no number (the admission job draws them at the start); after it, the
 * next number of the event's sequence. The per-address cap is counted under a transaction lock on
 * that address, and a spent challenge or a second place for the same browser is refused by the
 * unique indexes. A browser that already has a place gets it back. Nothing locks the room's row:
 * 20,000 joins in a minute never queue behind one another. Answers the room too (as read by the join).
 */
export async function joinLine(db: DbOrTx, p: { eventoId: number; navegador: string; ip: string; reto: string; maxPorIp: number }): Promise<JoinResult> {
  const [r] = await queryRows<
    Omit<SalaRow, 'evento_id'> & {
      rechazo: 'RETO_USADO' | 'TOPE_IP' | 'SIN_SALA' | null;
      lugar_id: string | number | null;
      numero: string | number | null;
      estado: EstadoLugar | null;
      pase_expira_en: Date | string | null;
    }
  >(db, sql`select * from sala_espera_unirse(${p.eventoId}, ${p.navegador}, ${p.ip}, ${p.reto}, ${p.maxPorIp})`);
  if (!r || r.rechazo) return { refusal: r?.rechazo ?? 'SIN_SALA' };
  return {
    lugar: { id: Number(r.lugar_id), numero: r.numero === null ? null : Number(r.numero), estado: r.estado!, paseExpiraEn: date(r.pase_expira_en) },
    sala: toSala({ ...r, evento_id: p.eventoId }),
  };
}

/**
 * A pass is good when its place is admitted (or used by a hold) and not past its expiry. With
 * `extendTo` (a hold is being made with it), it becomes 'usado' and lives at least that long.
 */
export async function checkPass(db: DbOrTx, eventoId: number, lugarId: number, navegador: string, extendToMinutes?: number): Promise<boolean> {
  const rows = extendToMinutes
    ? await queryRows<{ id: string }>(
        db,
        sql`update sala_espera_lugares
               set estado = 'usado', pase_expira_en = greatest(pase_expira_en, now() + make_interval(secs => ${Math.round(extendToMinutes * 60)}))
             where id = ${lugarId} and evento_id = ${eventoId} and navegador = ${navegador}
               and estado in ('admitido', 'usado') and pase_expira_en > now()
         returning id`,
      )
    : await queryRows<{ id: string }>(
        db,
        sql`select id from sala_espera_lugares
             where id = ${lugarId} and evento_id = ${eventoId} and navegador = ${navegador}
               and estado in ('admitido', 'usado') and pase_expira_en > now()`,
      );
  return rows.length > 0;
}

/** The event a hold belongs to (checkout of a queued event needs that event's pass). */
export async function eventoDeReserva(db: DbOrTx, reservaId: string): Promise<number | null> {
  const [row] = await queryRows<{ evento_id: number }>(db, sql`select evento_id from reservas where id = ${reservaId}`);
  return row ? Number(row.evento_id) : null;
}

/** Free places of the event: numbered and general, on sale, with no live hold. */
async function freePlaces(tx: DbOrTx, eventoId: number): Promise<number> {
  const [r] = await queryRows<{ libres: number }>(
    tx,
    sql`select
          (select count(*) from evento_asientos where evento_id = ${eventoId} and estado = 'disponible' and (hold_expires_at is null or hold_expires_at <= now()))
        + (select count(*) from evento_lugares_generales where evento_id = ${eventoId} and estado = 'disponible' and (hold_expires_at is null or hold_expires_at <= now())) as libres`,
  );
  return Number(r!.libres);
}

/** What one admission tick did on one event (for logs and tests). */
export interface TickResult {
  eventoId: number;
  sorteados: number;
  admitidos: number;
  expirados: number;
  agotados: number;
}

/** Most buyers let in by one tick of one event in automatic mode (a burst the database can take). */
const MAX_AUTOMATICO_POR_TICK = 200;

/**
 * One admission step for one event, run by one process at a time (a transaction-scoped advisory
 * lock per event; a process that finds it taken skips the event this tick):
 * 1. at the start, the places taken before it get a random order (one UPDATE, row_number over random());
 * 2. passes past their expiry end; each one that was never used gives its turn to the next in line;
 * 3. sold out (no free place: all sold or held): everybody still waiting is told 'agotado', keeping their
 *    number, and waits again if places come back (a hold expires or is cancelled);
 * 4. otherwise the rate's credit for the time since the last tick (or, automatic, the free places
 *    not yet covered by live passes) admits the next numbers in line.
 */
export async function tickSala(db: Db, eventoId: number, paseMinutos: number): Promise<TickResult | null> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(7461, ${eventoId}) as ok`);
    if (!locked?.ok) return null;
    // clock_timestamp(), not now(): this transaction may have begun before another process's tick committed.
    const [row] = await queryRows<SalaRow & { credito: number; ultimo_tick: Date | string | null; ahora: Date | string; empezada: boolean }>(
      tx,
      sql`select *, clock_timestamp() as ahora, clock_timestamp() >= inicio as empezada from salas_espera where evento_id = ${eventoId} for update`,
    );
    if (!row?.empezada) return null;
    const out: TickResult = { eventoId, sorteados: 0, admitidos: 0, expirados: 0, agotados: 0 };
    if (!row.sorteada) {
      // The draw: everybody who joined before the start, in a random order, numbered 1..n; the sequence goes on from n.
      const drawn = await queryRows<{ n: string | number }>(
        tx,
        sql`with sorteo as (
              select id, row_number() over (order by random()) as n
                from sala_espera_lugares where evento_id = ${eventoId} and numero is null
            )
            update sala_espera_lugares l set numero = sorteo.n from sorteo where l.id = sorteo.id returning sorteo.n`,
      );
      out.sorteados = drawn.length;
      await tx.execute(sql`select setval('${numberSequence(eventoId)}', ${Math.max(1, drawn.length)}::bigint, ${drawn.length > 0}::boolean)`);
    } else {
      // A join that read the room just before the draw committed its place without a number: it gets the next ones.
      const late = await queryRows<{ id: string }>(
        tx,
        sql`update sala_espera_lugares set numero = nextval('${numberSequence(eventoId)}') where evento_id = ${eventoId} and estado = 'esperando' and numero is null returning id`,
      );
      out.sorteados = late.length;
    }
    // Passes past their expiry: an unused one ('admitido', never taken to a hold) gives its turn to the next in line.
    const unused = await queryRows<{ id: string }>(
      tx,
      sql`update sala_espera_lugares set estado = 'expirado' where evento_id = ${eventoId} and estado = 'admitido' and pase_expira_en <= now() returning id`,
    );
    const used = await queryRows<{ id: string }>(
      tx,
      sql`update sala_espera_lugares set estado = 'expirado' where evento_id = ${eventoId} and estado = 'usado' and pase_expira_en <= now() returning id`,
    );
    out.expirados = unused.length + used.length;
    const unusedExpired = unused.length;
    const libres = await freePlaces(tx, eventoId);
    const ahora = date(row.ahora)!;
    const last = date(row.ultimo_tick) ?? date(row.inicio)!;
    let credito = Number(row.credito);
    let agotadoEn: Date | null = date(row.agotado_en);
    let admitir = 0;
    if (libres === 0) {
      // Nothing left to sell now (every place sold or under a hold): everybody still waiting is told, keeping their number.
      const told = await queryRows<{ id: string }>(
        tx,
        sql`update sala_espera_lugares set estado = 'agotado' where evento_id = ${eventoId} and estado = 'esperando' returning id`,
      );
      out.agotados = told.length;
      agotadoEn ??= ahora;
      credito = 0;
    } else {
      if (agotadoEn) {
        // Places came back (holds expired or were cancelled): those told 'agotado' wait again with the number they had.
        await tx.execute(sql`update sala_espera_lugares set estado = 'esperando' where evento_id = ${eventoId} and estado = 'agotado'`);
        agotadoEn = null;
      }
      if (row.pausada) {
        // Paused: nobody is let in and no credit builds up.
      } else if (row.ritmo_por_minuto === null) {
        const [live] = await queryRows<{ vivos: number }>(
          tx,
          sql`select count(*)::int as vivos from sala_espera_lugares where evento_id = ${eventoId} and estado in ('admitido', 'usado') and pase_expira_en > now()`,
        );
        admitir = Math.min(MAX_AUTOMATICO_POR_TICK, Math.max(0, libres - Number(live!.vivos)));
        credito = 0;
      } else {
        credito += (Number(row.ritmo_por_minuto) * Math.max(0, ahora.getTime() - last.getTime())) / 60_000 + unusedExpired;
        admitir = Math.floor(credito);
      }
    }
    let admitidosHasta = Number(row.admitidos_hasta);
    if (admitir > 0) {
      const admitted = await queryRows<{ numero: string | number }>(
        tx,
        sql`update sala_espera_lugares l set estado = 'admitido', admitido_en = now(), pase_expira_en = now() + make_interval(secs => ${Math.round(paseMinutos * 60)})
             where l.id in (select id from sala_espera_lugares where evento_id = ${eventoId} and estado = 'esperando' and numero is not null order by numero limit ${admitir})
         returning l.numero`,
      );
      out.admitidos = admitted.length;
      for (const a of admitted) admitidosHasta = Math.max(admitidosHasta, Number(a.numero));
      if (row.ritmo_por_minuto !== null) credito -= admitted.length;
      // Nobody left to let in: the unspent credit is not saved up for a burst later (at most one buyer's worth).
      if (admitted.length < admitir) credito = Math.min(credito, 1);
    }
    await tx.execute(
      sql`update salas_espera set sorteada = true, admitidos_hasta = ${admitidosHasta}, credito = ${credito},
                 ultimo_tick = ${ahora.toISOString()}, agotado_en = ${agotadoEn ? agotadoEn.toISOString() : null}
           where evento_id = ${eventoId}`,
    );
    return out;
  });
}

/** Events whose waiting room has started and is not sold out for good (the admission job's work list). */
export async function activeSalas(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ evento_id: number }>(db, sql`select evento_id from salas_espera where inicio <= now() + interval '2 seconds'`);
  return rows.map((r) => Number(r.evento_id));
}

/** One line of `status`: the room's settings and its counts. */
export interface SalaResumen {
  eventoId: number;
  nombre: string;
  inicio: string;
  ritmoPorMinuto: number | null;
  pausada: boolean;
  esperando: number;
  admitidos: number;
  expirados: number;
  agotados: number;
  vendidos: number;
}

export async function resumenSalas(db: DbOrTx): Promise<SalaResumen[]> {
  const rows = await queryRows<{
    evento_id: number;
    nombre: string;
    inicio: Date | string;
    ritmo_por_minuto: number | null;
    pausada: boolean;
    esperando: number;
    admitidos: number;
    expirados: number;
    agotados: number;
    vendidos: number;
  }>(
    db,
    sql`select s.evento_id, e.nombre, s.inicio, s.ritmo_por_minuto, s.pausada,
               count(*) filter (where l.estado = 'esperando')::int as esperando,
               count(*) filter (where l.estado in ('admitido', 'usado'))::int as admitidos,
               count(*) filter (where l.estado = 'expirado')::int as expirados,
               count(*) filter (where l.estado = 'agotado')::int as agotados,
               (select count(*) from evento_asientos a where a.evento_id = s.evento_id and a.estado = 'vendido')::int
             + (select count(*) from evento_lugares_generales g where g.evento_id = s.evento_id and g.estado = 'vendido')::int as vendidos
          from salas_espera s join eventos e on e.id = s.evento_id
          left join sala_espera_lugares l on l.evento_id = s.evento_id
         group by s.evento_id, e.nombre, s.inicio, s.ritmo_por_minuto, s.pausada
         order by s.evento_id`,
  );
  return rows.map((r) => ({
    eventoId: Number(r.evento_id),
    nombre: r.nombre,
    inicio: date(r.inicio)!.toISOString(),
    ritmoPorMinuto: r.ritmo_por_minuto === null ? null : Number(r.ritmo_por_minuto),
    pausada: r.pausada,
    esperando: Number(r.esperando),
    admitidos: Number(r.admitidos),
    expirados: Number(r.expirados),
    agotados: Number(r.agotados),
    vendidos: Number(r.vendidos),
  }));
}

export type OpsAccion =
  | { accion: 'abrir'; inicio: Date; ritmoPorMinuto: number | null }
  | { accion: 'pausar' }
  | { accion: 'reanudar' }
  | { accion: 'ritmo'; ritmoPorMinuto: number | null }
  | { accion: 'cerrar' };

/** An ops change of one room, and its audit row, in one transaction. Answers the room afterwards (null once closed). */
export async function applyOps(db: Db, eventoId: number, op: OpsAccion, actor: string, motivo: string | undefined): Promise<Sala | null> {
  return db.transaction(async (tx) => {
    const [evento] = await queryRows<{ id: number }>(tx, sql`select id from eventos where id = ${eventoId}`);
    if (!evento) throw new DomainError('EVENTO_NO_ENCONTRADO');
    const before = await findSala(tx, eventoId);
    if (!before && op.accion !== 'abrir') throw new DomainError('SALA_ESPERA_NO_EXISTE');
    let detalle: string;
    switch (op.accion) {
      case 'abrir':
        await tx.execute(sql`create sequence if not exists ${numberSequence(eventoId)}`);
        await tx.execute(
          sql`insert into salas_espera (evento_id, inicio, ritmo_por_minuto) values (${eventoId}, ${op.inicio.toISOString()}, ${op.ritmoPorMinuto})
              on conflict (evento_id) do update set inicio = excluded.inicio, ritmo_por_minuto = excluded.ritmo_por_minuto, pausada = false`,
        );
        detalle = `inicio ${op.inicio.toISOString()}, ritmo ${op.ritmoPorMinuto ?? 'automático'}`;
        break;
      case 'pausar':
      case 'reanudar':
        await tx.execute(sql`update salas_espera set pausada = ${op.accion === 'pausar'}, ultimo_tick = now() where evento_id = ${eventoId}`);
        detalle = op.accion === 'pausar' ? 'pausada' : 'reanudada';
        break;
      case 'ritmo':
        await tx.execute(sql`update salas_espera set ritmo_por_minuto = ${op.ritmoPorMinuto} where evento_id = ${eventoId}`);
        detalle = `ritmo ${before?.ritmoPorMinuto ?? 'automático'} → ${op.ritmoPorMinuto ?? 'automático'}`;
        break;
      case 'cerrar':
        await tx.execute(sql`delete from sala_espera_lugares where evento_id = ${eventoId}`);
        await tx.execute(sql`delete from salas_espera where evento_id = ${eventoId}`);
        await tx.execute(sql`drop sequence if exists ${numberSequence(eventoId)}`);
        detalle = 'cerrada: el evento se vende sin fila';
        break;
    }
    await tx.execute(
      sql`insert into sala_espera_auditoria (evento_id, accion, detalle, actor, motivo) values (${eventoId}, ${op.accion}, ${detalle}, ${actor}, ${motivo ?? null})`,
    );
    return findSala(tx, eventoId);
  });
}

export interface AuditoriaRow {
  eventoId: number;
  en: string;
  accion: string;
  detalle: string;
  actor: string;
  motivo: string | null;
}

export async function recentAuditoria(db: DbOrTx, limit: number): Promise<AuditoriaRow[]> {
  const rows = await queryRows<{ evento_id: number; en: Date | string; accion: string; detalle: string; actor: string; motivo: string | null }>(
    db,
    sql`select evento_id, en, accion, detalle, actor, motivo from sala_espera_auditoria order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    eventoId: Number(r.evento_id),
    en: date(r.en)!.toISOString(),
    accion: r.accion,
    detalle: r.detalle,
    actor: r.actor,
    motivo: r.motivo,
  }));
}
