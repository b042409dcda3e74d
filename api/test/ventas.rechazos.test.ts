import { checkCargoResponseSchema, makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createUser, reservaEstado, seatStates } from './support/reservas';
import { CARDS, ok, saleSuite } from './support/sale';

/** The sale when the card does not simply pay: 3-D Secure, declines, fraud refusals and charges after the hold expired, on the Openpay sandbox. */

const { APPROVED, DECLINED, THREE_DS } = CARDS;
/** Openpay's test card refused for fraud (3005). */
const FRAUD = '4000000000000044';
const { suite, kit } = saleSuite(40);
const { post, holdSeats, resumen, pay, authorize, expire, webhookPost, boletosDe, lateChargeForTakenSeat } = kit;

describe('3-D Secure, declines and late charges', () => {
  it('guest 3DS: pending with the bank page, back to terminar_compra_invitado, check sells once', async () => {
    const { reservaId } = await holdSeats(1);
    const promo = (await resumen(reservaId)).promocion?.id ?? 0;
    const body = makeCargoResponseSchema.parse(ok(await pay(reservaId, THREE_DS)));
    expect(body.cargo).toMatchObject({ status: 'charge_pending', pagado: false, payment_method: { type: 'redirect' } });
    const invitadoId = body.invitadoId!;
    const pending = checkCargoResponseSchema.parse(
      (await post(`/pagos/check/cargo_invitado/${invitadoId}/${body.cargo.id}`, { reservaId, esGeneral: false })).json(),
    );
    expect(pending).toMatchObject({ id: reservaId, message: pagoMessages.PAYMENT_PENDING, cargo: { pagado: false, status: 'charge_pending' } });

    const back = await authorize(body.cargo.payment_method!.url, 'autorizar');
    expect(back.pathname).toBe(`/terminar_compra_invitado/${reservaId}/false/${invitadoId}/${promo}`);
    expect(back.origin).toBe('http://tienda.localhost:3000');
    expect(back.searchParams.get('id')).toBe(body.cargo.id);

    const url = `/pagos/check/cargo_invitado/${invitadoId}/${body.cargo.id}`;
    const [a, b] = await Promise.all([post(url, { reservaId, esGeneral: false }), post(url, { reservaId, esGeneral: false })]);
    expect(a.json()).toMatchObject({ message: pagoMessages.PAYMENT_PAID, cargo: { pagado: true } });
    expect(b.json().id).toBe(a.json().id);
    expect(await boletosDe(reservaId)).toBe(1);
    // Another guest id does not open this hold.
    expect((await post(`/pagos/check/cargo_invitado/${randomUUID()}/${body.cargo.id}`, { reservaId, esGeneral: false })).statusCode).toBe(404);
  });

  it('a risk refusal (3005) is charged again with 3-D Secure on the same token: the bank page, both charges on record', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const body = makeCargoResponseSchema.parse(ok(await pay(reservaId, THREE_DS, { token: user.token })));
    expect(body.cargo).toMatchObject({ status: 'charge_pending', pagado: false, payment_method: { type: 'redirect' } });
    const sent = [...suite.t.sandbox.charges.values()].filter((c) => String(c.order_id).startsWith(reservaId));
    expect(sent.map((c) => [c.order_id, c.status])).toEqual([
      [`${reservaId}-1`, 'failed'],
      [`${reservaId}-1-3ds`, 'charge_pending'],
    ]);
    const orders = await queryRows<{ estado: string; order_id: string }>(
      suite.t.database.db,
      sql`select estado, detalle->>'orderId' as order_id from cargos where reserva_id = ${reservaId} order by created_at`,
    );
    expect(orders).toEqual([
      { estado: 'fallido', order_id: `${reservaId}-1` },
      { estado: 'pendiente', order_id: `${reservaId}-1-3ds` },
    ]);
    await authorize(body.cargo.payment_method!.url, 'autorizar');
    const paid = await post(`/pagos/check/cargo/${body.cargo.id}`, { reservaId, esGeneral: false }, user.token);
    expect(paid.json()).toMatchObject({ message: pagoMessages.PAYMENT_PAID, cargo: { pagado: true } });
    expect(await boletosDe(reservaId)).toBe(1);
  });

  it('a card refused for fraud (3005) whose token cannot be charged again: the refusal, and a second card pays', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const refused = await pay(reservaId, FRAUD, { token: user.token });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('La tarjeta fue rechazada por seguridad. Intenta con otra tarjeta.');
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('activa');
    const paid = await pay(reservaId, APPROVED, { token: user.token });
    expect(paid.json().cargo.pagado, paid.body).toBe(true);
    expect(await boletosDe(reservaId)).toBe(1);
  });

  it('a decline keeps the hold; a second card within the same hold pays (a new order id)', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const declined = await pay(reservaId, DECLINED, { token: user.token });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('La tarjeta fue declinada. Intenta con otra tarjeta.');
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('activa');
    const ok = await pay(reservaId, APPROVED, { token: user.token });
    expect(ok.json().cargo.pagado).toBe(true);
    const orders = await queryRows<{ estado: string; order_id: string }>(
      suite.t.database.db,
      sql`select estado, detalle->>'orderId' as order_id from cargos where reserva_id = ${reservaId} order by created_at`,
    );
    expect(orders).toEqual([
      { estado: 'fallido', order_id: `${reservaId}-1` },
      { estado: 'pagado', order_id: `${reservaId}-2` },
    ]);
  });

  it('3DS rejected at the bank: check says why, the hold stays', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const promo = (await resumen(reservaId, user.token)).promocion?.id ?? 0;
    const body = makeCargoResponseSchema.parse(ok(await pay(reservaId, THREE_DS, { token: user.token })));
    const back = await authorize(body.cargo.payment_method!.url, 'rechazar');
    expect(back.pathname).toBe(`/terminar_compra/${reservaId}/false/${promo}`);
    const res = checkCargoResponseSchema.parse((await post(`/pagos/check/cargo/${body.cargo.id}`, { reservaId, esGeneral: false }, user.token)).json());
    expect(res).toMatchObject({ message: 'La tarjeta fue declinada. Intenta con otra tarjeta.', cargo: { pagado: false, status: 'failed' } });
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('activa');
  });

  it('paid after the hold expired: the same seats, still free, are sold', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId, ids } = await holdSeats(2, user.token);
    const body = makeCargoResponseSchema.parse(ok(await pay(reservaId, THREE_DS, { token: user.token })));
    await expire(reservaId);
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('expirada');
    await authorize(body.cargo.payment_method!.url, 'autorizar');
    const res = await webhookPost({ type: 'charge.succeeded', transaction: { id: body.cargo.id } });
    expect(res.statusCode).toBe(200);
    expect(await reservaEstado(suite.t.database.db, reservaId)).toBe('vendida');
    expect([...(await seatStates(suite.t.database.db, ids)).values()]).toEqual(['vendido', 'vendido']);
    expect(await boletosDe(reservaId)).toBe(2);
  });

  it('paid after the hold expired and the seats went to someone else: refunded through the gateway, no tickets', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId, ids, body } = await lateChargeForTakenSeat(user.token);
    const checks = await Promise.all([1, 2].map(() => post(`/pagos/check/cargo/${body.cargo.id}`, { reservaId, esGeneral: false }, user.token)));
    for (const c of checks) expect(c.json()).toMatchObject({ message: pagoMessages.PAYMENT_REFUNDED, cargo: { pagado: false, status: 'refunded' } });
    expect(await boletosDe(reservaId)).toBe(0);
    expect(suite.t.sandbox.charges.get(body.cargo.id)?.status).toBe('refunded');
    const mails = await queryRows<{ subject: string }>(suite.t.database.db, sql`select subject from email_outbox where "to" = ${user.email}`);
    expect(mails.map((m) => m.subject)).toEqual([`Reembolsamos tu pago para ${body.evento.nombre}`]);
    expect([...(await seatStates(suite.t.database.db, ids)).values()]).toEqual(['reservado']);
  });
});
