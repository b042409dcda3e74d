import { reservaDetalleSchema } from '@taquilla/shared/schemas/reservas';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { holdPlaces } from '../src/modules/reservas/apartados.repository';
import { createUser, freeSeats, guest, holdsAppPerFile, reservaEstado, seatStates } from './support/reservas';

/** The rules around a hold: bad input, limits per buyer, replacing a hold, a reservation as a capability. */

const h = holdsAppPerFile();

describe('bad input: Spanish 4xx and nothing changes', () => {
  it('refuses every malformed or impossible request without holding anything', async () => {
    const ids = await h.seats(2);
    const [otroSeat] = await freeSeats(h.t.database.db, h.otro.eventoId, h.otro.seccionId, 1);
    const [otraSeccion] = await queryRows<{ id: number }>(
      h.t.database.db,
      sql`select id from evento_asientos where evento_id = ${h.ev.eventoId} and seccion_id <> ${h.ev.seccionId} and estado = 'disponible' limit 1`,
    );
    const [hidden] = await queryRows<{ id: number }>(h.t.database.db, sql`select id from eventos where not mostrar_web limit 1`);
    const [pasado] = await queryRows<{ id: number }>(
      h.t.database.db,
      sql`update eventos set fecha = now() - interval '1 day' where id = ${h.otro.eventoId} returning id`,
    );
    const g = guest();
    const cases: [string, unknown, number, string | string[]][] = [
      [`/eventos/999999/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g }, 404, 'El evento no existe.'],
      [`/eventos/abc/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g }, 400, ['id: El identificador debe ser un número entero positivo']],
      [`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: 2147483000 }], ...g }, 400, 'Uno o más asientos no pertenecen a este evento.'],
      [`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: otroSeat }], ...g }, 400, 'Uno o más asientos no pertenecen a este evento.'],
      [
        `/eventos/${h.ev.eventoId}/reservarInvitado`,
        { asientosReserva: [{ id: ids[0] }, { id: otraSeccion!.id }], ...g },
        400,
        'Todos los asientos deben ser de la misma sección.',
      ],
      [
        `/eventos/${h.ev.eventoId}/reservarInvitado`,
        { asientosReserva: [{ id: ids[0] }, { id: ids[0] }], ...g },
        400,
        ['Hay asientos repetidos en la solicitud.'],
      ],
      [`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [], ...g }, 400, ['Debes seleccionar al menos un asiento.']],
      [
        `/eventos/${h.ev.eventoId}/reservarInvitado`,
        { asientosReserva: [{ id: 1.5 }], ...g },
        400,
        ['Cada asiento debe tener un identificador entero positivo.'],
      ],
      [
        `/eventos/${h.ev.eventoId}/reservarInvitado`,
        { asientosReserva: [{ id: -3 }], ...g },
        400,
        ['Cada asiento debe tener un identificador entero positivo.'],
      ],
      [`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: 'todos', ...g }, 400, ['Debes seleccionar al menos un asiento.']],
      [`/eventos/${hidden!.id}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g }, 400, 'Este evento no se encuentra disponible'],
      [`/eventos/${pasado!.id}/reservarInvitado`, { asientosReserva: [{ id: otroSeat }], ...g }, 400, 'Este evento no se encuentra disponible'],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 0, seccionId: h.ev.general.seccionId, ...g },
        400,
        ['La cantidad de boletos debe ser un número entero mayor que cero.'],
      ],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: -2, seccionId: h.ev.general.seccionId, ...g },
        400,
        ['La cantidad de boletos debe ser un número entero mayor que cero.'],
      ],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 1.5, seccionId: h.ev.general.seccionId, ...g },
        400,
        ['La cantidad de boletos debe ser un número entero mayor que cero.'],
      ],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 1e9, seccionId: h.ev.general.seccionId, ...g },
        400,
        ['No puedes reservar más de 100 lugares a la vez.'],
      ],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: h.ev.limite + 1, seccionId: h.ev.general.seccionId, ...g },
        400,
        `Solo puedes reservar hasta ${h.ev.limite} boletos para este evento.`,
      ],
      [`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: 999999, ...g }, 404, 'La sección no existe para este evento.'],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 1, seccionId: h.ev.seccionId, ...g },
        400,
        'La sección no es de admisión general; elige tus asientos en el mapa.',
      ],
      [
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 1, seccionId: h.ev.general.seccionId },
        400,
        ['Ingresa el nombre', 'Es necesario un correo electrónico valído'],
      ],
      [`/eventos/${h.ev.eventoId}/cancelar`, { reservaId: 'no-es-uuid' }, 400, ['La reserva no es válida.']],
      [`/eventos/${h.ev.eventoId}/cancelar`, { reservaId: randomUUID() }, 404, 'La reserva no existe.'],
    ];
    const n = await h.countReservas();
    for (const [url, payload, status, message] of cases) {
      const res = await h.post(url, payload);
      expect({ url, payload, status: res.statusCode, message: res.json().message }).toEqual({ url, payload, status, message });
    }
    const malformed = await h.t.request({
      method: 'POST',
      url: `/api/v1/eventos/${h.ev.eventoId}/reservarInvitado`,
      payload: '{"asientosReserva": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    expect(await h.countReservas()).toBe(n);
    expect([...(await seatStates(h.t.database.db, ids)).values()]).toEqual(['disponible', 'disponible']);
  });
});

