import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createUser } from './support/reservas';
import { CARDS, saleSuite } from './support/sale';

/** The sale with a discount code (aplicar-promo) and with a saved card, on the Openpay sandbox. */

const { APPROVED } = CARDS;
const { suite, kit } = saleSuite(40);
const { post, cardToken, holdSeats, resumen, pay, count, boletosDe } = kit;

describe('POST /pagos/aplicar-promo and a sale with a code', () => {
  async function promo(values: { tipo: 'PORCENTAJE' | 'CANTIDAD'; porcentaje?: number; compra?: number; paga?: number }) {
    const clave = `VENTA${randomUUID().slice(0, 6).toUpperCase()}`;
    const [row] = await queryRows<{ id: number }>(
      suite.t.database.db,
      sql`insert into promociones (evento_id, nombre, tipo, porcentaje_bps, cantidad_compra, cantidad_paga, aplica_todo_evento, automatica, clave)
          values (${suite.ev.eventoId}, ${clave}, ${values.tipo}, ${values.porcentaje ?? null}, ${values.compra ?? null}, ${values.paga ?? null}, true, false, ${clave}) returning id`,
    );
    return { promocionId: row!.id, clave };
  }

  it('applies a code to the hold, and make/cargo charges exactly that total and stores it with the promotion', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(2, user.token);
    const { promocionId, clave } = await promo({ tipo: 'PORCENTAJE', porcentaje: 2500 });
    const res = await post('/pagos/aplicar-promo', { promocionId, clave, eventoId: suite.ev.eventoId, reservaId }, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const applied = res.json();
    expect(applied.message).toBe('Descuento aplicado correctamente!');
    expect(applied.descuento).toBe(Math.floor((applied.subtotal * 2500 + 5000) / 10000));
    expect(applied.total).toBe(applied.subtotal - applied.descuento + applied.cargoServicio + applied.cargoTarjeta + applied.iva);

    // The automatic total is not the code's total: sending it with the code is refused.
    const sinCodigo = (await resumen(reservaId, user.token)).total;
    if (sinCodigo !== applied.total)
      expect((await pay(reservaId, APPROVED, { token: user.token, amount: sinCodigo, promocion_id: promocionId, promocion_clave: clave })).statusCode).toBe(
        400,
      );
    const paid = await pay(reservaId, APPROVED, { token: user.token, amount: applied.total, promocion_id: promocionId, promocion_clave: clave });
    expect(paid.statusCode, paid.body).toBe(200);
    const [stored] = await queryRows<{ promocion_id: number; descuento: number; total: number }>(
      suite.t.database.db,
      sql`select promocion_id, descuento, total from reservas where id = ${reservaId}`,
    );
    expect({ ...stored, descuento: Number(stored!.descuento), total: Number(stored!.total) }).toEqual({
      promocion_id: promocionId,
      descuento: applied.descuento,
      total: applied.total,
    });
  });

  it('answers the spec messages: too few seats for a 3×2, an unknown promotion, another account’s hold', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const { reservaId } = await holdSeats(1, user.token);
    const tresPorDos = await promo({ tipo: 'CANTIDAD', compra: 3, paga: 2 });
    const few = await post(
      '/pagos/aplicar-promo',
      { promocionId: tresPorDos.promocionId, clave: tresPorDos.clave, eventoId: suite.ev.eventoId, reservaId },
      user.token,
    );
    expect(few.statusCode).toBe(400);
    expect(few.json().message).toBe('Debes seleccionar al menos 3 asientos en una misma categoría y precio para aplicar este código.');
    const unknown = await post('/pagos/aplicar-promo', { promocionId: 2147483000, eventoId: suite.ev.eventoId, reservaId }, user.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Código de descuento inválido.');
    const { total } = await resumen(reservaId, user.token);
    expect((await pay(reservaId, APPROVED, { token: user.token, amount: total, promocion_id: 2147483000 })).statusCode).toBe(404);
    const otro = await createUser(suite.t.database.db, suite.jwtSecret);
    expect(
      (await post('/pagos/aplicar-promo', { promocionId: tresPorDos.promocionId, clave: tresPorDos.clave, eventoId: suite.ev.eventoId, reservaId }, otro.token))
        .statusCode,
    ).toBe(404);
    expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
  });
});

describe('saved cards', () => {
  it('guardarTarjeta saves the new card (masked) on the account, and the next purchase pays with it; another account cannot use it', async () => {
    const user = await createUser(suite.t.database.db, suite.jwtSecret);
    const first = await holdSeats(1, user.token);
    const { total } = await resumen(first.reservaId, user.token);
    const body = {
      reservaId: first.reservaId,
      esGeneral: false,
      source_id: await cardToken('5555555555554444'),
      device_session_id: 'dev-2',
      amount: total,
      guardarTarjeta: true,
    };
    const res = await post('/pagos/make/cargo', body, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cargo.pagado).toBe(true);
    const [card] = await queryRows<{ idtarjeta: string; tarjeta: string; id_openpay: string }>(
      suite.t.database.db,
      sql`select t.idtarjeta, t.tarjeta, p.id_openpay from tarjetas t join perfiles_pago p on p.id = t.perfil_pago_id where p.usuario_id = ${user.id}`,
    );
    expect(card!.tarjeta).not.toContain('5555555555554444');
    expect(card!.tarjeta.endsWith('4444')).toBe(true);

    const second = await holdSeats(1, user.token);
    const amount = (await resumen(second.reservaId, user.token)).total;
    const saved = {
      reservaId: second.reservaId,
      esGeneral: false,
      source_id: card!.idtarjeta,
      usuarioOpenpayId: card!.id_openpay,
      device_session_id: 'dev-3',
      amount,
    };
    const otro = await createUser(suite.t.database.db, suite.jwtSecret);
    const otherHold = await holdSeats(1, otro.token);
    const foreign = await post(
      '/pagos/make/cargo',
      { ...saved, reservaId: otherHold.reservaId, amount: (await resumen(otherHold.reservaId, otro.token)).total },
      otro.token,
    );
    expect(foreign.statusCode).toBe(404);
    const paid = await post('/pagos/make/cargo', saved, user.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().cargo.pagado).toBe(true);
    expect(await boletosDe(second.reservaId)).toBe(1);
  });
});
