import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import type { TokenUser } from '../lib/jwt';
import { findUserByEmail, insertUser, setVerified } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/auth.password';
import { createPaymentGateway } from '../modules/pagos/gateway/gateway.factory';
import type { PagosConfig } from '../modules/pagos/pagos.config';
import { defaultConfig } from '../config';
import type { HoldConfig } from '../modules/reservas/reservas.config';
import type { Comprador } from '../modules/reservas/apartados.repository';
import { reservarAsientos, reservarGenerales } from '../modules/reservas/reservas.service';
import { findPerfilPago } from '../modules/cuenta/tarjetas.repository';
import { resumenReserva } from '../modules/ventas/ventas.cotizacion';
import { makeCargo, type Caller, type VentaDeps } from '../modules/ventas/ventas.service';

/**
 * The demo account (root README, "Datos de demostración"): verified, with purchases made
 * through the real sale — hold, totals, a charge at the configured gateway (the Openpay sandbox
 * in development), tickets — never rows written by hand:
 *   - 2 seats of 'Luna Roja — Gira Eclipse' (upcoming), paying with a card it saves (Openpay's
 *     approved test card 4111 1111 1111 1111, tokenised as OpenPay.js does);
 *   - 3 general places of 'Festival Norte Sonoro' (upcoming), bought signed out as a guest with
 *     the account's e-mail: they appear in the account because the e-mail is verified;
 *   - 2 seats of 'Sinfonía de Videojuegos' (past), paid with the saved card. The sale refuses past events, so that event
 *     is dated tomorrow while it is bought and given back its past date right after — as if
 *     bought before it happened.
 */
export const DEMO_ACCOUNT = { email: 'demo@taquilla.mx', password: 'Demo1234', fullName: 'Cuenta Demo' } as const;

const DEMO_CARD = { card_number: '4111111111111111', holder_name: 'Cuenta Demo', expiration_month: '12', cvv2: '123' };

async function eventoId(db: Db, nombre: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from eventos where nombre = ${nombre} order by id limit 1`);
  if (!row) throw new Error(`seed demo: no existe el evento '${nombre}'`);
  return Number(row.id);
}

/** `n` free seats next to each other in the event's last numbered section (away from the first rows tests pick). */
async function asientosLibres(db: Db, evento: number, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ea.id from evento_asientos ea
         where ea.evento_id = ${evento} and ea.estado = 'disponible' and ea.hold_expires_at is null
           and ea.seccion_id = (select max(seccion_id) from evento_asientos where evento_id = ${evento})
         order by ea.fila_id, ea.numero limit ${n}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The event's main general-admission section (the largest on the map). */
async function seccionGeneral(db: Db, evento: number): Promise<number> {
  const [row] = await queryRows<{ seccion_id: number }>(
    db,
    sql`select es.seccion_id from evento_secciones es join secciones s on s.id = es.seccion_id
         where es.evento_id = ${evento} and s.tipo = 'general' and not s.seccion_adicional order by es.capacidad desc, es.seccion_id limit 1`,
  );
  if (!row) throw new Error(`seed demo: el evento ${evento} no tiene sección general`);
  return Number(row.seccion_id);
}

/** A card token, made as OpenPay.js makes it in the browser: the public key, Openpay's token endpoint. */
async function tokenise(pagos: Extract<PagosConfig, { proveedor: 'openpay' }>, card: Record<string, string>): Promise<string> {
  const res = await fetch(`${pagos.apiUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(pagos.merchantId)}/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${pagos.publicKey}:`).toString('base64')}` },
    body: JSON.stringify(card),
  });
  const body = (await res.json().catch(() => null)) as { id?: string } | null;
  if (!res.ok || !body?.id) throw new Error(`seed demo: la pasarela no tokenizó la tarjeta de prueba (HTTP ${res.status})`);
  return body.id;
}

