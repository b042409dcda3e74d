import { filasPorSeccionResponseSchema, detalleSeccionResponseSchema } from '@taquilla/shared/schemas/catalogo';
import { cancelarResponseSchema, reservaCreadaSchema, reservaDetalleSchema } from '@taquilla/shared/schemas/reservas';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { expireHolds } from '../src/modules/reservas/reservas.service';
import { createUser, guest, holdsAppPerFile, reservaEstado, seatStates } from './support/reservas';

/** Holds through the API: reservar, reservarInvitado, reservar_generales, cancelar, expiry. */

const GONE = 'Uno o más asientos ya no están disponibles. Por favor, actualiza la página.';

const h = holdsAppPerFile();

describe('POST /eventos/:id/reservar (signed-in buyer)', () => {
  it('holds the seats for the token account, answers reservaId and fechaExpiracion, and the maps read them reservado', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const ids = await h.seats(3);
    const before = detalleSeccionResponseSchema.parse((await h.t.request(`/api/v1/eventos/${h.ev.eventoId}/detalle_seccion/false/web`)).json());
    const res = await h.post(
      `/eventos/${h.ev.eventoId}/reservar`,
      { asientosReserva: ids.map((id) => ({ id })), userEmail: 'otra.persona@ejemplo.mx' },
      user.token,
    );
    expect(res.statusCode).toBe(201);
    const body = reservaCreadaSchema.parse(res.json());
    expect(body.id).toBe(body.reservaId);
    const minutes = (Date.parse(body.fechaExpiracion) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10.05);

    const [row] = await queryRows<{ usuario_id: string; estado: string; invitado_id: string | null }>(
      h.t.database.db,
      sql`select usuario_id, estado, invitado_id from reservas where id = ${body.reservaId}`,
    );
    expect(row).toEqual({ usuario_id: user.id, estado: 'activa', invitado_id: null });

    const filas = filasPorSeccionResponseSchema.parse((await h.t.request(`/api/v1/eventos/${h.ev.eventoId}/${h.ev.seccionId}/filas_por_seccion`)).json());
    const served = new Map(filas.filas.flatMap((f) => f.asientos.map((a) => [a.id, a.estado])));
    for (const id of ids) expect(served.get(id)).toBe('reservado');
    const after = detalleSeccionResponseSchema.parse((await h.t.request(`/api/v1/eventos/${h.ev.eventoId}/detalle_seccion/false/web`)).json());
    const disp = (d: typeof before) => d.secciones.find((s) => s.id === h.ev.seccionId)!.asientosDisponibles;
    expect(disp(after)).toBe(disp(before) - 3);
  });

  it('needs a session (401) with a verified e-mail (403)', async () => {
    const ids = await h.seats(1);
    const anon = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }] });
    expect(anon.statusCode).toBe(401);
    const unverified = await createUser(h.t.database.db, h.jwtSecret, { verified: false });
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }] }, unverified.token);
    expect(res.statusCode).toBe(403);
    expect((await seatStates(h.t.database.db, ids)).get(ids[0]!)).toBe('disponible');
  });

  it('all or nothing: one taken seat → 409 with the message, nothing held', async () => {
    const [a, b] = [await createUser(h.t.database.db, h.jwtSecret), await createUser(h.t.database.db, h.jwtSecret)];
    const ids = await h.seats(3);
    expect((await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: [{ id: ids[0] }] }, a.token)).statusCode).toBe(201);
    const n = await h.countReservas();
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GONE);
    const states = await seatStates(h.t.database.db, ids);
    expect([states.get(ids[1]!), states.get(ids[2]!)]).toEqual(['disponible', 'disponible']);
    expect(await h.countReservas()).toBe(n);
  });
});

