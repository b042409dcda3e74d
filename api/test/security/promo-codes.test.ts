import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { aplicarPromoResponseSchema, makeCargoResponseSchema } from '@taquilla/shared/schemas/pagos';
import { promocionSchema, validarPromoWebResponseSchema } from '@taquilla/shared/schemas/promociones';
import { promocionMessages } from '@taquilla/shared/messages/promociones';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import type { TestApp } from '../support/app';
import { andNotIn, createUser } from '../support/reservas';
import { buildSaleApp, CARDS, ok, saleKit } from '../support/sale';

// Finding 1: a promotion meant to be used with its code is applied only when its code comes
// with the call (aplicar-promo, make/cargo, make/cargo_invitado); a bare promotion id — a small
// sequential number — gives no discount. No answer carries a code its caller did not send.
let t: TestApp;
let luna: number;
let seccionId: number;
let jwtSecret: string;
/** Every code of the seed (to look for in answers) and the event's code-only promotions. */
let codes: string[];
let codeOnly: { id: number; clave: string }[];
let automatica: number;
const { post, cardToken, resumen, pay, count } = saleKit(() => ({ t, eventoId: luna, seccionId }));
const ATTACK_IDS = Array.from({ length: 15 }, (_, i) => i + 1);

beforeAll(async () => {
  t = await buildSaleApp();
  jwtSecret = t.app.config.jwtSecret;
  const db = t.database.db;
  [{ id: luna }] = (await queryRows<{ id: number }>(db, sql`select id from eventos where nombre = 'Luna Roja — Gira Eclipse'`)) as [{ id: number }];
  // The section with most free seats of one category and price (3X2LUNA needs 3 of one).
  [{ seccion_id: seccionId }] = (await queryRows<{ seccion_id: number }>(
    db,
    sql`select seccion_id from evento_asientos where evento_id = ${luna} and estado = 'disponible' and hold_expires_at is null
         group by seccion_id, categoria_evento_id, precio order by count(*) desc, seccion_id limit 1`,
  )) as [{ seccion_id: number }];
  codes = (await queryRows<{ clave: string }>(db, sql`select clave from promociones where clave is not null`)).map((r) => r.clave);
  codeOnly = await queryRows<{ id: number; clave: string }>(
    db,
    sql`select id, clave from promociones where evento_id = ${luna} and not automatica order by id`,
  );
  [{ id: automatica }] = (await queryRows<{ id: number }>(db, sql`select id from promociones where evento_id = ${luna} and automatica`)) as [{ id: number }];
  expect(codeOnly.map((p) => p.clave)).toEqual(['LUNA20', '3X2LUNA', 'VIPLUNA']);
  expect(Math.max(...codeOnly.map((p) => p.id), automatica)).toBeLessThanOrEqual(15);
});
afterAll(async () => t?.close());

