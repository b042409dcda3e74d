import { filasPorSeccionResponseSchema, detalleSeccionResponseSchema } from '@taquilla/shared/schemas/catalog';
import { cancelarResponseSchema, reservaCreadaSchema, reservaDetalleSchema } from '@taquilla/shared/schemas/reservas';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { expireHolds } from '../src/modules/reservas/reservas.service';
import { buildTestApp, type TestApp } from './support/app';
import { createUser, freeSeats, pickEvento, reservaEstado, seatStates } from './support/reservas';

const GONE = 'Uno o más asientos ya no están disponibles. Por favor, actualiza la página.';

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
let otro: Awaited<ReturnType<typeof pickEvento>>;
let jwtSecret: string;
let offset = 0;

/** Seats nobody in this file has used yet. */
async function seats(n: number): Promise<number[]> {
  const ids = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, n, offset);
  offset += n;
  return ids;
}

function post(url: string, payload: unknown, token?: string) {
  return t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const guest = (tag = 'ana') => ({ nombre: 'Ana Invitada', correo: `${tag}.${randomUUID().slice(0, 8)}@ejemplo.mx` });

async function countReservas(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from reservas`);
  return row!.n;
}

beforeAll(async () => {
  // No expiry job here: these tests show that expiry needs none (the job has its own file).
  t = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', HOLD_MINUTES: '10' } });
  jwtSecret = t.app.config.jwtSecret;
  ev = await pickEvento(t.database.db, 60);
  otro = await pickEvento(t.database.db, 5, [ev.eventoId]);
});
afterAll(async () => t?.close());

describe('POST /eventos/:id/reservar (signed-in buyer)', () => {
  it('holds the seats for the token account, answers reservaId and fechaExpiracion, and the maps read them reservado', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const ids = await seats(3);
    const before = detalleSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${ev.eventoId}/detalle_seccion/false/web`)).json());
    const res = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })), userEmail: 'otra.persona@ejemplo.mx' }, user.token);
    expect(res.statusCode).toBe(201);
    const body = reservaCreadaSchema.parse(res.json());
    expect(body.id).toBe(body.reservaId);
    const minutes = (Date.parse(body.fechaExpiracion) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10.05);

    const [row] = await queryRows<{ usuario_id: string; estado: string; invitado_id: string | null }>(t.database.db, sql`select usuario_id, estado, invitado_id from reservas where id = ${body.reservaId}`);
    expect(row).toEqual({ usuario_id: user.id, estado: 'activa', invitado_id: null });

    const filas = filasPorSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${ev.eventoId}/${ev.seccionId}/filas_por_seccion`)).json());
    const served = new Map(filas.filas.flatMap((f) => f.asientos.map((a) => [a.id, a.estado])));
    for (const id of ids) expect(served.get(id)).toBe('reservado');
    const after = detalleSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${ev.eventoId}/detalle_seccion/false/web`)).json());
    const disp = (d: typeof before) => d.secciones.find((s) => s.id === ev.seccionId)!.asientosDisponibles;
    expect(disp(after)).toBe(disp(before) - 3);
  });

  it('needs a session (401) with a verified e-mail (403)', async () => {
    const ids = await seats(1);
    const anon = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }] });
    expect(anon.statusCode).toBe(401);
    const unverified = await createUser(t.database.db, jwtSecret, { verified: false });
    const res = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }] }, unverified.token);
    expect(res.statusCode).toBe(403);
    expect((await seatStates(t.database.db, ids)).get(ids[0]!)).toBe('disponible');
  });

  it('all or nothing: one taken seat → 409 with the message, nothing held', async () => {
    const [a, b] = [await createUser(t.database.db, jwtSecret), await createUser(t.database.db, jwtSecret)];
    const ids = await seats(3);
    expect((await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }] }, a.token)).statusCode).toBe(201);
    const n = await countReservas();
    const res = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GONE);
    const states = await seatStates(t.database.db, ids);
    expect([states.get(ids[1]!), states.get(ids[2]!)]).toEqual(['disponible', 'disponible']);
    expect(await countReservas()).toBe(n);
  });
});

