import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { contarGrupos } from '../src/modules/reservas/reservas.service';
import type { TestApp } from './support/app';
import { buildTestApp } from './support/app';
import { venueMejores, seatsOf } from './support/mejores';
import { guest } from './support/reservas';

/**
 * 'Mejores lugares disponibles' and the no-seat-alone rule (decision 0032), on PGlite and on
 * PostgreSQL (TEST_DB=pg): the SQL functions (src/db/functions) through the routes.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', HOLD_MINUTES: '10' } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, holdToken?: string) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as never, headers: holdToken ? { 'x-reserva-token': holdToken } : {} });

type Venue = Awaited<ReturnType<typeof venueMejores>>;
const mejores = (v: Venue, body: Record<string, unknown>, holdToken?: string) =>
  post(`/eventos/${v.eventoId}/mejores_lugares`, { categoria: 'Oro', ...guest(), ...body }, holdToken);
const names = (res: { json(): { asientos: { fila: string; numero: number }[] } }) => res.json().asientos.map((a) => `${a.fila}-${a.numero}`);

describe('best available: the pick', () => {
  it('holds the block nearest the centre of the best row of the best section, then the next best', async () => {
    const v = await venueMejores(t.database.db);
    const first = await mejores(v, { cantidad: 4 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ reservado: true, seccionId: v.seccion('frente'), grupos: 1 });
    expect(names(first)).toEqual(seatsOf('A', 4, 7));
    expect(first.json().tokenReserva).toBeTruthy();
    const states = await v.states();
    expect(seatsOf('A', 4, 7).map((s) => states.get(s))).toEqual(['reservado', 'reservado', 'reservado', 'reservado']);
    expect(states.get('A-3')).toBe('disponible');
    const [reserva] = await queryRows<{ cantidad: number; estado: string }>(
      t.database.db,
      sql`select cantidad, estado from reservas where id = ${first.json().reservaId}`,
    );
    expect(reserva).toEqual({ cantidad: 4, estado: 'activa' });

    // Row A has 3 + 3 left: the next group of 4 sits together in row B.
    const second = await mejores(v, { cantidad: 4 });
    expect(second.statusCode).toBe(201);
    expect(names(second)).toEqual(seatsOf('B', 4, 7));
    // A pair fits in row A again, on the side nearest the centre, never leaving one seat alone.
    const pair = await mejores(v, { cantidad: 2 });
    expect(names(pair)).toEqual(['A-2', 'A-3']);
  });

  it('never leaves a seat alone between taken seats, unless the event allows it', async () => {
    const v = await venueMejores(t.database.db);
    // Row A: only A-2…A-6 free (A-1 and A-7…A-10 sold). Any 4 of them leave one alone.
    await v.take(['A-1', ...seatsOf('A', 7, 10)]);
    const res = await mejores(v, { cantidad: 4 });
    expect(names(res)).toEqual(seatsOf('B', 4, 7));

    const allowed = await venueMejores(t.database.db, { permitirAsientoSolo: true });
    await allowed.take(['A-1', ...seatsOf('A', 7, 10)]);
    const res2 = await mejores(allowed, { cantidad: 4 });
    expect(names(res2)).toEqual(seatsOf('A', 3, 6));
  });

  it('a single seat left at the end of a row is fine (only a seat between taken seats is alone)', async () => {
    const v = await venueMejores(t.database.db);
    await v.take(seatsOf('A', 6, 10));
    const res = await mejores(v, { cantidad: 4 });
    expect(names(res)).toEqual(seatsOf('A', 2, 5));
  });

  it('prefers the run nearer the centre of the row', async () => {
    const v = await venueMejores(t.database.db);
    await v.take(['A-4', 'A-5']);
    const res = await mejores(v, { cantidad: 2 });
    expect(names(res)).toEqual(['A-6', 'A-7']);
  });

  it('keeps to the section asked for', async () => {
    const v = await venueMejores(t.database.db);
    const res = await mejores(v, { cantidad: 3, seccionId: v.seccion('fondo') });
    expect(res.statusCode).toBe(201);
    expect(names(res)).toEqual(seatsOf('C', 4, 6));
  });
});

describe('best available: no block left', () => {
  it('proposes the best split without holding it, and holds it when the buyer accepts', async () => {
    const v = await venueMejores(t.database.db);
    await v.take([...seatsOf('A', 3, 8), ...seatsOf('B', 1, 10), ...seatsOf('C', 1, 10)]);
    const before = await v.states();
    const offer = await mejores(v, { cantidad: 4 });
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({ reservado: false, grupos: 2, seccionId: v.seccion('frente') });
    expect(offer.json().reservaId).toBeUndefined();
    expect(names(offer).sort()).toEqual(['A-1', 'A-10', 'A-2', 'A-9']);
    expect(await v.states()).toEqual(before);

    const accepted = await mejores(v, { cantidad: 4, separados: true });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ reservado: true, grupos: 2 });
    const states = await v.states();
    expect(['A-1', 'A-2', 'A-9', 'A-10'].map((s) => states.get(s))).toEqual(['reservado', 'reservado', 'reservado', 'reservado']);
  });

  it('answers a clear 409 when no section has that many seats of the category, and changes nothing', async () => {
    const v = await venueMejores(t.database.db);
    await v.take([...seatsOf('A', 1, 10), ...seatsOf('B', 1, 8), ...seatsOf('C', 1, 9)]);
    const before = await v.states();
    const res = await mejores(v, { cantidad: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No quedan 3 lugares de esta categoría en una misma sección. Prueba con menos lugares o con otra categoría.');
    expect(await v.states()).toEqual(before);
  });
});

describe('best available: tables and wheelchair places', () => {
  it('sells a table whole', async () => {
    const v = await venueMejores(t.database.db);
    const res = await mejores(v, { cantidad: 4, categoria: 'Mesa' });
    expect(res.statusCode).toBe(201);
    expect(names(res)).toEqual(seatsOf('Mesa 1', 1, 4));
    const part = await mejores(v, { cantidad: 2, categoria: 'Mesa' });
    expect(part.statusCode).toBe(409);
    expect(part.json().message).toBe('En esta categoría se venden mesas completas de 4 lugares.');
    const next = await mejores(v, { cantidad: 4, categoria: 'Mesa' });
    expect(names(next)).toEqual(seatsOf('Mesa 2', 1, 4));
  });

  it('offers a wheelchair place with its companion, and never gives either out otherwise', async () => {
    const v = await venueMejores(t.database.db);
    // The seat map knows them too (the seat page proposes the companion of a wheelchair place).
    const mapa = await t.request(`/api/v1/eventos/${v.eventoId}/${v.seccion('accesible')}/filas_por_seccion`);
    const w = (mapa.json().filas as { asientos: { numero: number; accesibilidad?: string }[] }[])[0]!.asientos;
    expect(w.map((a) => a.accesibilidad ?? null)).toEqual(['silla_de_ruedas', 'acompanante', null, 'silla_de_ruedas', 'acompanante', null]);
    const res = await mejores(v, { cantidad: 2, sillaDeRuedas: true });
    expect(res.statusCode).toBe(201);
    expect(names(res)).toEqual(['W-4', 'W-5']);
    const again = await mejores(v, { cantidad: 2, sillaDeRuedas: true });
    expect(names(again)).toEqual(['W-1', 'W-2']);
    const none = await mejores(v, { cantidad: 2, sillaDeRuedas: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No quedan lugares para silla de ruedas con acompañante en esta categoría.');

    const other = await venueMejores(t.database.db);
    // Only the accessible section is asked for: its two ordinary seats are not adjacent.
    const plain = await mejores(other, { cantidad: 2, seccionId: other.seccion('accesible'), separados: true });
    expect(plain.statusCode).toBe(201);
    expect(names(plain)).toEqual(['W-3', 'W-6']);
  });
});

describe('best available: the rules of a manual hold', () => {
  it('refuses bad input in Spanish without holding anything', async () => {
    const v = await venueMejores(t.database.db, { limite: 4 });
    const otro = await venueMejores(t.database.db);
    const before = await v.states();
    const cases: [unknown, number, string | string[]][] = [
      [{ categoria: 'Oro', cantidad: 0, ...guest() }, 400, ['La cantidad de boletos debe ser un número entero mayor que cero.']],
      [{ categoria: '', cantidad: 2, ...guest() }, 400, ['Elige una categoría de precio.']],
      [{ categoria: 'Platino', cantidad: 2, ...guest() }, 404, 'La categoría no existe para este evento.'],
      [{ categoria: 'Oro', cantidad: 2, seccionId: otro.seccion('frente'), ...guest() }, 404, 'La sección no existe para este evento.'],
      [{ categoria: 'Oro', cantidad: 5, ...guest() }, 400, 'Solo puedes reservar hasta 4 boletos para este evento.'],
      [{ categoria: 'Oro', cantidad: 2 }, 400, ['Ingresa el nombre', 'Es necesario un correo electrónico valído']],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(`/eventos/${v.eventoId}/mejores_lugares`, payload);
      expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({ payload, status, message });
    }
    const missing = await post(`/eventos/999999/mejores_lugares`, { categoria: 'Oro', cantidad: 2, ...guest() });
    expect(missing.statusCode).toBe(404);
    expect(await v.states()).toEqual(before);
  });

  it('an event hidden from the web or already past takes no hold, manual or best available (evento_admite_apartado)', async () => {
    for (const change of [sql`mostrar_web = false`, sql`fecha = now() - interval '1 hour'`]) {
      const v = await venueMejores(t.database.db);
      await t.database.db.execute(sql`update eventos set ${change} where id = ${v.eventoId}`);
      const before = await v.states();
      for (const res of [
        await mejores(v, { cantidad: 2 }),
        await post(`/eventos/${v.eventoId}/reservarInvitado`, { asientosReserva: [{ id: v.seat('A-5') }], ...guest() }),
      ]) {
        expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: 'Este evento no se encuentra disponible' });
      }
      expect(await v.states()).toEqual(before);
    }
  });

  it('replaces the same browser’s live hold, like a manual hold', async () => {
    const v = await venueMejores(t.database.db);
    const g = guest();
    const first = await mejores(v, { cantidad: 2, ...g });
    const again = await mejores(v, { cantidad: 2, ...g }, first.json().tokenReserva);
    expect(again.statusCode).toBe(201);
    // The first hold's seats are given back and count as free: the same best pair again.
    expect(names(again)).toEqual(names(first));
    const [old] = await queryRows<{ estado: string }>(t.database.db, sql`select estado from reservas where id = ${first.json().reservaId}`);
    expect(old!.estado).toBe('cancelada');
  });
});

describe('no seat alone on a manual hold', () => {
  it('refuses a hold that leaves a seat alone between taken seats, naming it; the whole selection passes', async () => {
    const v = await venueMejores(t.database.db);
    const hold = (seats: string[], g = guest()) =>
      post(`/eventos/${v.eventoId}/reservarInvitado`, { asientosReserva: seats.map((s) => ({ id: v.seat(s) })), ...g });
    expect((await hold(['B-3'])).statusCode).toBe(201);
    const before = await v.states();
    const alone = await hold(['B-5']);
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toMatchObject({
      code: 'ASIENTO_SOLO',
      message: 'No puedes dejar el asiento B-4 solo: agrégalo a tu selección o elige otros asientos.',
    });
    expect(await v.states()).toEqual(before);
    expect((await hold(['B-4', 'B-5'])).statusCode).toBe(201);
    // At the row's end a single free seat is not alone.
    expect((await hold(['B-2'])).statusCode).toBe(201);
  });

  it('counts the buyer’s own hold as given back', async () => {
    const v = await venueMejores(t.database.db);
    const g = guest();
    const hold = (seats: string[], who = guest(), token?: string) =>
      post(`/eventos/${v.eventoId}/reservarInvitado`, { asientosReserva: seats.map((s) => ({ id: v.seat(s) })), ...who }, token);
    expect((await hold(['C-7'])).statusCode).toBe(201);
    const first = await hold(['C-5', 'C-6'], g);
    expect(first.statusCode).toBe(201);
    // Moving to C-4 and C-5 gives C-6 back, which would be alone between C-5 and C-7.
    const moved = await hold(['C-4', 'C-5'], g, first.json().tokenReserva);
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe('No puedes dejar el asiento C-6 solo: agrégalo a tu selección o elige otros asientos.');
    expect((await v.states()).get('C-6')).toBe('reservado');
    expect((await hold(['C-3', 'C-4'], g, first.json().tokenReserva)).statusCode).toBe(201);
  });

  it('is off for an event whose organiser allows seats alone', async () => {
    const v = await venueMejores(t.database.db, { permitirAsientoSolo: true });
    const hold = (seats: string[]) => post(`/eventos/${v.eventoId}/reservarInvitado`, { asientosReserva: seats.map((s) => ({ id: v.seat(s) })), ...guest() });
    expect((await hold(['B-3'])).statusCode).toBe(201);
    expect((await hold(['B-5'])).statusCode).toBe(201);
  });
});

describe('groups of a layout-ordered list (unit)', () => {
  it('counts runs of consecutive numbers in one row', () => {
    expect(contarGrupos([])).toBe(0);
    expect(
      contarGrupos([
        { filaId: 1, numero: 4 },
        { filaId: 1, numero: 5 },
        { filaId: 1, numero: 6 },
      ]),
    ).toBe(1);
    expect(
      contarGrupos([
        { filaId: 1, numero: 1 },
        { filaId: 1, numero: 2 },
        { filaId: 1, numero: 9 },
        { filaId: 1, numero: 10 },
      ]),
    ).toBe(2);
    expect(
      contarGrupos([
        { filaId: 1, numero: 10 },
        { filaId: 2, numero: 11 },
      ]),
    ).toBe(2);
  });
});
