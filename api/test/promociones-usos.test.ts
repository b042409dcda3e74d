import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { validarPromoWebResponseSchema } from '@taquilla/shared/schemas/promociones';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import type { TestApp } from './support/app';
import { createUser, pickEvento, reservaEstado } from './support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from './support/sale';

/** Promotion usage limits: counted with each sale, never past the limit, refused before charging. */

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
let jwtSecret: string;
const { post, holdSeats, resumen, pay, authorize, boletosDe } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));
const AGOTADA = 'Esta promoción ya se agotó: alcanzó su límite de usos.';

beforeAll(async () => {
  t = await buildSaleApp();
  jwtSecret = t.app.config.jwtSecret;
  ev = await pickEvento(t.database.db, 20);
  // This file's own promotions only: the seed's automatic ones would change the totals.
  await t.database.db.execute(sql`update promociones set activa = false where evento_id = ${ev.eventoId}`);
});
afterAll(async () => t?.close());

async function promo(opts: { limite: number | null; automatica?: boolean }) {
  const clave = opts.automatica ? undefined : `USOS${randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into promociones (evento_id, nombre, tipo, porcentaje_bps, aplica_todo_evento, automatica, clave, limite_usos)
        values (${ev.eventoId}, ${`Limitada ${randomUUID().slice(0, 4)}`}, 'PORCENTAJE', 1000, true, ${opts.automatica ?? false}, ${clave ?? null}, ${opts.limite}) returning id`,
  );
  return { id: row!.id, clave };
}

const usos = async (id: number) => (await queryRows<{ usos: number }>(t.database.db, sql`select usos from promociones where id = ${id}`))[0]!.usos;

describe('promotion usage limits', () => {
  it('each sale with the code counts one use; once used up, the code is refused with isPromoError and the sale charges nothing', async () => {
    const { id, clave } = await promo({ limite: 1 });
    const user = await createUser(t.database.db, jwtSecret);
    const first = await holdSeats(1, user.token);
    const total = (await post('/pagos/aplicar-promo', { promocionId: id, clave, eventoId: ev.eventoId, reservaId: first.reservaId }, user.token)).json().total;
    expect(
      makeCargoResponseSchema.parse(
        ok(await pay(first.reservaId, CARDS.APPROVED, { token: user.token, promocion_id: id, promocion_clave: clave, amount: total })),
      ).cargo.pagado,
    ).toBe(true);
    expect(await usos(id)).toBe(1);

    const validar = await post('/promociones/validar_clave_web', { clave, evento_id: ev.eventoId });
    expect(validar.statusCode).toBe(409);
    expect(apiErrorSchema.parse(validar.json())).toMatchObject({ message: AGOTADA, code: 'PROMOCION_AGOTADA', isPromoError: true });

    const other = await createUser(t.database.db, jwtSecret);
    const second = await holdSeats(1, other.token);
    const refused = await pay(second.reservaId, CARDS.APPROVED, { token: other.token, promocion_id: id, promocion_clave: clave, amount: total });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: AGOTADA, isPromoError: true });
    expect(await queryRows(t.database.db, sql`select 1 from cargos where reserva_id = ${second.reservaId}`)).toEqual([]);
    // Without the code the buyer pays the plain total.
    expect(ok(await pay(second.reservaId, CARDS.APPROVED, { token: other.token }))).toMatchObject({ cargo: { pagado: true } });
    expect(await usos(id)).toBe(1);
  });

  it('a used-up automatic promotion is no longer offered or applied', async () => {
    const { id } = await promo({ limite: 0, automatica: true });
    const offered = validarPromoWebResponseSchema.parse((await post('/promociones/validar_promo_web', { evento_id: ev.eventoId })).json());
    expect(offered.promocionesAplicaDirecto.map((p) => p.id)).not.toContain(id);
    const { reservaId } = await holdSeats(1);
    expect((await resumen(reservaId)).promocion).toBeNull();
  });

  it('the last use goes to one sale only: a charge completed after another sale took it is refunded, with the reason by e-mail', async () => {
    const { id, clave } = await promo({ limite: 1 });
    const a = await createUser(t.database.db, jwtSecret);
    const b = await createUser(t.database.db, jwtSecret);
    const holdA = await holdSeats(1, a.token);
    const holdB = await holdSeats(1, b.token);
    const total = (await resumen(holdA.reservaId, a.token)).total;
    const discounted = (await post('/pagos/aplicar-promo', { promocionId: id, clave, eventoId: ev.eventoId, reservaId: holdA.reservaId }, a.token)).json()
      .total;
    expect(discounted).toBeLessThan(total);
    // A pays with 3-D Secure and is still at the bank when B's sale takes the last use.
    const pending = makeCargoResponseSchema.parse(
      ok(await pay(holdA.reservaId, CARDS.THREE_DS, { token: a.token, promocion_id: id, promocion_clave: clave, amount: discounted })),
    );
    expect(ok(await pay(holdB.reservaId, CARDS.APPROVED, { token: b.token, promocion_id: id, promocion_clave: clave, amount: discounted }))).toMatchObject({
      cargo: { pagado: true },
    });

    await authorize(pending.cargo.payment_method!.url, 'autorizar');
    const check = await post(`/pagos/check/cargo/${pending.cargo.id}`, { reservaId: holdA.reservaId, esGeneral: false }, a.token);
    expect(check.json()).toMatchObject({ message: pagoMessages.PAYMENT_REFUNDED_PROMOTION, cargo: { pagado: false, status: 'refunded' } });
    expect(await boletosDe(holdA.reservaId)).toBe(0);
    expect(await boletosDe(holdB.reservaId)).toBe(1);
    expect(await usos(id)).toBe(1);
    expect(await reservaEstado(t.database.db, holdA.reservaId)).not.toBe('vendida');
    const [mail] = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text from email_outbox where "to" = ${a.email} and subject like 'Reembolsamos%'`,
    );
    expect(mail?.text).toContain('la promoción que aplicaste ya se había agotado');
  });

  it('the database itself refuses a count past the limit', async () => {
    const { id } = await promo({ limite: 2 });
    await expect(t.database.db.execute(sql`update promociones set usos = 3 where id = ${id}`)).rejects.toThrow();
    expect(await usos(id)).toBe(0);
  });
});