describe('POST /eventos/:id/reservarInvitado', () => {
  it('holds seats for a guest and stores the guest', async () => {
    const ids = await seats(2);
    const g = guest();
    const res = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...g });
    expect(res.statusCode).toBe(201);
    const { reservaId } = reservaCreadaSchema.parse(res.json());
    const [row] = await queryRows<{ nombre: string; correo: string; usuario_id: string | null }>(
      t.database.db,
      sql`select i.nombre, i.correo, r.usuario_id from reservas r join invitados i on i.id = r.invitado_id where r.id = ${reservaId}`,
    );
    expect(row).toEqual({ nombre: g.nombre, correo: g.correo, usuario_id: null });
  });

  it('asks for name and e-mail with the guest messages', async () => {
    const ids = await seats(1);
    const res = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], nombre: '', correo: 'no-es-correo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(['Ingresa el nombre', 'Es necesario un correo electrónico valído']);
  });
});

describe('bad input: Spanish 4xx and nothing changes', () => {
  it('refuses every malformed or impossible request without holding anything', async () => {
    const ids = await seats(2);
    const [otroSeat] = await freeSeats(t.database.db, otro.eventoId, otro.seccionId, 1);
    const [otraSeccion] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from evento_asientos where evento_id = ${ev.eventoId} and seccion_id <> ${ev.seccionId} and estado = 'disponible' limit 1`,
    );
    const [hidden] = await queryRows<{ id: number }>(t.database.db, sql`select id from eventos where not mostrar_web limit 1`);
    const [pasado] = await queryRows<{ id: number }>(
      t.database.db,
      sql`update eventos set fecha = now() - interval '1 day' where id = ${otro.eventoId} returning id`,
    );
    const g = guest();
    const cases: [string, unknown, number, string | string[]][] = [
      [`/eventos/999999/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g }, 404, 'El evento no existe.'],
      [`/eventos/abc/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g }, 400, ['id: El identificador debe ser un número entero positivo']],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: 2147483000 }], ...g }, 400, 'Uno o más asientos no pertenecen a este evento.'],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: otroSeat }], ...g }, 400, 'Uno o más asientos no pertenecen a este evento.'],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }, { id: otraSeccion!.id }], ...g }, 400, 'Todos los asientos deben ser de la misma sección.'],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }, { id: ids[0] }], ...g }, 400, ['Hay asientos repetidos en la solicitud.']],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [], ...g }, 400, ['Debes seleccionar al menos un asiento.']],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: 1.5 }], ...g }, 400, ['Cada asiento debe tener un identificador entero positivo.']],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: -3 }], ...g }, 400, ['Cada asiento debe tener un identificador entero positivo.']],
      [`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: 'todos', ...g }, 400, ['Debes seleccionar al menos un asiento.']],
      [`/eventos/${hidden!.id}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g }, 400, 'Este evento no se encuentra disponible'],
      [`/eventos/${pasado!.id}/reservarInvitado`, { asientosReserva: [{ id: otroSeat }], ...g }, 400, 'Este evento no se encuentra disponible'],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 0, seccionId: ev.general.seccionId, ...g }, 400, ['La cantidad de boletos debe ser un número entero mayor que cero.']],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: -2, seccionId: ev.general.seccionId, ...g }, 400, ['La cantidad de boletos debe ser un número entero mayor que cero.']],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1.5, seccionId: ev.general.seccionId, ...g }, 400, ['La cantidad de boletos debe ser un número entero mayor que cero.']],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1e9, seccionId: ev.general.seccionId, ...g }, 400, ['No puedes reservar más de 100 lugares a la vez.']],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: ev.limite + 1, seccionId: ev.general.seccionId, ...g }, 400, `Solo puedes reservar hasta ${ev.limite} boletos para este evento.`],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: 999999, ...g }, 404, 'La sección no existe para este evento.'],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.seccionId, ...g }, 400, 'La sección no es de admisión general; elige tus asientos en el mapa.'],
      [`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId }, 400, ['Ingresa el nombre', 'Es necesario un correo electrónico valído']],
      [`/eventos/${ev.eventoId}/cancelar`, { reservaId: 'no-es-uuid' }, 400, ['La reserva no es válida.']],
      [`/eventos/${ev.eventoId}/cancelar`, { reservaId: randomUUID() }, 404, 'La reserva no existe.'],
    ];
    const n = await countReservas();
    for (const [url, payload, status, message] of cases) {
      const res = await post(url, payload);
      expect({ url, payload, status: res.statusCode, message: res.json().message }).toEqual({ url, payload, status, message });
    }
    const malformed = await t.request({ method: 'POST', url: `/api/v1/eventos/${ev.eventoId}/reservarInvitado`, payload: '{"asientosReserva": [', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    expect(await countReservas()).toBe(n);
    expect([...(await seatStates(t.database.db, ids)).values()]).toEqual(['disponible', 'disponible']);
  });
});