describe('limits per reservation and per buyer', () => {
  /** Records `n` bought tickets for a buyer (what checkout will write). */
  async function buy(n: number, who: { usuarioId?: string; correo?: string }) {
    const invitado = who.correo
      ? (await queryRows<{ id: string }>(h.t.database.db, sql`insert into invitados (nombre, correo) values ('Ana', ${who.correo}) returning id`))[0]!.id
      : null;
    const [r] = await queryRows<{ id: string }>(
      h.t.database.db,
      sql`insert into reservas (evento_id, usuario_id, invitado_id, estado, fecha_expiracion) values (${h.ev.eventoId}, ${who.usuarioId ?? null}, ${invitado}, 'vendida', now()) returning id`,
    );
    for (let i = 0; i < n; i++) {
      await h.t.database.db.execute(
        sql`insert into boletos (reserva_id, evento_id, precio, usuario_id, invitado_id) values (${r!.id}, ${h.ev.eventoId}, 1000, ${who.usuarioId ?? null}, ${invitado})`,
      );
    }
  }

  it('at most limiteDeAsientos in one hold', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const ids = await h.seats(h.ev.limite + 1);
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Solo puedes reservar hasta ${h.ev.limite} boletos para este evento.`);
    const ok = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.slice(0, h.ev.limite).map((id) => ({ id })) }, user.token);
    expect(ok.statusCode).toBe(201);
  });

  it('bought tickets count against the account', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    await buy(h.ev.limite - 2, { usuarioId: user.id });
    const ids = await h.seats(3);
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Ya tienes ${h.ev.limite - 2} boletos para este evento; puedes reservar hasta 2 más.`);
    expect((await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.slice(0, 2).map((id) => ({ id })) }, user.token)).statusCode).toBe(201);
  });

  it('bought tickets count against a guest e-mail, whatever its case', async () => {
    const correo = `limite.${randomUUID().slice(0, 8)}@ejemplo.mx`;
    await buy(h.ev.limite, { correo });
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, {
      cantidadAsientos: 1,
      seccionId: h.ev.general.seccionId,
      nombre: 'Ana',
      correo: correo.toUpperCase(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Ya tienes ${h.ev.limite} boletos para este evento, el límite por comprador.`);
  });
});

describe('seats that are not for sale', () => {
  it.each(['vendido', 'bloqueado', 'cortesia', 'inaccesible'])('a %s seat with no hold behind it is refused before anything is written', async (estado) => {
    const [free, other] = await h.seats(2);
    await h.t.database.db.execute(sql`update evento_asientos set estado = ${estado} where id = ${other}`);
    const before = await h.countReservas();
    const g = guest();
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: free }, { id: other }], ...g });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Uno o más asientos ya no están disponibles. Por favor, actualiza la página.');
    expect(await h.countReservas()).toBe(before);
    expect((await seatStates(h.t.database.db, [free!])).get(free!)).toBe('disponible');
    // The statement answers the refusal itself (migration 0013) instead of raising it after its writes.
    const nueva = { id: randomUUID(), eventoId: h.ev.eventoId, comprador: g, asientoIds: [free!, other!], seccionId: null, cantidad: 2, holdMinutes: 10 };
    expect(await holdPlaces(h.t.database.db, nueva)).toEqual({ refusal: { code: 'ASIENTOS_NO_DISPONIBLES', detail: [] } });
  });
});

describe('a general section without enough free places', () => {
  /** Leaves `left` free places in the event's general section for `body`, then frees the rest again. */
  async function withFreePlaces(left: number, body: () => Promise<void>) {
    const db = h.t.database.db;
    const libres = await queryRows<{ id: number }>(
      db,
      sql`select l.id from evento_lugares_generales l join evento_secciones es on es.id = l.evento_seccion_id
           where es.evento_id = ${h.ev.eventoId} and es.seccion_id = ${h.ev.general.seccionId} and l.estado = 'disponible'
             and (l.hold_expires_at is null or l.hold_expires_at <= now()) order by l.id offset ${left}`,
    );
    const ids = `{${libres.map((r) => r.id).join(',')}}`;
    await db.execute(sql`update evento_lugares_generales set estado = 'vendido' where id = any (${ids}::int[])`);
    try {
      await body();
    } finally {
      await db.execute(sql`update evento_lugares_generales set estado = 'disponible' where id = any (${ids}::int[])`);
    }
  }

  it('is refused before anything is written: no guest, no reserva, the places untouched', async () => {
    await withFreePlaces(1, async () => {
      const invitados = async () => (await queryRows<{ n: number }>(h.t.database.db, sql`select count(*)::int as n from invitados`))[0]!.n;
      const before = { reservas: await h.countReservas(), invitados: await invitados() };
      const g = guest('agotado');
      const res = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: h.ev.general.seccionId, ...g });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Uno o más asientos ya no están disponibles. Por favor, actualiza la página.');
      expect({ reservas: await h.countReservas(), invitados: await invitados() }).toEqual(before);
      // The statement answers the refusal (migration 0014) instead of raising it after its writes.
      const nueva = {
        id: randomUUID(),
        eventoId: h.ev.eventoId,
        comprador: g,
        asientoIds: null,
        seccionId: h.ev.general.seccionId,
        cantidad: 2,
        holdMinutes: 10,
      };
      expect(await holdPlaces(h.t.database.db, nueva)).toEqual({ refusal: { code: 'ASIENTOS_NO_DISPONIBLES', detail: [] } });
    });
  });

  it('the buyer’s own live hold counts as free for the hold that replaces it', async () => {
    await withFreePlaces(1, async () => {
      const g = guest('ultimo');
      const first = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, ...g });
      expect(first.statusCode).toBe(201);
      expect(
        (await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, ...guest() })).statusCode,
      ).toBe(409);
      const again = await h.post(
        `/eventos/${h.ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, ...g },
        undefined,
        first.json().tokenReserva,
      );
      expect(again.statusCode).toBe(201);
      expect(await reservaEstado(h.t.database.db, first.json().reservaId)).toBe('cancelada');
      const [held] = await queryRows<{ n: number }>(
        h.t.database.db,
        sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${again.json().reservaId}`,
      );
      expect(held!.n).toBe(1);
      await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId: again.json().reservaId, esGeneral: true });
    });
  });
});

describe('a new hold replaces the buyer’s previous one', () => {
  it('for an account: the old seats are free, the old reserva cancelled, one live hold', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const ids = await h.seats(3);
    const first = (await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }, { id: ids[1] }] }, user.token)).json();
    // The new selection keeps one of the held seats: the buyer's own hold does not block it.
    const second = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[1] }, { id: ids[2] }] }, user.token);
    expect(second.statusCode).toBe(201);
    const states = await seatStates(h.t.database.db, ids);
    expect([states.get(ids[0]!), states.get(ids[1]!), states.get(ids[2]!)]).toEqual(['disponible', 'reservado', 'reservado']);
    expect(await reservaEstado(h.t.database.db, first.reservaId)).toBe('cancelada');
    const [live] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from reservas where usuario_id = ${user.id} and estado = 'activa'`,
    );
    expect(live!.n).toBe(1);
  });

  it('for a guest e-mail in the browser that made it, across seats and general admission; a failed new hold keeps the old one', async () => {
    const g = guest('reemplazo');
    const ids = await h.seats(2);
    const first = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...g })).json();
    const taken = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[1] }], ...guest() })).json();
    expect(taken.reservaId).toBeDefined();
    const failed = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[1] }], ...g }, undefined, first.tokenReserva);
    expect(failed.statusCode).toBe(409);
    expect(await reservaEstado(h.t.database.db, first.reservaId)).toBe('activa');
    const ga = await h.post(
      `/eventos/${h.ev.eventoId}/reservar_generales`,
      { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, nombre: g.nombre, correo: g.correo.toUpperCase() },
      undefined,
      first.tokenReserva,
    );
    expect(ga.statusCode).toBe(201);
    expect(await reservaEstado(h.t.database.db, first.reservaId)).toBe('cancelada');
    expect((await seatStates(h.t.database.db, [ids[0]!])).get(ids[0]!)).toBe('disponible');
  });
});

