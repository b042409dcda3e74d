import { miEventoDetalleSchema, misEventosSchema } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { yaPaso } from '../src/modules/cuenta/compras.service';
import { DEMO_ACCOUNT } from '../src/seed/demo-account';
import type { TestApp } from './support/app';
import { buildSandboxApp } from './support/sandbox';
import { api, buy, createAccount, eventosConGeneral, login, uniqueEmail, verify } from './support/cuenta';

/** GET /eventos/mis_eventos and /eventos/mis_eventos/{id}: the buyer's own tickets, guest purchases by verified e-mail. */

let t: TestApp;
let eventos: Array<{ eventoId: number; general: number }>;
const PASSWORD = 'Compras123';

beforeAll(async () => {
  t = await buildSandboxApp();
  eventos = await eventosConGeneral(t);
  expect(eventos.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => t?.close());

async function signedIn() {
  const account = await createAccount(t, PASSWORD);
  return { ...account, token: await login(t, account.email, PASSWORD) };
}

async function misEventos(token: string) {
  const res = await api(t, 'GET', '/eventos/mis_eventos', token);
  expect(res.statusCode, res.body).toBe(200);
  return misEventosSchema.parse(res.json());
}

async function detalle(token: string, eventoId: number) {
  const res = await api(t, 'GET', `/eventos/mis_eventos/${eventoId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return miEventoDetalleSchema.parse(res.json());
}

describe('the buyer’s events and tickets', () => {
  it('lists the events bought with cantidadBoletos, and the detail has every ticket and the order summary', async () => {
    const [a, b] = eventos;
    const ana = await signedIn();
    expect(await misEventos(ana.token)).toMatchObject({ proximos: [], pasados: [] });
    const seats = await buy(t, a!.eventoId, { token: ana.token }, { n: 2 });
    const general = await buy(t, b!.eventoId, { token: ana.token }, { n: 3, general: b!.general });

    const list = await misEventos(ana.token);
    expect(list.pasados).toEqual([]);
    expect(list.proximos.map((e) => [e.id, e.cantidadBoletos])).toEqual(
      expect.arrayContaining([
        [a!.eventoId, 2],
        [b!.eventoId, 3],
      ]),
    );

    const d = await detalle(ana.token, a!.eventoId);
    expect(d.pasesGenerales).toEqual([]);
    expect(d.boletos.map((x) => x.id).sort()).toEqual(seats.boletos.map((x) => x.id).sort());
    expect(d.boletos.map((x) => x.quemadoUUID).sort()).toEqual(seats.boletos.map((x) => x.quemadoUuid).sort());
    for (const boleto of d.boletos) {
      expect(boleto.precio).toBeGreaterThan(0);
      expect(boleto.categoria?.nombre).toBeTruthy();
      expect(boleto.asiento.numero).toBeGreaterThan(0);
      expect(boleto.asiento.fila.nombre).not.toBe('');
      expect(boleto.asiento.fila.seccion.bloque.nombre).not.toBe('');
    }
    const r = d.evento.resumen;
    expect(r).toMatchObject({ correo: ana.email, recinto: d.evento.recinto.nombre, ciudad: d.evento.ciudad.nombre, total: seats.total, compras: 1 });
    expect(r.lineas.reduce((n, l) => n + l.cantidad, 0)).toBe(2);
    expect(r.lineas.reduce((n, l) => n + l.importe, 0)).toBe(r.subtotal);
    expect(r.total).toBe(r.subtotal - r.descuento + r.cargoServicio + r.cargoTarjeta + r.iva);

    const g = await detalle(ana.token, b!.eventoId);
    expect(g.boletos).toEqual([]);
    expect(g.pasesGenerales).toHaveLength(3);
    for (const p of g.pasesGenerales) expect(p.eventoSeccion.precioEspecial).toBe(p.precio);
    expect(g.evento.resumen.total).toBe(general.total);
    expect(g.evento.cantidadBoletos).toBe(3);
  });

  it('another account’s event is 404 and shows nothing of it; an unknown event is 404; a bad id is a Spanish 400', async () => {
    const [a] = eventos;
    const ana = await signedIn();
    const beto = await signedIn();
    await buy(t, a!.eventoId, { token: ana.token }, { n: 1 });
    const res = await api(t, 'GET', `/eventos/mis_eventos/${a!.eventoId}`, beto.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(cuentaMessages.MY_EVENT_NOT_FOUND);
    expect(res.body).not.toContain(ana.email);
    expect((await misEventos(beto.token)).proximos).toEqual([]);
    expect((await api(t, 'GET', '/eventos/mis_eventos/999999', ana.token)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const r = await api(t, 'GET', `/eventos/mis_eventos/${bad}`, ana.token);
      expect(r.statusCode, bad).toBe(400);
      expect([r.json().message].flat().join(' ')).toMatch(/identificador/);
    }
  });

  it('needs a verified session', async () => {
    expect((await api(t, 'GET', '/eventos/mis_eventos')).statusCode).toBe(401);
    expect((await api(t, 'GET', `/eventos/mis_eventos/${eventos[0]!.eventoId}`)).statusCode).toBe(401);
    const pending = await createAccount(t, PASSWORD, { verified: false });
    const token = await login(t, pending.email, PASSWORD);
    expect((await api(t, 'GET', '/eventos/mis_eventos', token)).statusCode).toBe(403);
  });

  it('splits by the event’s calendar day in its zone: today is upcoming, yesterday is past', () => {
    const ahora = new Date('2026-11-26T20:00:00Z'); // 14:00 in Mexico City
    const zona = 'America/Mexico_City';
    expect(yaPaso(new Date('2026-11-26T15:00:00Z'), zona, ahora)).toBe(false); // started this morning
    expect(yaPaso(new Date('2026-11-26T05:59:00Z'), zona, ahora)).toBe(true); // 23:59 yesterday there
    expect(yaPaso(new Date('2026-11-27T03:00:00Z'), zona, ahora)).toBe(false); // tonight there
  });
});

describe('guest purchases with the account’s e-mail', () => {
  it('bought as a guest before registering: they appear once the account is verified, not before', async () => {
    const [a, b] = eventos;
    const email = uniqueEmail('invitado');
    const guest = await buy(t, a!.eventoId, { guestEmail: email }, { n: 2 });
    const account = await createAccount(t, PASSWORD, { email, verified: false });
    const token = await login(t, email, PASSWORD);
    expect((await api(t, 'GET', '/eventos/mis_eventos', token)).statusCode).toBe(403);
    await verify(t, account.id);
    const list = await misEventos(token);
    expect(list.proximos.map((e) => [e.id, e.cantidadBoletos])).toEqual([[a!.eventoId, 2]]);
    const d = await detalle(token, a!.eventoId);
    expect(d.boletos.map((x) => x.id).sort()).toEqual(guest.boletos.map((x) => x.id).sort());
    expect(d.evento.resumen.correo).toBe(email);

    // Signed out again later, the same buyer buys as a guest: it joins the account too.
    await buy(t, b!.eventoId, { guestEmail: email.toUpperCase() }, { n: 1, general: b!.general });
    expect((await misEventos(token)).proximos.map((e) => e.id).sort()).toEqual([a!.eventoId, b!.eventoId].sort());
  });

  it('registered first (unverified), then bought as a guest: they appear after verification', async () => {
    const [a] = eventos;
    const email = uniqueEmail('primero');
    const account = await createAccount(t, PASSWORD, { email, verified: false });
    await buy(t, a!.eventoId, { guestEmail: email }, { n: 1 });
    await verify(t, account.id);
    const token = await login(t, email, PASSWORD);
    expect((await misEventos(token)).proximos.map((e) => [e.id, e.cantidadBoletos])).toEqual([[a!.eventoId, 1]]);
  });

  it('a guest purchase with another e-mail never appears', async () => {
    const [a] = eventos;
    const ana = await signedIn();
    await buy(t, a!.eventoId, { guestEmail: `otra.${ana.email}` }, { n: 1 });
    expect((await misEventos(ana.token)).proximos).toEqual([]);
    expect((await api(t, 'GET', `/eventos/mis_eventos/${a!.eventoId}`, ana.token)).statusCode).toBe(404);
  });
});

describe('the seeded demo account', () => {
  it('signs in with the documented password and has upcoming and past purchases, made by the sale', async () => {
    const token = await login(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const list = await misEventos(token);
    expect(list.proximos.length).toBeGreaterThanOrEqual(2);
    expect(list.pasados.length).toBeGreaterThanOrEqual(1);
    for (const e of list.pasados) expect(new Date(e.fecha).getTime()).toBeLessThan(Date.now());
    const past = await detalle(token, list.pasados[0]!.id);
    expect(past.boletos.length).toBeGreaterThan(0);
    // Real sales: every demo ticket has a charge paid at the gateway (the template's Openpay sandbox) behind it.
    const [unpaid] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from boletos b left join cargos c on c.id = b.cargo_id
           where (b.usuario_id = (select id from users where email = ${DEMO_ACCOUNT.email})
                  or b.invitado_id in (select id from invitados where correo = ${DEMO_ACCOUNT.email}))
             and (c.estado is distinct from 'pagado' or c.proveedor <> 'openpay')`,
    );
    expect(unpaid!.n).toBe(0);
    const pagos = await api(t, 'GET', '/pagos/get/mi_perfil', token);
    expect(pagos.json().tarjetas).toHaveLength(1);
  });
});
