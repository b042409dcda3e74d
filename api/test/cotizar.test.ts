import { cotizacionSchema } from '@taquilla/shared/schemas/pagos';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import type { TestApp } from './support/app';
import { pickEvento } from './support/reservas';
import { buildSaleApp, ok, saleKit } from './support/sale';

/**
 * POST /eventos/{id}/cotizar: the price of a selection before the hold (issue 33 item 2). It is
 * the same server code as `resumen` and `aplicar-promo`, so the quote of a selection is exactly
 * what the hold of that selection will be charged.
 */

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
const { seats, post, resumen } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));
const cotizar = (payload: unknown, eventoId: number | string = ev.eventoId) => post(`/eventos/${eventoId}/cotizar`, payload);
const guest = () => ({ nombre: 'Ana Cotiza', correo: `ana.${randomUUID().slice(0, 8)}@ejemplo.mx` });

beforeAll(async () => {
  t = await buildSaleApp();
  ev = await pickEvento(t.database.db, 40);
});
afterAll(async () => t?.close());

async function codigo(porcentajeBps: number) {
  const clave = `COTIZA${randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into promociones (evento_id, nombre, tipo, porcentaje_bps, aplica_todo_evento, automatica, clave)
        values (${ev.eventoId}, ${clave}, 'PORCENTAJE', ${porcentajeBps}, true, false, ${clave}) returning id`,
  );
  return { promocionId: row!.id, clave };
}

describe('POST /eventos/{id}/cotizar', () => {
  it('quotes seats exactly as resumen then charges the hold of those seats, without holding anything', async () => {
    const ids = await seats(3);
    const quote = cotizacionSchema.parse(ok(await cotizar({ asientoIds: ids })));
    expect(quote.subtotal).toBeGreaterThan(0);
    expect(quote.total).toBe(quote.subtotal - quote.descuento + quote.cargoServicio + quote.cargoTarjeta + quote.iva);
    // Nothing was reserved.
    const held = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from evento_asientos where id = any(${`{${ids.join(',')}}`}::int[]) and reserva_id is not null`,
    );
    expect(Number(held[0]!.n)).toBe(0);

    const hold = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() });
    expect(hold.statusCode, hold.body).toBe(201);
    // The hold's summary adds how it may be paid (meses sin intereses, cash, SPEI); the figures are the quote's.
    const { reservaId, planesMsi: _planes, diferidos: _diferidos, ...charged } = await resumen(hold.json().reservaId);
    expect(reservaId).toBeTruthy();
    expect(quote).toEqual(charged);
  });

  it('quotes general places by quantity exactly as the hold of that quantity', async () => {
    const cantidad = Math.min(4, ev.limite);
    const quote = cotizacionSchema.parse(ok(await cotizar({ seccionId: ev.general.seccionId, cantidad })));
    const hold = await post(`/eventos/${ev.eventoId}/reservar_generales`, { seccionId: ev.general.seccionId, cantidadAsientos: cantidad, ...guest() });
    expect(hold.statusCode, hold.body).toBe(201);
    const { reservaId: _, planesMsi: _planes, diferidos: _diferidos, ...charged } = await resumen(hold.json().reservaId);
    expect(quote).toEqual(charged);
  });

  it('with a code: the code’s promotion, the same totals aplicar-promo gives the hold', async () => {
    const ids = await seats(2);
    const { promocionId, clave } = await codigo(2500);
    const quote = cotizacionSchema.parse(ok(await cotizar({ asientoIds: ids, clave: clave.toLowerCase() })));
    expect(quote.promocion?.id).toBe(promocionId);
    expect(quote.descuento).toBeGreaterThan(0);
    const hold = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() });
    const applied = ok(await post('/pagos/aplicar-promo', { promocionId, clave, eventoId: ev.eventoId, reservaId: hold.json().reservaId })) as Record<
      string,
      unknown
    >;
    const { message: _, ...totals } = applied;
    expect(totals).toEqual(quote);
  });

  it('bad selections answer a Spanish 4xx and never a 500', async () => {
    const [own] = await seats(1);
    const cases: [unknown, number | string, number, string | RegExp][] = [
      [{}, ev.eventoId, 400, /./],
      [{ asientoIds: [] }, ev.eventoId, 400, 'Debes seleccionar al menos un asiento.'],
      [{ asientoIds: [2147483000] }, ev.eventoId, 400, 'Uno o más asientos no pertenecen a este evento.'],
      [{ asientoIds: [own] }, 2147483000, 404, /evento/i],
      [{ asientoIds: [own] }, 'abc', 400, /./],
      [{ seccionId: ev.general.seccionId, cantidad: 0 }, ev.eventoId, 400, /./],
      [{ seccionId: ev.general.seccionId, cantidad: ev.limite + 1 }, ev.eventoId, 400, `Solo puedes reservar hasta ${ev.limite} boletos para este evento.`],
      [{ seccionId: ev.seccionId, cantidad: 1 }, ev.eventoId, 404, 'La sección no existe para este evento.'],
      [{ asientoIds: [own], clave: 'NOEXISTE99' }, ev.eventoId, 404, 'Código de descuento inválido.'],
    ];
    for (const [payload, eventoId, status, message] of cases) {
      const res = await cotizar(payload, eventoId);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(status);
      const raw = res.json().message as string | string[];
      const text = Array.isArray(raw) ? raw.join('\n') : raw;
      if (typeof message === 'string') expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
  });
});
