import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { validarPromoWebResponseSchema, promocionSchema } from '@taquilla/shared/schemas/promociones';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp;
let luna: number;
let lucha: number;
let pasado: number;
let oculto: number;

const post = (url: string, payload: unknown) => t.request({ method: 'POST', url: `/api/v1/promociones/${url}`, payload: payload as object });
const eventoId = async (where: ReturnType<typeof sql>) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from eventos where ${where} order by id limit 1`))[0]!.id;

beforeAll(async () => {
  t = await buildTestApp();
  luna = await eventoId(sql`nombre = 'Luna Roja — Gira Eclipse'`);
  lucha = await eventoId(sql`nombre = 'Noche de Lucha Libre Estelar'`);
  pasado = await eventoId(sql`fecha < now()`);
  oculto = await eventoId(sql`not mostrar_web`);
});
afterAll(async () => t?.close());

describe('POST /promociones/validar_promo_web', () => {
  it('answers the automatic promotions in force, and only those', async () => {
    const res = await post('validar_promo_web', { evento_id: luna });
    expect(res.statusCode).toBe(200);
    const body = validarPromoWebResponseSchema.parse(res.json());
    expect(body.total).toBe(1);
    expect(body.promocionesAplicaDirecto.map((p) => [p.nombre, p.tipo, p.porcentaje, p.automatica, p.clave])).toEqual([
      ['Preventa: 10 % automático', 'PORCENTAJE', 1000, true, null],
    ]);
  });

  it('leaves out a promotion outside its validity window or switched off', async () => {
    await t.database.db.execute(sql`update promociones set vigente_hasta = now() - interval '1 minute' where evento_id = ${luna} and automatica`);
    const expired = validarPromoWebResponseSchema.parse((await post('validar_promo_web', { evento_id: luna })).json());
    expect(expired.total).toBe(0);
    await t.database.db.execute(
      sql`update promociones set vigente_hasta = null, vigente_desde = now() + interval '1 day' where evento_id = ${luna} and automatica`,
    );
    expect(validarPromoWebResponseSchema.parse((await post('validar_promo_web', { evento_id: luna })).json()).total).toBe(0);
    await t.database.db.execute(sql`update promociones set vigente_desde = null, activa = false where evento_id = ${luna} and automatica`);
    expect(validarPromoWebResponseSchema.parse((await post('validar_promo_web', { evento_id: luna })).json()).total).toBe(0);
    await t.database.db.execute(sql`update promociones set activa = true where evento_id = ${luna} and automatica`);
    expect(validarPromoWebResponseSchema.parse((await post('validar_promo_web', { evento_id: luna })).json()).total).toBe(1);
  });

  it('an automatic quantity promotion carries buy X pay Y', async () => {
    const festival = await eventoId(sql`nombre = 'Festival Norte Sonoro'`);
    const body = validarPromoWebResponseSchema.parse((await post('validar_promo_web', { evento_id: festival })).json());
    expect(body.promocionesAplicaDirecto.map((p) => [p.tipo, p.cantidadCompra, p.cantidadPaga, p.porcentaje, p.aplicaTodoEvento])).toEqual([
      ['CANTIDAD', 4, 3, null, true],
    ]);
  });

  it('an event without automatic promotions answers none', async () => {
    const body = validarPromoWebResponseSchema.parse((await post('validar_promo_web', { evento_id: lucha })).json());
    expect(body).toEqual({ total: 0, promocionesAplicaDirecto: [] });
  });
});

describe('POST /promociones/validar_clave_web', () => {
  it('finds a code whatever its case and spaces, with its category restrictions', async () => {
    const res = await post('validar_clave_web', { clave: '  vipluna ', evento_id: luna });
    expect(res.statusCode).toBe(200);
    const promo = promocionSchema.parse(res.json());
    expect(promo).toMatchObject({ nombre: '15 % en VIP y Pista', tipo: 'PORCENTAJE', porcentaje: 1500, clave: 'VIPLUNA', aplicaTodoEvento: false });
    expect(promo.categorias.map((c) => c.categoria?.nombre ?? `general: ${c.categoriaGeneral?.nombre}`)).toEqual(['VIP', expect.stringMatching(/^general: /)]);
  });

  it('a quantity promotion carries buy X pay Y', async () => {
    const promo = promocionSchema.parse((await post('validar_clave_web', { clave: '3X2LUNA', evento_id: luna })).json());
    expect(promo).toMatchObject({ tipo: 'CANTIDAD', cantidadCompra: 3, cantidadPaga: 2, porcentaje: null, aplicaTodoEvento: true });
  });

  it("another event's code, an unknown code and an automatic promotion's name are 'Código de descuento inválido.'", async () => {
    for (const payload of [
      { clave: 'LUCHA2X1', evento_id: luna },
      { clave: 'NOEXISTE', evento_id: luna },
      { clave: 'Preventa: 10 % automático', evento_id: luna },
    ]) {
      const res = await post('validar_clave_web', payload);
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).message).toBe('Código de descuento inválido.');
    }
  });

  it('an expired code is invalid', async () => {
    await t.database.db.execute(sql`update promociones set vigente_hasta = now() - interval '1 second' where evento_id = ${luna} and clave = 'LUNA20'`);
    expect((await post('validar_clave_web', { clave: 'LUNA20', evento_id: luna })).statusCode).toBe(404);
  });
});

describe('bad input gets a Spanish 4xx', () => {
  it.each([
    ['an empty code', 'validar_clave_web', () => ({ clave: '   ', evento_id: luna }), 400, 'Ingresa un código valido'],
    ['no code', 'validar_clave_web', () => ({ evento_id: luna }), 400, 'Ingresa un código valido'],
    ['a text event id', 'validar_promo_web', () => ({ evento_id: 'uno' }), 400, 'El evento no es válido.'],
    ['a fractional event id', 'validar_promo_web', () => ({ evento_id: 1.5 }), 400, 'El evento no es válido.'],
    ['an out-of-range event id', 'validar_clave_web', () => ({ clave: 'X', evento_id: 2 ** 40 }), 400, 'El evento no es válido.'],
    ['an unknown event', 'validar_promo_web', () => ({ evento_id: 2147483647 }), 404, 'El evento no existe.'],
    ['a past event', 'validar_promo_web', () => ({ evento_id: pasado }), 404, 'El evento no existe.'],
    ['an event not shown on the web', 'validar_clave_web', () => ({ clave: 'X', evento_id: oculto }), 404, 'El evento no existe.'],
  ])('%s', async (_name, url, payload, status, message) => {
    const res = await post(url, payload());
    expect(res.statusCode).toBe(status);
    const body = apiErrorSchema.parse(res.json());
    expect([body.message].flat().join('\n')).toContain(message);
  });

  it('a NUL character in the code is refused, not a 500', async () => {
    const res = await post('validar_clave_web', { clave: 'LUNA\u000020', evento_id: luna });
    expect(res.statusCode).toBe(400);
    // Refused by the input guard before the route, or by the code's own schema.
    expect(apiErrorSchema.parse(res.json()).message).toMatch(/caracteres no permitidos|Código de descuento inválido\./);
  });
});
