import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { insertUser, setVerified } from '../../src/modules/auth/auth.repository';
import { hashPassword } from '../../src/modules/auth/auth.password';
import { SANDBOX_MERCHANT_ID, SANDBOX_PUBLIC_KEY } from './http-sale';
import type { TestApp } from './app';

/** Buyers and purchases for the account tests, through the public routes (as a browser would). */

const APPROVED_CARD = '4111111111111111';
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const tokenAuth = `Basic ${Buffer.from(`${SANDBOX_PUBLIC_KEY}:`).toString('base64')}`;

const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

export function api(t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as never }) });
}

export const uniqueEmail = (tag = 'cuenta') => `${tag}.${randomUUID().slice(0, 12)}@ejemplo.mx`;

/** An account with a real password hash (verified unless told), not signed in. */
export async function createAccount(t: TestApp, password: string, opts: { verified?: boolean; email?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const row = await insertUser(t.database.db, { fullName: 'Ana Cuenta', email, passwordHash: await hashPassword(password) });
  if (opts.verified ?? true) await setVerified(t.database.db, row!.id);
  return { id: row!.id, email };
}

export async function verify(t: TestApp, userId: string): Promise<void> {
  await setVerified(t.database.db, userId);
}

/** Signs in through /auth/login: each call opens a new session. */
export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await api(t, 'POST', '/auth/login', undefined, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

async function cardToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/v1/${SANDBOX_MERCHANT_ID}/tokens`,
    headers: { 'content-type': 'application/json', authorization: tokenAuth },
    payload: JSON.stringify({ card_number: APPROVED_CARD, holder_name: 'Ana Cuenta', expiration_month: '12', expiration_year: nextYear, cvv2: '987' }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function freeSeatsOf(t: TestApp, eventoId: number, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from evento_asientos where evento_id = ${eventoId} and estado = 'disponible' and hold_expires_at is null
         and seccion_id = (select min(seccion_id) from evento_asientos where evento_id = ${eventoId} and estado = 'disponible')
         order by id limit ${n}`,
  );
  return rows.map((r) => Number(r.id));
}

export type Buyer = { token: string } | { guestEmail: string };

/** Holds `n` seats (or general places of `general`) and pays them with the sandbox's approved card. */
export async function buy(t: TestApp, eventoId: number, buyer: Buyer, opts: { n?: number; general?: number; guardarTarjeta?: boolean } = {}) {
  const n = opts.n ?? 2;
  const token = 'token' in buyer ? buyer.token : undefined;
  const guest = 'guestEmail' in buyer ? { nombre: 'Ana Invitada', correo: buyer.guestEmail } : {};
  const hold = opts.general
    ? await api(t, 'POST', `/eventos/${eventoId}/reservar_generales`, token, { seccionId: opts.general, cantidadAsientos: n, ...guest })
    : await api(t, 'POST', `/eventos/${eventoId}/${token ? 'reservar' : 'reservarInvitado'}`, token, {
        asientosReserva: (await freeSeatsOf(t, eventoId, n)).map((id) => ({ id })),
        ...guest,
      });
  expect(hold.statusCode, hold.body).toBe(201);
  const reservaId = hold.json().reservaId as string;
  const resumen = await api(t, 'GET', `/eventos/${eventoId}/reservas/${reservaId}/resumen`, token);
  expect(resumen.statusCode, resumen.body).toBe(200);
  const pay = await api(t, 'POST', token ? '/pagos/make/cargo' : '/pagos/make/cargo_invitado', token, {
    reservaId,
    esGeneral: Boolean(opts.general),
    tipoDispositivo: 'web',
    source_id: await cardToken(t),
    device_session_id: 'dev-1',
    amount: resumen.json().total,
    guardarTarjeta: opts.guardarTarjeta ?? false,
  });
  expect(pay.statusCode, pay.body).toBe(200);
  expect(pay.json().cargo.pagado).toBe(true);
  return { reservaId, total: pay.json().total as number, boletos: pay.json().boletos as Array<{ id: string; quemadoUuid: string }> };
}

/** Upcoming web events with a general section (id and that section), soonest first. */
export async function eventosConGeneral(t: TestApp) {
  const rows = await queryRows<{ evento_id: number; seccion_id: number }>(
    t.database.db,
    sql`select distinct on (e.id) e.id as evento_id, es.seccion_id from eventos e join evento_secciones es on es.evento_id = e.id
          join secciones s on s.id = es.seccion_id
         where e.mostrar_web and e.fecha > now() + interval '2 days' and s.tipo = 'general' order by e.id, es.seccion_id`,
  );
  return rows.map((r) => ({ eventoId: Number(r.evento_id), general: Number(r.seccion_id) }));
}