describe('POST /eventos/:id/reservarInvitado', () => {
  it('holds seats for a guest and stores the guest', async () => {
    const ids = await h.seats(2);
    const g = guest();
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...g });
    expect(res.statusCode).toBe(201);
    const { reservaId } = reservaCreadaSchema.parse(res.json());
    const [row] = await queryRows<{ nombre: string; correo: string; usuario_id: string | null }>(
      h.t.database.db,
      sql`select i.nombre, i.correo, r.usuario_id from reservas r join invitados i on i.id = r.invitado_id where r.id = ${reservaId}`,
    );
    expect(row).toEqual({ nombre: g.nombre, correo: g.correo, usuario_id: null });
  });

  it('asks for name and e-mail with the guest messages', async () => {
    const ids = await h.seats(1);
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], nombre: '', correo: 'no-es-correo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(['Ingresa el nombre', 'Es necesario un correo electrónico valído']);
  });
});

describe('POST /eventos/:id/reservar_generales', () => {
  async function heldPlaces(reservaId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${reservaId} and hold_expires_at > now()`,
    );
    return row!.n;
  }

  it('a guest with name and e-mail, or a signed-in buyer without them, holds N places', async () => {
    const g = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 3, seccionId: h.ev.general.seccionId, ...guest() });
    expect(g.statusCode).toBe(201);
    expect(await heldPlaces(g.json().reservaId)).toBe(3);
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const u = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: h.ev.general.seccionId }, user.token);
    expect(u.statusCode).toBe(201);
    expect(await heldPlaces(u.json().reservaId)).toBe(2);
    const detalle = reservaDetalleSchema.parse(
      (
        await h.t.request({ url: `/api/v1/eventos/${h.ev.eventoId}/reservas/${u.json().reservaId}`, headers: { authorization: `Bearer ${user.token}` } })
      ).json(),
    );
    expect(detalle).toMatchObject({ esGeneral: true, cantidad: 2, seccionId: h.ev.general.seccionId, asientos: [], estado: 'activa' });
  });

  it('more than the places left → 409 and nothing held', async () => {
    const [row] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`with keep as (select l.id from evento_lugares_generales l join evento_secciones es on es.id = l.evento_seccion_id
                         where es.evento_id = ${h.otro.eventoId} and es.seccion_id = ${h.otro.general.seccionId} and l.estado = 'disponible' order by l.id limit 2),
               sold as (update evento_lugares_generales l set estado = 'vendido' from evento_secciones es
                         where es.id = l.evento_seccion_id and es.evento_id = ${h.otro.eventoId} and es.seccion_id = ${h.otro.general.seccionId}
                           and l.id not in (select id from keep) returning 1)
          select count(*)::int as n from sold`,
    );
    expect(row!.n).toBeGreaterThan(0);
    await h.t.database.db.execute(sql`update eventos set fecha = now() + interval '30 days' where id = ${h.otro.eventoId}`);
    const n = await h.countReservas();
    const res = await h.post(`/eventos/${h.otro.eventoId}/reservar_generales`, { cantidadAsientos: 3, seccionId: h.otro.general.seccionId, ...guest() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GONE);
    expect(await h.countReservas()).toBe(n);
    const two = await h.post(`/eventos/${h.otro.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: h.otro.general.seccionId, ...guest() });
    expect(two.statusCode).toBe(201);
  });
});

