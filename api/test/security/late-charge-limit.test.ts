import { makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import type { SandboxApp } from '../support/sandbox';
import { createUser, pickEvento, reservaEstado, seatStates } from '../support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from '../support/sale';

// Issue 27, finding 5: a 3-D Secure charge that completes after its hold ended is sold again
// (the same places, if still free) only within the event's per-buyer limit. Over it, the charge
// is refunded and the buyer told why by e-mail; two late charges of one buyer settling together
// are counted one after the other.

const LIMITE = 6;
let t: SandboxApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
const { seats, post, holdSeats, pay, authorize, expire, webhookPost, count, boletosDe } = saleKit(() => ({
  t,
  eventoId: ev.eventoId,
  seccionId: ev.seccionId,
}));

beforeAll(async () => {
  t = await buildSaleApp();
  ev = await pickEvento(t.database.db, 40);
  await t.database.db.execute(sql`update eventos set limite_de_asientos = ${LIMITE} where id = ${ev.eventoId}`);
});
afterAll(async () => t?.close());

const boletosDeUsuario = (usuarioId: string) =>
  count(sql`select count(*)::int as n from boletos where evento_id = ${ev.eventoId} and usuario_id = ${usuarioId}`);
const boletosDeCorreo = (correo: string) =>
  count(sql`select count(*)::int as n from boletos b join invitados i on i.id = b.invitado_id where b.evento_id = ${ev.eventoId} and i.correo = ${correo}`);
const sandboxStatus = async (chargeId: string) => t.sandbox.charges.get(chargeId)?.status;
const refundMails = (to: string) =>
  queryRows<{ subject: string; text: string }>(t.database.db, sql`select subject, text from email_outbox where "to" = ${to} and subject like 'Reembolsamos%'`);

/** A 3-D Secure payment left at the bank page; answers its charge id and bank page. */
async function pendingCharge(reservaId: string, opts: { token?: string; guest?: boolean } = {}) {
  const body = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.THREE_DS, { token: opts.token })));
  expect(body.cargo.status).toBe('charge_pending');
  return { id: body.cargo.id, url: body.cargo.payment_method!.url };
}

async function guestHold(n: number, correo: string) {
  const ids = await seats(n);
  const res = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), nombre: 'Ana Invitada', correo });
  expect(res.statusCode, res.body).toBe(201);
  return { reservaId: res.json().reservaId as string, ids };
}

