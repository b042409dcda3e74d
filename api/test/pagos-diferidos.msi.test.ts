import { makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { GATEWAY_MESSAGES } from '../src/modules/pagos/gateway/gateway.errors';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from './support/reservas';
import { CARDS, ok } from './support/sale';
import { DEBIT, diferidosAppPerFile, MASTERCARD_3_6 } from './support/diferidos';

/**
 * Meses sin intereses on the Openpay sandbox, through the API: the plans offered per event and
 * card, 3006 refusals, the plan in the e-mail and Mis compras; the card-type question
 * (POST /pagos/tipo-tarjeta) and its per-address limit.
 */

const { APPROVED } = CARDS;
const { h, post, cardToken, holdSeats, resumen, count, boletosDe, payMsi, mailsTo } = diferidosAppPerFile();

describe('meses sin intereses', () => {
  it('resumen offers the event plans this total reaches, each with its monthly amount and the same total', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(2, user.token);
    const r = await resumen(reservaId, user.token);
    expect(r.planesMsi).toEqual([3, 6, 9].map((meses) => ({ meses, mensualidad: Math.ceil(r.total / meses), total: r.total })));
    for (const p of r.planesMsi!) expect(p.mensualidad * p.meses - r.total).toBeLessThan(p.meses);
  });

  it('a participating credit card pays in 6 months: the charge carries the plan, the tickets e-mail and Mis compras show it', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(2, user.token);
    const { total } = await resumen(reservaId, user.token);
    const body = makeCargoResponseSchema.parse(ok(await payMsi(reservaId, APPROVED, 6, user.token)));
    expect(body.cargo.pagado).toBe(true);
    expect(body.total).toBe(total);
    // What reached the gateway: Openpay's payment_plan and the amount in pesos.
    expect(h.t.sandbox.charges.get(body.cargo.id)).toMatchObject({ payment_plan: { payments: 6 }, amount: total / 100 });
    const [mail] = await mailsTo(user.email);
    const plan = `Pagado a 6 meses sin intereses de ${new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(Math.ceil(total / 6) / 100)}`;
    expect(mail!.text).toContain(plan);
    const mis = ok(await h.t.request({ url: `/api/v1/eventos/mis_eventos/${h.ev.eventoId}`, headers: { authorization: `Bearer ${user.token}` } })) as {
      evento: { resumen: { pagos: unknown[] } };
    };
    expect(mis.evento.resumen.pagos).toEqual([{ metodo: 'tarjeta', meses: 6, mensualidad: Math.ceil(total / 6), total }]);
  });

  it('a plan the card does not take part in, and any plan on a debit card, are refused as Openpay refuses them (3006); nothing sold', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const nine = await payMsi(reservaId, MASTERCARD_3_6, 9, user.token);
    expect(nine.statusCode).toBe(402);
    expect(nine.json().message).toBe(GATEWAY_MESSAGES[3006]);
    const debit = await payMsi(reservaId, DEBIT, 3, user.token);
    expect(debit.statusCode).toBe(402);
    expect(await boletosDe(reservaId)).toBe(0);
    // The same debit card pays in one go ('Pago de contado').
    expect(makeCargoResponseSchema.parse(ok(await payMsi(reservaId, DEBIT, null, user.token))).cargo.pagado).toBe(true);
  });

  it("a new card's type from its token (POST /pagos/tipo-tarjeta): debit takes no plan, credit does; the token is used up", async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const tipo = async (card: string, token?: string) =>
      post('/pagos/tipo-tarjeta', { reservaId, token_id: await cardToken(card), device_session_id: 'dev-1' }, token);
    expect(ok(await tipo(DEBIT, user.token))).toEqual({ tipo: 'debit', marca: 'visa', banco: 'Banco de Pruebas', admiteMsi: false });
    expect(ok(await tipo(MASTERCARD_3_6, user.token))).toMatchObject({ tipo: 'credit', marca: 'mastercard', admiteMsi: true });
    // Single use, as at Openpay: the payment tokenises the card again.
    const used = await cardToken(DEBIT);
    ok(await post('/pagos/tipo-tarjeta', { reservaId, token_id: used, device_session_id: 'dev-1' }, user.token));
    const again = await post(
      '/pagos/make/cargo',
      { reservaId, source_id: used, device_session_id: 'dev-1', amount: (await resumen(reservaId, user.token)).total },
      user.token,
    );
    expect(again.statusCode).toBe(400);
    expect(await boletosDe(reservaId)).toBe(0);
  });

  it('tipo-tarjeta: a guest with their hold id; nobody else\u2019s hold; a bad token or missing field is a Spanish 400', async () => {
    const guest = await holdSeats(1);
    expect(
      ok(await post('/pagos/tipo-tarjeta', { reservaId: guest.reservaId, token_id: await cardToken(APPROVED), device_session_id: 'dev-1' })),
    ).toMatchObject({ tipo: 'credit', admiteMsi: true });
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const otro = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    // Another account, or no account at all, cannot use a member's hold.
    const token = await cardToken(DEBIT);
    expect((await post('/pagos/tipo-tarjeta', { reservaId, token_id: token, device_session_id: 'dev-1' }, otro.token)).statusCode).toBe(404);
    expect((await post('/pagos/tipo-tarjeta', { reservaId, token_id: token, device_session_id: 'dev-1' })).statusCode).toBe(404);
    // …and the refused calls left the token unused.
    expect(ok(await post('/pagos/tipo-tarjeta', { reservaId, token_id: token, device_session_id: 'dev-1' }, user.token))).toMatchObject({ tipo: 'debit' });
    const bad = await post('/pagos/tipo-tarjeta', { reservaId, token_id: 'tok_inexistente', device_session_id: 'dev-1' }, user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(GATEWAY_MESSAGES[1005]);
    const missing = await post('/pagos/tipo-tarjeta', { reservaId, device_session_id: 'dev-1' }, user.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual([pagoMessages.SOURCE_REQUIRED]);
    const noDevice = await post('/pagos/tipo-tarjeta', { reservaId, token_id: await cardToken(DEBIT), device_session_id: ' ' }, user.token);
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().message).toEqual([pagoMessages.DEVICE_REQUIRED]);
  });

  it('a plan the event does not offer for this total (12 under its minimum, 18, text) is 400 in Spanish and charges nothing', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const twelve = await payMsi(reservaId, APPROVED, 12, user.token);
    expect(twelve.statusCode).toBe(400);
    expect(twelve.json().message).toBe(pagoMessages.MSI_NOT_AVAILABLE);
    for (const meses of [18, 'seis', 0]) {
      const res = await post(
        '/pagos/make/cargo',
        { reservaId, source_id: await cardToken(APPROVED), device_session_id: 'd', amount: (await resumen(reservaId, user.token)).total, meses },
        user.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([pagoMessages.MSI_INVALID]);
    }
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
  });
});

// Last in this file: it uses up this address's allowance of card-type questions.
describe('tipo-tarjeta is limited per client address', () => {
  it('30 questions per 10 minutes, then 429 in Spanish without asking the gateway', async () => {
    const { reservaId } = await holdSeats(1);
    let res = await post('/pagos/tipo-tarjeta', { reservaId, device_session_id: 'dev-1' });
    for (let i = 0; i < 40 && res.statusCode !== 429; i++) res = await post('/pagos/tipo-tarjeta', { reservaId, device_session_id: 'dev-1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Demasiados intentos. Intenta de nuevo en unos minutos.');
    // A well-formed question is refused too, its token left unused.
    expect((await post('/pagos/tipo-tarjeta', { reservaId, token_id: await cardToken(APPROVED), device_session_id: 'dev-1' })).statusCode).toBe(429);
  });
});
