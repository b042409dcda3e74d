import { detalleSeccionResponseSchema, filasPorSeccionResponseSchema } from '@taquilla/shared/schemas/catalogo';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { availabilityByEvento } from '../src/modules/reservas/disponibilidad.repository';
import { holdPlaces, holdRefusal, releaseHold } from '../src/modules/reservas/apartados.repository';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp;
let eventoId: number;
let seccionId: number;
let general: { eventoSeccionId: number; seccionId: number };

beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await queryRows<{ evento_id: number; seccion_id: number }>(
    t.database.db,
    sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
         where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' group by 1, 2 having count(*) >= 20 order by 1, 2 limit 1`,
  );
  eventoId = row!.evento_id;
  seccionId = row!.seccion_id;
  const [g] = await queryRows<{ id: number; seccion_id: number }>(
    t.database.db,
    sql`select es.id, es.seccion_id from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = ${eventoId} and s.tipo = 'general' limit 1`,
  );
  general = { eventoSeccionId: g!.id, seccionId: g!.seccion_id };
  // Availability only: the per-hold limit and the seat-alone rule have their own tests.
  await t.database.db.execute(sql`update eventos set limite_de_asientos = 50, permitir_asiento_solo = true where id = ${eventoId}`);
});
afterAll(async () => t?.close());

async function freeSeatIds(n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from evento_asientos where evento_id = ${eventoId} and seccion_id = ${seccionId} and estado = 'disponible' and hold_expires_at is null order by id limit ${n}`,
  );
  return rows.map((r) => r.id);
}

/**
 * A hold through the live path (reservar_lugares_cliente, as POST reservar makes it), each by a
 * new guest; `minutes` < 0 makes a hold that has already expired. The places held, or [] when
 * refused (all or nothing).
 */
async function hold(what: { asientos: number[] } | { generales: number }, minutes = 10, reserva = randomUUID()): Promise<number[]> {
  const seats = 'asientos' in what ? what.asientos : null;
  try {
    const result = await holdPlaces(t.database.db, {
      id: reserva,
      eventoId,
      comprador: { correo: `${randomUUID()}@prueba.mx`, nombre: 'Prueba' },
      asientoIds: seats,
      seccionId: seats ? null : general.seccionId,
      cantidad: seats ? seats.length : (what as { generales: number }).generales,
      holdMinutes: minutes,
    });
    if ('refusal' in result) return [];
  } catch (err) {
    if (holdRefusal(err)?.code === 'ASIENTOS_NO_DISPONIBLES') return [];
    throw err;
  }
  const table = seats ? sql`evento_asientos` : sql`evento_lugares_generales`;
  return (await queryRows<{ id: number }>(t.database.db, sql`select id from ${table} where reserva_id = ${reserva} order by id`)).map((r) => r.id);
}

async function seccion(id: number) {
  const body = detalleSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${eventoId}/detalle_seccion/false/web`)).json());
  return body.secciones.find((s) => s.id === id)!;
}

async function seatStates(): Promise<Map<number, string>> {
  const body = filasPorSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${eventoId}/${seccionId}/filas_por_seccion`)).json());
  return new Map(body.filas.flatMap((f) => f.asientos.map((a) => [a.id, a.estado] as const)));
}

describe('availability after holds', () => {
  it('a live hold makes seats reservado and lowers the counts; release frees them', async () => {
    const before = await seccion(seccionId);
    const ids = await freeSeatIds(4);
    const reserva = randomUUID();
    const held = await hold({ asientos: ids }, 10, reserva);
    expect(held).toEqual([...ids].sort((a, b) => a - b));
    expect((await seccion(seccionId)).asientosDisponibles).toBe(before.asientosDisponibles - 4);
    const states = await seatStates();
    for (const id of ids) expect(states.get(id)).toBe('reservado');

    // Nobody else can hold them while the hold lives.
    expect(await hold({ asientos: ids })).toEqual([]);

    await releaseHold(t.database.db, reserva);
    expect((await seccion(seccionId)).asientosDisponibles).toBe(before.asientosDisponibles);
  });

  it('two buyers racing for overlapping seats: one holds all it asked for, the other nothing', async () => {
    const ids = await freeSeatIds(6);
    const [a, b] = await Promise.all([hold({ asientos: ids }), hold({ asientos: ids.slice(2) })]);
    expect([a.length, b.length].sort()).toEqual([0, a.length || b.length]);
    expect(a.length ? a : b).toEqual(a.length ? ids : ids.slice(2));
  });

  it('an expired hold counts as free everywhere, without any sweeper', async () => {
    const before = await seccion(seccionId);
    const ids = await freeSeatIds(3);
    expect(await hold({ asientos: ids }, -1 / 60)).toEqual(ids);
    expect((await seccion(seccionId)).asientosDisponibles).toBe(before.asientosDisponibles);
    const states = await seatStates();
    for (const id of ids) expect(states.get(id)).toBe('disponible');
    const rows = await availabilityByEvento(t.database.db, eventoId);
    expect(rows.filter((r) => r.seccionId === seccionId).reduce((n, r) => n + r.disponibles, 0)).toBe(before.asientosDisponibles);
    // …and can be held again by someone else.
    expect(await hold({ asientos: ids })).toEqual(ids);
  });

  it('general admission: live claims lower the count, expired ones do not, and claims never overlap', async () => {
    const before = await seccion(general.seccionId);
    const live = await hold({ generales: 5 });
    expect(live).toHaveLength(5);
    expect(await hold({ generales: 7 }, -1 / 60)).toHaveLength(7);
    const after = await seccion(general.seccionId);
    expect(after.asientosDisponibles).toBe(before.asientosDisponibles - 5);
    expect(after.disponiblesPorCategoria[0]!.disponibles).toBe(before.asientosDisponibles - 5);

    const [a, b] = await Promise.all([hold({ generales: 20 }), hold({ generales: 20 })]);
    expect(a).toHaveLength(20);
    expect(b).toHaveLength(20);
    expect(new Set([...a, ...b, ...live]).size).toBe(45);
  });

  it('sold seats are served as vendido and leave the free count', async () => {
    const before = await seccion(seccionId);
    const [id] = await freeSeatIds(1);
    await t.database.db.execute(sql`update evento_asientos set estado = 'vendido' where id = ${id!}`);
    // Announced as ventas.settle announces a sale: the seat page's snapshot follows (decision 0028).
    t.app.disponibilidad.publisher.queue({ asientos: [id!] });
    await expect.poll(async () => (await seatStates()).get(id!), { timeout: 5_000, interval: 100 }).toBe('vendido');
    expect((await seccion(seccionId)).asientosDisponibles).toBe(before.asientosDisponibles - 1);
  });
});