describe('POST /eventos/:id/reservar_generales', () => {
  async function heldPlaces(reservaId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${reservaId} and hold_expires_at > now()`);
    return row!.n;
  }

  it('a guest with name and e-mail, or a signed-in buyer without them, holds N places', async () => {
    const g = await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 3, seccionId: ev.general.seccionId, ...guest() });
    expect(g.statusCode).toBe(201);
    expect(await heldPlaces(g.json().reservaId)).toBe(3);
    const user = await createUser(t.database.db, jwtSecret);
    const u = await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: ev.general.seccionId }, user.token);
    expect(u.statusCode).toBe(201);
    expect(await heldPlaces(u.json().reservaId)).toBe(2);
    const detalle = reservaDetalleSchema.parse((await t.request({ url: `/api/v1/eventos/${ev.eventoId}/reservas/${u.json().reservaId}`, headers: { authorization: `Bearer ${user.token}` } })).json());
    expect(detalle).toMatchObject({ esGeneral: true, cantidad: 2, seccionId: ev.general.seccionId, asientos: [], estado: 'activa' });
  });

  it('more than the places left → 409 and nothing held', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`with keep as (select l.id from evento_lugares_generales l join evento_secciones es on es.id = l.evento_seccion_id
                         where es.evento_id = ${otro.eventoId} and es.seccion_id = ${otro.general.seccionId} and l.estado = 'disponible' order by l.id limit 2),
               sold as (update evento_lugares_generales l set estado = 'vendido' from evento_secciones es
                         where es.id = l.evento_seccion_id and es.evento_id = ${otro.eventoId} and es.seccion_id = ${otro.general.seccionId}
                           and l.id not in (select id from keep) returning 1)
          select count(*)::int as n from sold`,
    );
    expect(row!.n).toBeGreaterThan(0);
    await t.database.db.execute(sql`update eventos set fecha = now() + interval '30 days' where id = ${otro.eventoId}`);
    const n = await countReservas();
    const res = await post(`/eventos/${otro.eventoId}/reservar_generales`, { cantidadAsientos: 3, seccionId: otro.general.seccionId, ...guest() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GONE);
    expect(await countReservas()).toBe(n);
    const two = await post(`/eventos/${otro.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: otro.general.seccionId, ...guest() });
    expect(two.statusCode).toBe(201);
  });
});

describe('limits per reservation and per buyer', () => {
  /** Records `n` bought tickets for a buyer (what checkout will write). */
  async function buy(n: number, who: { usuarioId?: string; correo?: string }) {
    const invitado = who.correo
      ? (await queryRows<{ id: string }>(t.database.db, sql`insert into invitados (nombre, correo) values ('Ana', ${who.correo}) returning id`))[0]!.id
      : null;
    const [r] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into reservas (evento_id, usuario_id, invitado_id, estado, fecha_expiracion) values (${ev.eventoId}, ${who.usuarioId ?? null}, ${invitado}, 'vendida', now()) returning id`,
    );
    for (let i = 0; i < n; i++) {
      await t.database.db.execute(sql`insert into boletos (reserva_id, evento_id, precio, usuario_id, invitado_id) values (${r!.id}, ${ev.eventoId}, 1000, ${who.usuarioId ?? null}, ${invitado})`);
    }
  }

  it('at most limiteDeAsientos in one hold', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const ids = await seats(ev.limite + 1);
    const res = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Solo puedes reservar hasta ${ev.limite} boletos para este evento.`);
    const ok = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.slice(0, ev.limite).map((id) => ({ id })) }, user.token);
    expect(ok.statusCode).toBe(201);
  });

  it('bought tickets count against the account', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    await buy(ev.limite - 2, { usuarioId: user.id });
    const ids = await seats(3);
    const res = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Ya tienes ${ev.limite - 2} boletos para este evento; puedes reservar hasta 2 más.`);
    expect((await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.slice(0, 2).map((id) => ({ id })) }, user.token)).statusCode).toBe(201);
  });

  it('bought tickets count against a guest e-mail, whatever its case', async () => {
    const correo = `limite.${randomUUID().slice(0, 8)}@ejemplo.mx`;
    await buy(ev.limite, { correo });
    const res = await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, nombre: 'Ana', correo: correo.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Ya tienes ${ev.limite} boletos para este evento, el límite por comprador.`);
  });
});

