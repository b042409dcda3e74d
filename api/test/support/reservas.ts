import { type SQL, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import { queryRows } from '../../src/db/rows';
import { signToken } from '../../src/lib/jwt';
import { openSession } from '../../src/modules/auth/sessions.repository';
import { buildTestApp, type TestApp } from './app';
import { afterAll, beforeAll } from 'vitest';

/** `and <column> not in (<ids>)`, or nothing when there are no ids (SQL has no empty list). */
export function andNotIn(column: SQL, ids: readonly number[]): SQL {
  return ids.length
    ? sql`and ${column} not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
}

/** A future web event with a numbered section of ≥ `minSeats` free seats and a general section. */
export async function pickEvento(db: Db, minSeats = 20, skip: number[] = []) {
  const [row] = await queryRows<{ evento_id: number; seccion_id: number; limite: number }>(
    db,
    sql`select ea.evento_id, ea.seccion_id, e.limite_de_asientos as limite
          from evento_asientos ea join eventos e on e.id = ea.evento_id
         where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' and ea.hold_expires_at is null
           and exists (select 1 from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = e.id and s.tipo = 'general')
           ${andNotIn(sql`e.id`, skip)}
         group by 1, 2, 3 having count(*) >= ${minSeats} order by 1, 2 limit 1`,
  );
  const [general] = await queryRows<{ seccion_id: number; capacidad: number }>(
    db,
    sql`select es.seccion_id, count(l.id)::int as capacidad from evento_secciones es join secciones s on s.id = es.seccion_id
          join evento_lugares_generales l on l.evento_seccion_id = es.id
         where es.evento_id = ${row!.evento_id} and s.tipo = 'general' group by 1 order by 1 limit 1`,
  );
  return {
    eventoId: row!.evento_id,
    seccionId: row!.seccion_id,
    limite: row!.limite,
    general: { seccionId: general!.seccion_id, capacidad: general!.capacidad },
  };
}

export async function freeSeats(db: Db, eventoId: number, seccionId: number, n: number, offset = 0): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from evento_asientos where evento_id = ${eventoId} and seccion_id = ${seccionId} and estado = 'disponible' and hold_expires_at is null
         order by id limit ${n} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

let userSeq = 0;

/** An account (verified unless told) and a session token for it. */
export async function createUser(db: Db, jwtSecret: string, opts: { verified?: boolean } = {}) {
  const email = `comprador.${process.pid}.${Date.now().toString(36)}.${userSeq++}@ejemplo.mx`;
  const verified = opts.verified ?? true;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (full_name, email, password_hash, is_verified) values ('Comprador Prueba', ${email}, 'x', ${verified}) returning id`,
  );
  const sessionId = await openSession(db, row!.id);
  const token = await signToken({ id: row!.id, email, fullName: 'Comprador Prueba', isVerified: verified }, { secret: jwtSecret, sessionId });
  return { id: row!.id, email, token };
}

/** The served state of seats (filas_por_seccion semantics: a live hold reads 'reservado'). */
export async function seatStates(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; estado: string }>(
    db,
    sql`select id, case when estado = 'disponible' and hold_expires_at > now() then 'reservado' else estado end as estado
          from evento_asientos where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((r) => [r.id, r.estado]));
}

export async function reservaEstado(db: Db, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ estado: string }>(db, sql`select estado from reservas where id = ${id}`);
  return row?.estado;
}

/** A guest's name and an address no other test uses. */
export const guest = (tag = 'ana') => ({ nombre: 'Ana Invitada', correo: `${tag}.${randomUUID().slice(0, 8)}@ejemplo.mx` });

/**
 * The holds test files' app: its own database, no expiry job (these tests show that expiry needs
 * none; the job has its own file), 10-minute holds, an event with ≥ 60 free seats (`ev`) and
 * another one (`otro`). `seats(n)` hands out seats of `ev` no earlier call in the file returned.
 */
export async function openHoldsApp() {
  const t: TestApp = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', HOLD_MINUTES: '10' } });
  const db = t.database.db;
  const ev = await pickEvento(db, 60);
  const otro = await pickEvento(db, 5, [ev.eventoId]);
  let offset = 0;
  return {
    t,
    ev,
    otro,
    jwtSecret: t.app.config.jwtSecret,
    async seats(n: number): Promise<number[]> {
      const ids = await freeSeats(db, ev.eventoId, ev.seccionId, n, offset);
      offset += n;
      return ids;
    },
    /** POST as the session `token` (if any), from the browser of `holdToken` (a `tokenReserva`, if any). */
    post: (url: string, payload: unknown, token?: string, holdToken?: string) =>
      t.request({
        method: 'POST',
        url: `/api/v1${url}`,
        payload: payload as never,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(holdToken ? { 'x-reserva-token': holdToken } : {}) },
      }),
    async countReservas(): Promise<number> {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reservas`);
      return row!.n;
    },
  };
}
export type HoldsApp = Awaited<ReturnType<typeof openHoldsApp>>;

/** The file's holds app: opened before its first test, closed after its last (read its fields inside tests and hooks). */
export function holdsAppPerFile(): HoldsApp {
  const h = {} as HoldsApp;
  beforeAll(async () => {
    Object.assign(h, await openHoldsApp());
  });
  afterAll(async () => h.t?.close());
  return h;
}