describe('a reservation is a capability', () => {
  it('its account sees it; another account, no session, a guessed id or another event get 404', async () => {
    const [owner, other] = [await createUser(h.t.database.db, h.jwtSecret), await createUser(h.t.database.db, h.jwtSecret)];
    const ids = await h.seats(2);
    const { reservaId } = (await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, owner.token)).json();
    const get = (url: string, token?: string) => h.t.request({ url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

    const mine = await get(`/eventos/${h.ev.eventoId}/reservas/${reservaId}`, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const detalle = reservaDetalleSchema.parse(mine.json());
    expect(detalle).toMatchObject({ reservaId, eventoId: h.ev.eventoId, estado: 'activa', esGeneral: false, seccionId: h.ev.seccionId, cantidad: 2 });
    expect(detalle.asientos.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(detalle.asientos[0]).toEqual(expect.objectContaining({ fila: expect.any(String), categoria: expect.any(String), precio: expect.any(Number) }));
    expect(Math.abs(Date.parse(detalle.ahora) - Date.now())).toBeLessThan(5_000);

    for (const [url, token] of [
      [`/eventos/${h.ev.eventoId}/reservas/${reservaId}`, other.token],
      [`/eventos/${h.ev.eventoId}/reservas/${reservaId}`, undefined],
      [`/eventos/${h.ev.eventoId}/reservas/${randomUUID()}`, owner.token],
      [`/eventos/${h.otro.eventoId}/reservas/${reservaId}`, owner.token],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('La reserva no existe.');
    }
    const cancel = await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId }, other.token);
    expect(cancel.statusCode).toBe(404);
    expect(await reservaEstado(h.t.database.db, reservaId)).toBe('activa');
  });

  it('a guest hold is seen and cancelled by whoever holds its id', async () => {
    const ids = await h.seats(1);
    const { reservaId } = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json();
    expect((await h.t.request(`/api/v1/eventos/${h.ev.eventoId}/reservas/${reservaId}`)).statusCode).toBe(200);
    expect((await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId })).statusCode).toBe(200);
  });
});