/** Seats of the chosen section with one category and price, none handed out before. */
let handedOut: number[] = [];
async function hold(n: number, token?: string): Promise<string> {
  const ids = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`with g as (select categoria_evento_id, precio from evento_asientos where evento_id = ${luna} and seccion_id = ${seccionId}
                      group by 1, 2 order by count(*) desc limit 1)
          select ea.id from evento_asientos ea join g using (categoria_evento_id, precio)
           where ea.evento_id = ${luna} and ea.seccion_id = ${seccionId} and ea.estado = 'disponible' and ea.hold_expires_at is null
             ${andNotIn(sql`ea.id`, handedOut)}
           order by ea.id limit ${n}`,
    )
  ).map((r) => r.id);
  handedOut = [...handedOut, ...ids];
  const asientosReserva = ids.map((id) => ({ id }));
  const res = token
    ? await post(`/eventos/${luna}/reservar`, { asientosReserva }, token)
    : await post(`/eventos/${luna}/reservarInvitado`, { asientosReserva, nombre: 'Ana Invitada', correo: `ana.${handedOut.length}@ejemplo.mx` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().reservaId as string;
}

function leaksNoCode(body: string) {
  for (const clave of codes) expect(body, `la respuesta revela ${clave}`).not.toContain(clave);
}

function refusedAsInvalidCode(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(404);
  expect(apiErrorSchema.parse(res.json())).toMatchObject({ message: promocionMessages.DISCOUNT_CODE_INVALID, isPromoError: true });
}

/** The totals each code gives this hold, asked the honest way (the code with its id). */
async function discountedTotals(reservaId: string, token?: string): Promise<number[]> {
  const totals: number[] = [];
  for (const { id, clave } of codeOnly) {
    const res = await post('/pagos/aplicar-promo', { promocionId: id, clave, eventoId: luna, reservaId }, token);
    if (res.statusCode === 200) totals.push(aplicarPromoResponseSchema.parse(res.json()).total);
  }
  return totals;
}

/** Tries promotions 1…15 on a live hold as an attacker would, through aplicar-promo and make/cargo(_invitado). */
async function attack(reservaId: string, token?: string) {
  const plain = (await resumen(reservaId, token)).total;
  const amounts = await discountedTotals(reservaId, token);
  // LUNA20 and 3X2LUNA give a 3-seat hold of one category a discount: the totals an attacker wants.
  expect(amounts.filter((a) => a < plain)).toHaveLength(2);

  for (const promocionId of ATTACK_IDS) {
    const res = await post('/pagos/aplicar-promo', { promocionId, eventoId: luna, reservaId }, token);
    leaksNoCode(res.body);
    if (promocionId === automatica) {
      expect(aplicarPromoResponseSchema.parse(ok(res)).promocion.clave).toBeNull();
    } else {
      refusedAsInvalidCode(res);
    }
  }

  const source_id = await cardToken(CARDS.APPROVED);
  for (const promocion_id of ATTACK_IDS) {
    for (const amount of amounts) {
      const body = { reservaId, esGeneral: false, tipoDispositivo: 'web', source_id, device_session_id: 'dev-1', amount, promocion_id };
      const res = await post(token ? '/pagos/make/cargo' : '/pagos/make/cargo_invitado', body, token);
      leaksNoCode(res.body);
      expect(res.statusCode, `promocion_id ${promocion_id}, ${amount}: ${res.body}`).not.toBe(200);
      if (codeOnly.some((p) => p.id === promocion_id)) refusedAsInvalidCode(res);
    }
  }
  expect(await count(sql`select count(*)::int as n from cargos where reserva_id = ${reservaId}`)).toBe(0);
  const [r] = await queryRows<{ estado: string; promocion_id: number | null }>(
    t.database.db,
    sql`select estado, promocion_id from reservas where id = ${reservaId}`,
  );
  expect(r).toEqual({ estado: 'activa', promocion_id: null });

  // The attacker still pays the plain total; the hold is theirs and it sells without a discount.
  const paid = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.APPROVED, { token, amount: plain })));
  expect(paid.total).toBe(plain);
}

