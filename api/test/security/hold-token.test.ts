import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { guest, holdsAppPerFile, reservaEstado, seatStates } from '../support/reservas';

// Finding 4: knowing a guest's e-mail ended their hold — a new guest hold with the same e-mail
// (any letter case) replaced it, so an attacker could release a victim's seats and take them.
// Now a guest hold is replaced only by a hold sent with the browser's hold token (X-Reserva-Token,
// handed out as `tokenReserva`), never by the e-mail alone.
const h = holdsAppPerFile();

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function generalPlaces(reservaId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(h.t.database.db, sql`select count(*)::int as n from evento_lugares_generales where reserva_id = ${reservaId}`);
  return row!.n;
}

describe('a victim’s guest hold survives a hold with the same e-mail from another browser', () => {
  it.each([
    ['the same letters', (c: string) => c],
    ['upper case', (c: string) => c.toUpperCase()],
    ['mixed case', (c: string) => c.replace(/^./, (x) => x.toUpperCase()).replace(/@(.)/, (_m, x: string) => `@${x.toUpperCase()}`)],
  ])('seats, e-mail in %s: the attacker cannot take the victim’s seats, and the victim’s hold stays live', async (_label, variant) => {
    const victim = guest('victima');
    const [a, b, c] = await h.seats(3);
    const held = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: a }, { id: b }], ...victim });
    expect(held.statusCode).toBe(201);
    expect(held.json().tokenReserva).toMatch(TOKEN);
    const victimId = held.json().reservaId as string;
    const attacker = { nombre: 'Atacante', correo: variant(victim.correo) };

    // Taking the victim's seats: refused as taken, without a token or with a token of its own.
    for (const token of [undefined, 'x', 'A'.repeat(43)]) {
      const steal = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: a }], ...attacker }, undefined, token);
      expect(steal.statusCode).toBe(409);
      expect(steal.json().message).toBe('Uno o más asientos ya no están disponibles. Por favor, actualiza la página.');
    }
    // Another seat, and general places, with the victim's e-mail: a hold of its own.
    const own = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: c }], ...attacker });
    expect(own.statusCode).toBe(201);
    const ga = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, ...attacker });
    expect(ga.statusCode).toBe(201);

    expect(await reservaEstado(h.t.database.db, victimId)).toBe('activa');
    const [row] = await queryRows<{ n: number }>(h.t.database.db, sql`select count(*)::int as n from evento_asientos where reserva_id = ${victimId}`);
    expect(row!.n).toBe(2);
    // The victim's own browser still reads it.
    expect((await h.t.request(`/api/v1/eventos/${h.ev.eventoId}/reservas/${victimId}`)).json()).toMatchObject({ estado: 'activa', cantidad: 2 });
  });

  it('general admission: a same-e-mail hold from another browser leaves the victim’s places held', async () => {
    const victim = guest('victima.ga');
    const held = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 3, seccionId: h.ev.general.seccionId, ...victim });
    expect(held.statusCode).toBe(201);
    const victimId = held.json().reservaId as string;
    const attack = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, {
      cantidadAsientos: 1,
      seccionId: h.ev.general.seccionId,
      nombre: 'X',
      correo: victim.correo.toUpperCase(),
    });
    expect(attack.statusCode).toBe(201);
    expect(attack.json().tokenReserva).not.toBe(held.json().tokenReserva);
    expect(await reservaEstado(h.t.database.db, victimId)).toBe('activa');
    expect(await generalPlaces(victimId)).toBe(3);
  });
});

describe('the browser that made a guest hold, with its token', () => {
  it('replaces it (any letter case of its e-mail), gets the same token back, and cancels it', async () => {
    const buyer = guest('duena');
    const [a, b] = await h.seats(2);
    const first = (await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: a }], ...buyer })).json();
    const token = first.tokenReserva as string;

    const second = await h.post(
      `/eventos/${h.ev.eventoId}/reservarInvitado`,
      { asientosReserva: [{ id: a }, { id: b }], nombre: buyer.nombre, correo: buyer.correo.toUpperCase() },
      undefined,
      token,
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().tokenReserva).toBe(token);
    expect(await reservaEstado(h.t.database.db, first.reservaId)).toBe('cancelada');
    const states = await seatStates(h.t.database.db, [a!, b!]);
    expect([states.get(a!), states.get(b!)]).toEqual(['reservado', 'reservado']);

    const third = await h.post(
      `/eventos/${h.ev.eventoId}/reservar_generales`,
      { cantidadAsientos: 2, seccionId: h.ev.general.seccionId, ...buyer },
      undefined,
      token,
    );
    expect(third.statusCode).toBe(201);
    expect(await reservaEstado(h.t.database.db, second.json().reservaId)).toBe('cancelada');
    expect([...(await seatStates(h.t.database.db, [a!, b!])).values()]).toEqual(['disponible', 'disponible']);

    const cancel = await h.post(`/eventos/${h.ev.eventoId}/cancelar`, { reservaId: third.json().reservaId, esGeneral: true }, undefined, token);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ reservaId: third.json().reservaId, estado: 'cancelada' });
    expect(await generalPlaces(third.json().reservaId)).toBe(0);
  });

  it('the token itself is never stored: the hold keeps its hash, with the client’s address', async () => {
    const res = await h.post(`/eventos/${h.ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: h.ev.general.seccionId, ...guest('hash') });
    const token = res.json().tokenReserva as string;
    const [row] = await queryRows<{ comprador: string; cliente_dispositivo: string; cliente_ip: string }>(
      h.t.database.db,
      sql`select comprador, cliente_dispositivo, cliente_ip from reservas where id = ${res.json().reservaId as string}`,
    );
    expect(row!.cliente_dispositivo).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(row!.comprador).not.toContain(token);
    expect(row!.cliente_ip).toBe('127.0.0.1');
  });
});