export async function seedDemoAccount(db: Db, log?: Pick<FastifyBaseLogger, 'info'>, holds?: HoldConfig, pagos?: PagosConfig): Promise<boolean> {
  // Purchases need a gateway that takes test cards: not Openpay's production.
  if (pagos?.proveedor !== 'openpay' || pagos.production) {
    log?.info('demo account not seeded: no test payment gateway (OPENPAY_* of a sandbox)');
    return false;
  }
  if (await findUserByEmail(db, DEMO_ACCOUNT.email)) return false;
  const row = await insertUser(db, { fullName: DEMO_ACCOUNT.fullName, email: DEMO_ACCOUNT.email, passwordHash: await hashPassword(DEMO_ACCOUNT.password) });
  if (!row) return false;
  await setVerified(db, row.id);
  const user: TokenUser = { id: row.id, email: row.email, fullName: row.fullName, isVerified: true };

  const openpay = pagos;
  const gateway = createPaymentGateway(openpay)!;
  const defaults = defaultConfig();
  const deps: VentaDeps = { db, gateway, publisher: undefined, use3ds: false, publicUrl: 'http://localhost', diferidos: defaults.pagosDiferidos };
  const cfg = holds ?? defaults.holds;
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

  /** `pago`: a new card ('nueva'), a new card saved on the account ('guardar'), or the saved one ('guardada'). */
  async function comprar(
    evento: number,
    hold: (c: Comprador) => Promise<{ reservaId: string }>,
    pago: 'nueva' | 'guardar' | 'guardada',
    comoInvitado = false,
  ): Promise<void> {
    const caller: Caller = comoInvitado ? {} : { user };
    const comprador: Comprador = comoInvitado ? { nombre: DEMO_ACCOUNT.fullName, correo: DEMO_ACCOUNT.email } : { usuarioId: user.id };
    const { reservaId } = await hold(comprador);
    const { total } = await resumenReserva(db, evento, reservaId, caller, deps.diferidos);
    const perfil = pago === 'guardada' ? await findPerfilPago(db, user.id) : undefined;
    const saved = perfil && (await gateway.listCards(perfil.idOpenpay))[0];
    const source = saved
      ? { source_id: saved.id!, usuarioOpenpayId: perfil.idOpenpay }
      : { source_id: await tokenise(openpay, { ...DEMO_CARD, expiration_year: year }) };
    const sale = await makeCargo(deps, { reservaId, ...source, device_session_id: 'seed-demo', amount: total, guardarTarjeta: pago === 'guardar' }, caller);
    if (!sale.cargo.pagado) throw new Error(`seed demo: la compra de prueba del evento ${evento} no se pagó (${sale.cargo.status})`);
  }

  const luna = await eventoId(db, 'Luna Roja — Gira Eclipse');
  const lunaSeats = await asientosLibres(db, luna, 2);
  await comprar(luna, (c) => reservarAsientos(db, cfg, null, luna, lunaSeats, c), 'guardar');

  const norte = await eventoId(db, 'Festival Norte Sonoro');
  const general = await seccionGeneral(db, norte);
  await comprar(norte, (c) => reservarGenerales(db, cfg, null, norte, general, 3, c), 'nueva', true);

  const sinfonia = await eventoId(db, 'Sinfonía de Videojuegos');
  const [{ fecha } = { fecha: null }] = await queryRows<{ fecha: Date | string }>(db, sql`select fecha from eventos where id = ${sinfonia}`);
  await db.execute(sql`update eventos set fecha = now() + interval '1 day' where id = ${sinfonia}`);
  try {
    const seats = await asientosLibres(db, sinfonia, 2);
    await comprar(sinfonia, (c) => reservarAsientos(db, cfg, null, sinfonia, seats, c), 'guardada');
  } finally {
    await db.execute(sql`update eventos set fecha = ${new Date(fecha!).toISOString()} where id = ${sinfonia}`);
  }
  log?.info({ email: DEMO_ACCOUNT.email }, 'seeded demo account');
  return true;
}
