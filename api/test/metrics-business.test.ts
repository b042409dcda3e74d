import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app';
import { createUser, pickEvento } from './support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from './support/sale';

/**
 * The shop's own counters move where the thing really happens: a hold made (not a refused one),
 * a charge that became tickets, a completed charge refunded instead.
 */
let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
const { post, holdSeats, pay, lateChargeForTakenSeat } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));

beforeAll(async () => {
  t = await buildSaleApp();
  ev = await pickEvento(t.database.db, 20);
});
afterAll(async () => t?.close());

async function value(name: string, labels = ''): Promise<number> {
  const text = await t.app.metrics.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}}` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('holds, sales and refunds in /metrics', () => {
  it('a hold counts once; a hold refused for taken seats does not', async () => {
    const before = await value('taquilla_holds_total', 'kind="asientos"');
    const { ids } = await holdSeats(2);
    expect(await value('taquilla_holds_total', 'kind="asientos"')).toBe(before + 1);
    const refused = await post(`/eventos/${ev.eventoId}/reservarInvitado`, {
      asientosReserva: ids.map((id) => ({ id })),
      nombre: 'Otra',
      correo: `otra.${randomUUID().slice(0, 6)}@ejemplo.mx`,
    });
    expect(refused.statusCode).toBe(409);
    expect(await value('taquilla_holds_total', 'kind="asientos"')).toBe(before + 1);
  });

  it('a paid charge counts one sale; a declined one counts nothing', async () => {
    const sales = await value('taquilla_sales_total');
    const declined = await holdSeats(1);
    expect((await pay(declined.reservaId, CARDS.DECLINED)).statusCode).toBe(402);
    expect(await value('taquilla_sales_total')).toBe(sales);
    const { reservaId } = await holdSeats(1);
    ok(await pay(reservaId, CARDS.APPROVED));
    expect(await value('taquilla_sales_total')).toBe(sales + 1);
  });

  it('a charge completed after its seats went to someone else counts a refund by reason, and no sale', async () => {
    const sales = await value('taquilla_sales_total');
    const refunds = await value('taquilla_refunds_total', 'reason="lugares"');
    const user = await createUser(t.database.db, t.app.config.jwtSecret);
    const { reservaId, body } = await lateChargeForTakenSeat(user.token);
    const check = await post(`/pagos/check/cargo/${body.cargo.id}`, { reservaId, esGeneral: false }, user.token);
    expect(check.json()).toMatchObject({ cargo: { pagado: false, status: 'refunded' } });
    expect(await value('taquilla_refunds_total', 'reason="lugares"')).toBe(refunds + 1);
    expect(await value('taquilla_sales_total')).toBe(sales);
  });
});
