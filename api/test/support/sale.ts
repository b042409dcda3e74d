import { makeCargoResponseSchema, resumenReservaSchema } from '@taquilla/shared/schemas/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { expireHolds } from '../../src/modules/reservas/reservas.service';
import type { TestApp } from './app';
import { freeSeats, pickEvento } from './reservas';
import { CARDS, cardTokenBody, SANDBOX_MERCHANT_ID, SANDBOX_TOKEN_AUTH } from './http-sale';
import { buildSandboxApp, type SandboxApp } from './sandbox';

export { CARDS } from './http-sale';

export interface SaleScope {
  t: TestApp | SandboxApp;
  eventoId: number;
  seccionId: number;
}

/**
 * The steps of a sale through the API on the Openpay sandbox (mounted at /sandbox), for the sale's test files: free
 * seats of one section handed out in turn, holds, card tokens, make/cargo, the 3-D Secure bank
 * page, expiry. `scope` is read when a step runs (the app is built in beforeAll).
 */
export function saleKit(scope: () => SaleScope) {
  let offset = 0;

  async function seats(n: number): Promise<number[]> {
    const { t, eventoId, seccionId } = scope();
    const ids = await freeSeats(t.database.db, eventoId, seccionId, n, offset);
    offset += n;
    return ids;
  }

  function post(url: string, payload: unknown, token?: string) {
    return scope().t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
  }

  async function cardToken(card_number: string): Promise<string> {
    const res = await scope().t.app.inject({
      method: 'POST',
      url: `/sandbox/v1/${SANDBOX_MERCHANT_ID}/tokens`,
      headers: { 'content-type': 'application/json', authorization: SANDBOX_TOKEN_AUTH },
      payload: JSON.stringify(cardTokenBody(card_number)),
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  async function holdSeats(n: number, token?: string) {
    const { eventoId } = scope();
    const ids = await seats(n);
    const res = token
      ? await post(`/eventos/${eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, token)
      : await post(`/eventos/${eventoId}/reservarInvitado`, {
          asientosReserva: ids.map((id) => ({ id })),
          nombre: 'Ana Invitada',
          correo: `ana.${randomUUID().slice(0, 8)}@ejemplo.mx`,
        });
    expect(res.statusCode).toBe(201);
    return { reservaId: res.json().reservaId as string, ids };
  }

  async function resumen(reservaId: string, token?: string) {
    const res = await scope().t.request({
      url: `/api/v1/eventos/${scope().eventoId}/reservas/${reservaId}/resumen`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode).toBe(200);
    return resumenReservaSchema.parse(res.json());
  }

  async function pay(
    reservaId: string,
    card: string,
    opts: { token?: string; amount?: number; esGeneral?: boolean; promocion_id?: number; promocion_clave?: string } = {},
  ) {
    const amount = opts.amount ?? (await resumen(reservaId, opts.token)).total;
    const body = {
      reservaId,
      esGeneral: opts.esGeneral ?? false,
      tipoDispositivo: 'web',
      source_id: await cardToken(card),
      device_session_id: 'dev-1',
      amount,
      promocion_id: opts.promocion_id,
      promocion_clave: opts.promocion_clave,
    };
    return post(opts.token ? '/pagos/make/cargo' : '/pagos/make/cargo_invitado', body, opts.token);
  }

  /** The sandbox bank page's answer to a 3-D Secure charge; returns where it sends the browser. */
  async function authorize(url: string, accion: 'autorizar' | 'rechazar') {
    const chargeId = new URL(url).pathname.split('/').pop()!;
    const res = await scope().t.app.inject({
      method: 'POST',
      url: `/sandbox/3ds/${chargeId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `accion=${accion}`,
    });
    expect(res.statusCode).toBe(303);
    return new URL(res.headers.location as string);
  }

  /** Ends a hold as time would, and runs the expiry job once. */
  async function expire(reservaId: string) {
    const db = scope().t.database.db;
    await db.execute(sql`update reservas set fecha_expiracion = now() - interval '1 second' where id = ${reservaId}`);
    await db.execute(sql`update evento_asientos set hold_expires_at = now() - interval '1 second' where reserva_id = ${reservaId}`);
    await expireHolds(db);
  }

  function webhookPost(payload: unknown) {
    return scope().t.app.inject({ method: 'POST', url: '/webhooks/pagos', payload: payload as never });
  }

  const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(scope().t.database.db, q))[0]!.n);
  const boletosDe = (reservaId: string) => count(sql`select count(*)::int as n from boletos where reserva_id = ${reservaId}`);

  /** A guest buys one seat with an approved card: the hold, the guest id and address, the first ticket. */
  async function guestSale() {
    const { reservaId } = await holdSeats(1);
    const sale = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.APPROVED)));
    const [guest] = await queryRows<{ correo: string }>(
      scope().t.database.db,
      sql`select i.correo from invitados i join reservas r on r.invitado_id = i.id where r.id = ${reservaId}`,
    );
    return { reservaId, invitadoId: sale.invitadoId!, correo: guest!.correo, boletoId: sale.boletos[0]!.id };
  }

  /**
   * A 3-D Secure charge completed too late: the account's hold of one seat expired while the buyer
   * was at the bank, another buyer took the seat, then the bank authorised. Returns the hold, its seat and the charge's answer.
   */
  async function lateChargeForTakenSeat(token: string) {
    const { reservaId, ids } = await holdSeats(1, token);
    const body = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.THREE_DS, { token })));
    await expire(reservaId);
    const taken = await post(`/eventos/${scope().eventoId}/reservarInvitado`, {
      asientosReserva: ids.map((id) => ({ id })),
      nombre: 'Otra',
      correo: `otra.${randomUUID().slice(0, 6)}@ejemplo.mx`,
    });
    expect(taken.statusCode).toBe(201);
    await authorize(body.cargo.payment_method!.url, 'autorizar');
    return { reservaId, ids, body };
  }

  return { seats, post, cardToken, holdSeats, resumen, pay, authorize, expire, webhookPost, count, boletosDe, guestSale, lateChargeForTakenSeat };
}

/** The body of a 200 answer (the failure shows the answer otherwise). */
export function ok(res: { statusCode: number; body: string; json(): unknown }): unknown {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The app the sale's test files run on: the Openpay sandbox, the local mailbox, holds of 10
 * minutes with no sweeper (tests end holds themselves) and a fixed storefront origin.
 */
export function buildSaleApp(): Promise<SandboxApp> {
  return buildSandboxApp({ env: { HOLD_SWEEP_SECONDS: '0', HOLD_MINUTES: '10', DEV_MAILBOX: '1', PUBLIC_URL: 'http://tienda.localhost:3000' } });
}

/**
 * A sale test file's app (the Openpay sandbox, `buildSaleApp`) and the event it sells (one with
 * `minSeats` free seats and a general section), built before its tests and closed after them;
 * `kit` is `saleKit` over them. Read `suite.t`, `suite.ev`, `suite.jwtSecret` inside tests.
 */
export function saleSuite(minSeats: number) {
  const suite = {} as { t: SandboxApp; ev: Awaited<ReturnType<typeof pickEvento>>; jwtSecret: string };
  beforeAll(async () => {
    suite.t = await buildSaleApp();
    suite.jwtSecret = suite.t.app.config.jwtSecret;
    suite.ev = await pickEvento(suite.t.database.db, minSeats);
  });
  afterAll(async () => suite.t?.close());
  return { suite, kit: saleKit(() => ({ t: suite.t, eventoId: suite.ev.eventoId, seccionId: suite.ev.seccionId })) };
}