describe('a new hold replaces the buyer’s previous one', () => {
  it('for an account: the old seats are free, the old reserva cancelled, one live hold', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const ids = await seats(3);
    const first = (await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }, { id: ids[1] }] }, user.token)).json();
    // The new selection keeps one of the held seats: the buyer's own hold does not block it.
    const second = await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[1] }, { id: ids[2] }] }, user.token);
    expect(second.statusCode).toBe(201);
    const states = await seatStates(t.database.db, ids);
    expect([states.get(ids[0]!), states.get(ids[1]!), states.get(ids[2]!)]).toEqual(['disponible', 'reservado', 'reservado']);
    expect(await reservaEstado(t.database.db, first.reservaId)).toBe('cancelada');
    const [live] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from reservas where usuario_id = ${user.id} and estado = 'activa'`);
    expect(live!.n).toBe(1);
  });

  it('for a guest e-mail, across seats and general admission; a failed new hold keeps the old one', async () => {
    const g = guest('reemplazo');
    const ids = await seats(2);
    const first = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g })).json();
    const taken = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[1] }], ...guest() })).json();
    expect(taken.reservaId).toBeDefined();
    const failed = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[1] }], ...g });
    expect(failed.statusCode).toBe(409);
    expect(await reservaEstado(t.database.db, first.reservaId)).toBe('activa');
    const ga = await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, nombre: g.nombre, correo: g.correo.toUpperCase() });
    expect(ga.statusCode).toBe(201);
    expect(await reservaEstado(t.database.db, first.reservaId)).toBe('cancelada');
    expect((await seatStates(t.database.db, [ids[0]!])).get(ids[0]!)).toBe('disponible');
  });
});

describe('a reservation is a capability', () => {
  it('its account sees it; another account, no session, a guessed id or another event get 404', async () => {
    const [owner, other] = [await createUser(t.database.db, jwtSecret), await createUser(t.database.db, jwtSecret)];
    const ids = await seats(2);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, owner.token)).json();
    const get = (url: string, token?: string) => t.request({ url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

    const mine = await get(`/eventos/${ev.eventoId}/reservas/${reservaId}`, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const detalle = reservaDetalleSchema.parse(mine.json());
    expect(detalle).toMatchObject({ reservaId, eventoId: ev.eventoId, estado: 'activa', esGeneral: false, seccionId: ev.seccionId, cantidad: 2 });
    expect(detalle.asientos.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(detalle.asientos[0]).toEqual(expect.objectContaining({ fila: expect.any(String), categoria: expect.any(String), precio: expect.any(Number) }));
    expect(Math.abs(Date.parse(detalle.ahora) - Date.now())).toBeLessThan(5_000);

    for (const [url, token] of [
      [`/eventos/${ev.eventoId}/reservas/${reservaId}`, other.token],
      [`/eventos/${ev.eventoId}/reservas/${reservaId}`, undefined],
      [`/eventos/${ev.eventoId}/reservas/${randomUUID()}`, owner.token],
      [`/eventos/${otro.eventoId}/reservas/${reservaId}`, owner.token],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('La reserva no existe.');
    }
    const cancel = await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId }, other.token);
    expect(cancel.statusCode).toBe(404);
    expect(await reservaEstado(t.database.db, reservaId)).toBe('activa');
  });

  it('a guest hold is seen and cancelled by whoever holds its id', async () => {
    const ids = await seats(1);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json();
    expect((await t.request(`/api/v1/eventos/${ev.eventoId}/reservas/${reservaId}`)).statusCode).toBe(200);
    expect((await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId })).statusCode).toBe(200);
  });
});

describe('POST /eventos/:id/cancelar', () => {
  it('frees the places at once and is idempotent', async () => {
    const user = await createUser(t.database.db, jwtSecret);
    const ids = await seats(2);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token)).json();
    for (let i = 0; i < 2; i++) {
      const res = await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId, esGeneral: false }, user.token);
      expect(res.statusCode).toBe(200);
      expect(cancelarResponseSchema.parse(res.json())).toEqual({ reservaId, estado: 'cancelada' });
    }
    expect([...(await seatStates(t.database.db, ids)).values()]).toEqual(['disponible', 'disponible']);
    const g = await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: ev.general.seccionId }, user.token);
    const res = await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId: g.json().reservaId, esGeneral: true }, user.token);
    expect(res.json()).toEqual({ reservaId: g.json().reservaId, estado: 'cancelada' });
    const [held] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${g.json().reservaId}`);
    expect(held!.n).toBe(0);
  });

  it('a sold reservation cannot be cancelled', async () => {
    const ids = await seats(1);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json();
    await t.database.db.execute(sql`update reservas set estado = 'vendida' where id = ${reservaId}`);
    const res = await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La reserva ya fue pagada y no se puede cancelar.');
  });
});