describe('POST /eventos/:id/cancelar', () => {
  it('frees the places at once and is idempotent', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const ids = await h.seats(2);
    const { reservaId } = (await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token)).json();
    for (let i = 0; i < 2; i++) {
      const res = await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId, esGeneral: false }, user.token);
      expect(res.statusCode).toBe(200);
      expect(cancelarResponseSchema.parse(res.json())).toEqual({ reservaId, estado: 'cancelada' });
    }
    expect([...(await seatStates(h.t.database.db, ids)).values()]).toEqual(['disponible', 'disponible']);
    const g = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: h.ev.general.seccionId }, user.token);
    const res = await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId: g.json().reservaId, esGeneral: true }, user.token);
    expect(res.json()).toEqual({ reservaId: g.json().reservaId, estado: 'cancelada' });
    const [held] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${g.json().reservaId}`,
    );
    expect(held!.n).toBe(0);
  });

  it('a repeated cancel with If-None-Match still answers its body: conditional headers are for GET', async () => {
    const user = await createUser(h.t.database.db, h.jwtSecret);
    const ids = await h.seats(1);
    const { reservaId } = (await h.post(`/eventos/${h.ev.eventoId}/reservar`, { asientosReserva: ids.map((id) => ({ id })) }, user.token)).json();
    const cancel = (headers: Record<string, string>) =>
      h.t.request({
        method: 'POST',
        url: `/api/v1/eventos/${h.ev.eventoId}/cancelar`,
        payload: { reservaId },
        headers: { authorization: `Bearer ${user.token}`, ...headers },
      });
    const first = await cancel({});
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeUndefined();
    // The weak tag @fastify/etag gives this body (sha1, base64): what a client that kept it would send.
    const tag = `W/"${createHash('sha1').update(first.body).digest('base64')}"`;
    const again = await cancel({ 'if-none-match': tag });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ reservaId, estado: 'cancelada' });
  });

  it('a sold reservation cannot be cancelled', async () => {
    const ids = await h.seats(1);
    const { reservaId } = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json();
    await h.t.database.db.execute(sql`update reservas set estado = 'vendida' where id = ${reservaId}`);
    const res = await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La reserva ya fue pagada y no se puede cancelar.');
  });
});

describe('expiry', () => {
  /** Moves a hold's end into the past, as if its minutes had run out. */
  async function runOut(reservaId: string) {
    await h.t.database.db.execute(sql`update reservas set fecha_expiracion = now() - interval '1 second' where id = ${reservaId}`);
    await h.t.database.db.execute(sql`update evento_asientos set hold_expires_at = now() - interval '1 second' where reserva_id = ${reservaId}`);
    await h.t.database.db.execute(sql`update evento_lugares_generales set hold_expires_at = now() - interval '1 second' where reserva_id = ${reservaId}`);
  }

  it('without any sweeper, an expired hold is free to others and reads expirada', async () => {
    const ids = await h.seats(2);
    const { reservaId } = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() })).json();
    await runOut(reservaId);
    expect([...(await seatStates(h.t.database.db, ids)).values()]).toEqual(['disponible', 'disponible']);
    const detalle = reservaDetalleSchema.parse((await h.t.request(`/api/v1/eventos/${h.ev.eventoId}/reservas/${reservaId}`)).json());
    expect(detalle).toMatchObject({ estado: 'expirada', asientos: [] });
    const again = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: ids.map((id) => ({ id })), ...guest() });
    expect(again.statusCode).toBe(201);
    // Cancelling the expired one later neither fails nor touches the new buyer's seats.
    expect((await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId })).json()).toEqual({ reservaId, estado: 'expirada' });
    expect([...(await seatStates(h.t.database.db, ids)).values()]).toEqual(['reservado', 'reservado']);
  });

  it('the expiry job marks due holds expirada and releases only their own places', async () => {
    const ids = await h.seats(1);
    const due = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: ids[0] }], ...guest() })).json().reservaId;
    const ga = (await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 2, seccionId: h.ev.general.seccionId, ...guest() })).json()
      .reservaId;
    const live = (await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, ...guest() })).json()
      .reservaId;
    await runOut(due);
    await runOut(ga);
    expect(await expireHolds(h.t.database.db)).toBeGreaterThanOrEqual(2);
    expect([await reservaEstado(h.t.database.db, due), await reservaEstado(h.t.database.db, ga), await reservaEstado(h.t.database.db, live)]).toEqual([
      'expirada',
      'expirada',
      'activa',
    ]);
    const [row] = await queryRows<{ seat: string | null; places: number }>(
      h.t.database.db,
      sql`select (select reserva_id::text from evento_asientos where id = ${ids[0]}) as seat,
                 (select count(*)::int from evento_lugares_generales where reserva_id = ${ga}) as places`,
    );
    expect(row).toEqual({ seat: null, places: 0 });
    expect(await expireHolds(h.t.database.db)).toBe(0);
  });
});