describe('a code-only promotion by its number alone', () => {
  it('guest hold: ids 1…15 through aplicar-promo and make/cargo_invitado give no discount and reveal no code', async () => {
    await attack(await hold(3));
  });

  it('signed-in hold: ids 1…15 through aplicar-promo and make/cargo give no discount and reveal no code', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    await attack(await hold(3, user.token), user.token);
  });

  it('a wrong code with the right id is refused; the right code in any case or spacing is accepted', async () => {
    const reservaId = await hold(3);
    const [luna20, tresPorDos] = codeOnly as [{ id: number; clave: string }, { id: number; clave: string }];
    refusedAsInvalidCode(await post('/pagos/aplicar-promo', { promocionId: luna20.id, clave: tresPorDos.clave, eventoId: luna, reservaId }));
    const empty = await post('/pagos/aplicar-promo', { promocionId: luna20.id, clave: ' ', eventoId: luna, reservaId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual([promocionMessages.DISCOUNT_CODE_REQUIRED]);
    const res = await post('/pagos/aplicar-promo', { promocionId: luna20.id, clave: '  luna20 ', eventoId: luna, reservaId });
    expect(aplicarPromoResponseSchema.parse(ok(res)).promocion.clave).toBe('LUNA20');
  });
});

describe('the code the buyer typed still works', () => {
  it.each([
    ['guest', false],
    ['signed-in', true],
  ])('%s: validar_clave_web → aplicar-promo → pay with the code charges the discounted total', async (_who, signedIn) => {
    const user = signedIn ? await createUser(t.database.db, jwtSecret) : undefined;
    const reservaId = await hold(3, user?.token);
    const plain = (await resumen(reservaId, user?.token)).total;
    const promo = promocionSchema.parse(ok(await post('/promociones/validar_clave_web', { clave: 'luna20', evento_id: luna })));
    expect(promo.clave).toBe('LUNA20');
    const applied = aplicarPromoResponseSchema.parse(
      ok(await post('/pagos/aplicar-promo', { promocionId: promo.id, clave: promo.clave, eventoId: luna, reservaId }, user?.token)),
    );
    expect(applied.total).toBeLessThan(plain);
    expect(applied.promocion.clave).toBe('LUNA20');
    const paid = makeCargoResponseSchema.parse(
      ok(await pay(reservaId, CARDS.APPROVED, { token: user?.token, amount: applied.total, promocion_id: promo.id, promocion_clave: 'LUNA20' })),
    );
    expect(paid).toMatchObject({ cargo: { pagado: true }, total: applied.total });
    const [r] = await queryRows<{ promocion_id: number; descuento: string }>(
      t.database.db,
      sql`select promocion_id, descuento from reservas where id = ${reservaId}`,
    );
    expect({ promocion_id: r!.promocion_id, descuento: Number(r!.descuento) }).toEqual({ promocion_id: promo.id, descuento: applied.descuento });
  });
});

describe('automatic promotions by id, and no code in answers to whoever did not send it', () => {
  it('an automatic promotion still applies by its id alone (aplicar-promo and make/cargo_invitado)', async () => {
    const reservaId = await hold(1);
    const applied = aplicarPromoResponseSchema.parse(ok(await post('/pagos/aplicar-promo', { promocionId: automatica, eventoId: luna, reservaId })));
    expect(applied.promocion).toMatchObject({ id: automatica, automatica: true, clave: null });
    expect(applied.descuento).toBeGreaterThan(0);
    const paid = makeCargoResponseSchema.parse(ok(await pay(reservaId, CARDS.APPROVED, { amount: applied.total, promocion_id: automatica })));
    expect(paid.cargo.pagado).toBe(true);
  });

  it('an automatic promotion that also has a code: validar_promo_web, resumen and aplicar-promo by id show no code', async () => {
    await t.database.db.execute(sql`update promociones set clave = 'AUTOSECRETA' where id = ${automatica}`);
    codes = [...codes, 'AUTOSECRETA'];
    try {
      const offered = await post('/promociones/validar_promo_web', { evento_id: luna });
      leaksNoCode(offered.body);
      expect(validarPromoWebResponseSchema.parse(ok(offered)).promocionesAplicaDirecto.map((p) => [p.id, p.clave])).toEqual([[automatica, null]]);
      const reservaId = await hold(1);
      const summary = await t.request(`/api/v1/eventos/${luna}/reservas/${reservaId}/resumen`);
      leaksNoCode(summary.body);
      expect(summary.json().promocion).toMatchObject({ id: automatica, clave: null });
      const applied = await post('/pagos/aplicar-promo', { promocionId: automatica, eventoId: luna, reservaId });
      leaksNoCode(applied.body);
      expect(aplicarPromoResponseSchema.parse(ok(applied)).promocion.clave).toBeNull();
    } finally {
      await t.database.db.execute(sql`update promociones set clave = null where id = ${automatica}`);
    }
  });
});