describe('a late 3-D Secure charge and the per-buyer limit (finding 5)', () => {
  it(`an account at its limit of ${LIMITE}: the late charge is refunded with the reason, not sold as ${2 * LIMITE} tickets`, async () => {
    const user = await createUser(t.database.db, t.app.config.jwtSecret);
    const first = await holdSeats(LIMITE, user.token);
    const late = await pendingCharge(first.reservaId, { token: user.token });
    // The buyer leaves the bank page open, holds again (the new hold replaces the first) and pays.
    const second = await holdSeats(LIMITE, user.token);
    expect(ok(await pay(second.reservaId, CARDS.APPROVED, { token: user.token }))).toMatchObject({ cargo: { pagado: true } });
    expect(await boletosDeUsuario(user.id)).toBe(LIMITE);

    await authorize(late.url, 'autorizar');
    const check = await post(`/pagos/check/cargo/${late.id}`, { reservaId: first.reservaId, esGeneral: false }, user.token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ message: pagoMessages.PAYMENT_REFUNDED_LIMIT, cargo: { pagado: false, status: 'refunded' } });
    expect(await boletosDeUsuario(user.id)).toBe(LIMITE);
    expect(await boletosDe(first.reservaId)).toBe(0);
    expect(await reservaEstado(t.database.db, first.reservaId)).not.toBe('vendida');
    expect([...(await seatStates(t.database.db, first.ids)).values()].every((s) => s !== 'vendido')).toBe(true);
    expect(await sandboxStatus(late.id)).toBe('refunded');
    const mails = await refundMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`el límite de ${LIMITE} boletos por comprador`);
    // Asked again (another check, the webhook): the same answer, no second refund or e-mail.
    expect((await post(`/pagos/check/cargo/${late.id}`, { reservaId: first.reservaId, esGeneral: false }, user.token)).json()).toMatchObject({
      message: pagoMessages.PAYMENT_REFUNDED_LIMIT,
    });
    expect((await webhookPost({ type: 'charge.succeeded', transaction: { id: late.id } })).statusCode).toBe(200);
    expect(await refundMails(user.email)).toHaveLength(1);
  });

  it('a guest (the same e-mail) at the limit: the late charge, settled by the webhook, is refunded too', async () => {
    const correo = `limite.${randomUUID().slice(0, 8)}@ejemplo.mx`;
    const first = await guestHold(4, correo);
    const late = await pendingCharge(first.reservaId);
    await expire(first.reservaId);
    const second = await guestHold(4, correo);
    expect(ok(await pay(second.reservaId, CARDS.APPROVED))).toMatchObject({ cargo: { pagado: true } });

    await authorize(late.url, 'autorizar');
    expect((await webhookPost({ type: 'charge.succeeded', transaction: { id: late.id } })).statusCode).toBe(200);
    expect(await boletosDeCorreo(correo)).toBe(4);
    expect(await boletosDe(first.reservaId)).toBe(0);
    expect(await sandboxStatus(late.id)).toBe('refunded');
    expect((await refundMails(correo))[0]?.text).toContain(`el límite de ${LIMITE} boletos por comprador`);
  });

  it('within the limit a late charge still gets its places', async () => {
    const user = await createUser(t.database.db, t.app.config.jwtSecret);
    const first = await holdSeats(2, user.token);
    const late = await pendingCharge(first.reservaId, { token: user.token });
    const second = await holdSeats(LIMITE - 2, user.token);
    ok(await pay(second.reservaId, CARDS.APPROVED, { token: user.token }));
    await authorize(late.url, 'autorizar');
    const check = await post(`/pagos/check/cargo/${late.id}`, { reservaId: first.reservaId, esGeneral: false }, user.token);
    expect(check.json()).toMatchObject({ message: pagoMessages.PAYMENT_PAID, cargo: { pagado: true } });
    expect(await boletosDeUsuario(user.id)).toBe(LIMITE);
  });

  it('a live hold paid after a late charge filled the limit is refused before charging', async () => {
    const user = await createUser(t.database.db, t.app.config.jwtSecret);
    const first = await holdSeats(4, user.token);
    const late = await pendingCharge(first.reservaId, { token: user.token });
    const second = await holdSeats(4, user.token);
    await authorize(late.url, 'autorizar');
    expect((await post(`/pagos/check/cargo/${late.id}`, { reservaId: first.reservaId, esGeneral: false }, user.token)).json()).toMatchObject({
      cargo: { pagado: true },
    });
    expect(await boletosDeUsuario(user.id)).toBe(4);

    const refused = await pay(second.reservaId, CARDS.APPROVED, { token: user.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Ya tienes 4 boletos para este evento; el límite por comprador es ${LIMITE}.`);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${second.reservaId}`)).toBe(0);
    expect(await boletosDeUsuario(user.id)).toBe(4);
  });

  it('two late charges of one buyer settling together: one is sold, the other refunded', async () => {
    const user = await createUser(t.database.db, t.app.config.jwtSecret);
    const a = await holdSeats(4, user.token);
    const lateA = await pendingCharge(a.reservaId, { token: user.token });
    const b = await holdSeats(4, user.token);
    const lateB = await pendingCharge(b.reservaId, { token: user.token });
    await expire(b.reservaId);
    await authorize(lateA.url, 'autorizar');
    await authorize(lateB.url, 'autorizar');

    const answers = await Promise.all([
      post(`/pagos/check/cargo/${lateA.id}`, { reservaId: a.reservaId, esGeneral: false }, user.token),
      post(`/pagos/check/cargo/${lateB.id}`, { reservaId: b.reservaId, esGeneral: false }, user.token),
      webhookPost({ type: 'charge.succeeded', transaction: { id: lateA.id } }),
      webhookPost({ type: 'charge.succeeded', transaction: { id: lateB.id } }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await boletosDeUsuario(user.id)).toBe(4);
    expect([await sandboxStatus(lateA.id), await sandboxStatus(lateB.id)].sort()).toEqual(['completed', 'refunded']);
    expect(await refundMails(user.email)).toHaveLength(1);
  });
});