describe('expiry', () => {
  /** Moves a hold's end into the past, as if its minutes had run out. */
  async function runOut(reservaId: string) {
    await t.database.db.execute(sql`update reservas set fecha_expiracion = now() - interval '1 second' where id = ${reservaId}`);
    await t.database.db.execute(sql`update evento_asientos set hold_expires_at = now() - interval '1 second' where reserva_id = ${reservaId}`);
    await t.database.db.execute(sql`update evento_lugares_generales set hold_expires_at = now() - interval '1 second' where reserva_id = ${reservaId}`);
  }

  it('without any sweeper, an expired hold is free to others and reads expirada', async () => {
    const ids = await seats(2);
    const { reservaId } = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() })).json();
    await runOut(reservaId);
    expect([...(await seatStates(t.database.db, ids)).values()]).toEqual(['disponible', 'disponible']);
    const detalle = reservaDetalleSchema.parse((await t.request(`/api/v1/eventos/${ev.eventoId}/reservas/${reservaId}`)).json());
    expect(detalle).toMatchObject({ estado: 'expirada', asientos: [] });
    const again = await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() });
    expect(again.statusCode).toBe(201);
    // Cancelling the expired one later neither fails nor touches the new buyer's seats.
    expect((await post(`/eventos/${ev.eventoId}/cancelar`, { reservaId })).json()).toEqual({ reservaId, estado: 'expirada' });
    expect([...(await seatStates(t.database.db, ids)).values()]).toEqual(['reservado', 'reservado']);
  });

  it('the expiry job marks due holds expirada and releases only their own places', async () => {
    const ids = await seats(1);
    const due = (await post(`/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json().reservaId;
    const ga = (await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: ev.general.seccionId, ...guest() })).json().reservaId;
    const live = (await post(`/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() })).json().reservaId;
    await runOut(due);
    await runOut(ga);
    expect(await expireHolds(t.database.db)).toBeGreaterThanOrEqual(2);
    expect([await reservaEstado(t.database.db, due), await reservaEstado(t.database.db, ga), await reservaEstado(t.database.db, live)]).toEqual(['expirada', 'expirada', 'activa']);
    const [row] = await queryRows<{ seat: string | null; places: number }>(
      t.database.db,
      sql`select (select reserva_id::text from evento_asientos where id = ${ids[0]}) as seat,
                 (select count(*)::int from evento_lugares_generales where reserva_id = ${ga}) as places`,
    );
    expect(row).toEqual({ seat: null, places: 0 });
    expect(await expireHolds(t.database.db)).toBe(0);
  });
});
