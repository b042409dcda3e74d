import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { buildTestApp, type TestApp } from '../support/app';
import { createUser, freeSeats, guest, pickEvento } from '../support/reservas';

// Finding 2: one anonymous client could hold a whole venue (744 of 744 seats in 76 requests
// with made-up e-mails). Now one client without an account holds at most HOLD_MAX_PLACES_PER_IP
// (50) places of an event at once, counted from the live holds in the database per address
// and per browser (hold token), whatever e-mails it used; cancelling has an attempt limit too.
const CAP = 50;
const HOLD_SECONDS = 600;
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened.reverse()) await t.close();
});

async function holdsApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0', HOLD_MINUTES: String(HOLD_SECONDS / 60), ...env } });
  opened.push(t);
  return t;
}

function post(t: TestApp, url: string, payload: unknown, ip: string, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as never, remoteAddress: ip, headers });
}

/** Places held by live holds made from `ip` on the event (with or without an account). */
async function livePlaces(t: TestApp, eventoId: number, ip: string, { guestsOnly = true } = {}): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select coalesce(sum(cantidad), 0)::int as n from reservas
         where evento_id = ${eventoId} and cliente_ip = ${ip} and estado = 'activa' and fecha_expiracion > now()
           ${guestsOnly ? sql`and usuario_id is null` : sql``}`,
  );
  return row!.n;
}

/** A 429 for places held at once: the Spanish reason and Retry-After = seconds until the client's first hold ends. */
function expectCapRefusal(res: Awaited<ReturnType<typeof post>>, reason: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ code: 'LUGARES_APARTADOS_POR_CLIENTE' });
  expect(res.json().message).toMatch(reason);
  expect(res.json().message).toMatch(/Intenta de nuevo en \d+ minutos? o inicia sesión para reservar\.$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(HOLD_SECONDS - 60);
  expect(retryAfter).toBeLessThanOrEqual(HOLD_SECONDS);
}

const PER_IP = /^Desde tu conexión ya hay \d+ lugares apartados para este evento sin iniciar sesión; el máximo es 50 a la vez\./;
const PER_DEVICE = /^Ya tienes \d+ lugares apartados para este evento en este navegador; sin iniciar sesión puedes apartar hasta \d+ a la vez\./;

describe('one client without an account holds at most 50 places of an event at a time (defaults)', () => {
  let t: TestApp;
  let ev: Awaited<ReturnType<typeof pickEvento>>;
  beforeAll(async () => {
    t = await holdsApp();
    ev = await pickEvento(t.database.db, 200);
  });

  it('the seat loop with made-up e-mails stops at the cap with a Spanish 429 and Retry-After; another client still holds', async () => {
    const ip = '198.51.100.60';
    const per = Math.min(ev.limite, 10);
    const seats = await freeSeats(t.database.db, ev.eventoId, ev.seccionId, 150);
    const answers: number[] = [];
    let refusal: Awaited<ReturnType<typeof post>> | undefined;
    // The attacker's loop: a new e-mail and no hold token each time, as fast as it can.
    for (let i = 0; (i + 1) * per <= seats.length && answers.length < 15; i++) {
      const res = await post(
        t,
        `/eventos/${ev.eventoId}/reservarInvitado`,
        { asientosReserva: seats.slice(i * per, (i + 1) * per).map((id) => ({ id })), ...guest('acaparador') },
        ip,
      );
      answers.push(res.statusCode);
      if (res.statusCode === 429) refusal ??= res;
    }
    const held = Math.floor(CAP / per) * per;
    expect(answers.filter((s) => s === 201)).toHaveLength(held / per);
    expect(answers.slice(held / per).every((s) => s === 429)).toBe(true);
    expectCapRefusal(refusal!, PER_IP);
    expect(refusal!.json().message).toContain(`ya hay ${held} lugares apartados`);
    expect(await livePlaces(t, ev.eventoId, ip)).toBe(held);

    const other = await post(
      t,
      `/eventos/${ev.eventoId}/reservarInvitado`,
      { asientosReserva: [{ id: seats[seats.length - 1]! }], ...guest() },
      '198.51.100.61',
    );
    expect(other.statusCode).toBe(201);
  });

  it('general admission the same: places of every e-mail from one address add up', async () => {
    const ip = '198.51.100.62';
    const per = Math.min(ev.limite, 10);
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: per, seccionId: ev.general.seccionId, ...guest('ga') }, ip);
      answers.push(res.statusCode);
      if (res.statusCode === 429) expectCapRefusal(res, PER_IP);
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(Math.floor(CAP / per));
    expect(await livePlaces(t, ev.eventoId, ip)).toBeLessThanOrEqual(CAP);
  });

  it('a browser that keeps its hold token is held to the lower per-browser cap, whatever e-mails it uses', async () => {
    const ip = '198.51.100.63';
    const buyer = guest('navegador');
    const first = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: ev.limite, seccionId: ev.general.seccionId, ...buyer }, ip);
    expect(first.statusCode).toBe(201);
    const browser = { 'x-reserva-token': first.json().tokenReserva as string };
    let placed = ev.limite;
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 5 && !refused; i++) {
      const res = await post(
        t,
        `/eventos/${ev.eventoId}/reservar_generales`,
        { cantidadAsientos: ev.limite, seccionId: ev.general.seccionId, ...guest('navegador') },
        ip,
        browser,
      );
      if (res.statusCode === 201) placed += ev.limite;
      else refused = res;
    }
    expectCapRefusal(refused!, PER_DEVICE);
    const perDevice = Math.max(20, ev.limite);
    expect(placed).toBeLessThanOrEqual(perDevice);
    expect(placed + ev.limite).toBeGreaterThan(perDevice);
    // At the cap, the browser can still replace its own hold: the hold being replaced is not counted.
    const again = await post(
      t,
      `/eventos/${ev.eventoId}/reservar_generales`,
      { cantidadAsientos: ev.limite, seccionId: ev.general.seccionId, ...buyer },
      ip,
      browser,
    );
    expect(again.statusCode).toBe(201);
    const [row] = await queryRows<{ estado: string }>(t.database.db, sql`select estado from reservas where id = ${first.json().reservaId as string}`);
    expect(row!.estado).toBe('cancelada');
  });

  it('an IPv6 client is counted by its /64: a new address in the same network does not reset the count', async () => {
    const per = Math.min(ev.limite, 10);
    const answers: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await post(
        t,
        `/eventos/${ev.eventoId}/reservar_generales`,
        { cantidadAsientos: per, seccionId: ev.general.seccionId, ...guest('v6') },
        `2001:db8:7:9::${i.toString(16)}`,
      );
      answers.push(res.statusCode);
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(Math.floor(CAP / per));
    expect(await livePlaces(t, ev.eventoId, '2001:db8:7:9::/64')).toBeLessThanOrEqual(CAP);
  });

  it('places come back to the client when its holds end', async () => {
    const ip = '198.51.100.64';
    const holds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(
        t,
        `/eventos/${ev.eventoId}/reservar_generales`,
        { cantidadAsientos: 10, seccionId: ev.general.seccionId, ...guest('vuelta') },
        ip,
      );
      if (res.statusCode === 201) holds.push(res.json().reservaId);
    }
    const full = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 10, seccionId: ev.general.seccionId, ...guest('vuelta') }, ip);
    expect(full.statusCode).toBe(429);
    expect((await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId: holds[0], esGeneral: true }, ip)).statusCode).toBe(200);
    const after = await post(
      t,
      `/eventos/${ev.eventoId}/reservar_generales`,
      { cantidadAsientos: 10, seccionId: ev.general.seccionId, ...guest('vuelta') },
      ip,
    );
    expect(after.statusCode).toBe(201);
  });

  it('20 guest holds fired at once from one client never pass the cap', async () => {
    const ip = '198.51.100.70';
    const per = Math.min(ev.limite, 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: per, seccionId: ev.general.seccionId, ...guest('rafaga') }, ip),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(Math.floor(CAP / per));
    expect(await livePlaces(t, ev.eventoId, ip)).toBe(Math.floor(CAP / per) * per);
  });

  it('a verified account behind the same address is not counted against the guests’ cap (nor are its holds stopped by it)', async () => {
    const db = t.database.db;
    const ip = '198.51.100.71';
    const { token } = await createUser(db, t.app.config.jwtSecret);
    const seats = await freeSeats(db, ev.eventoId, ev.seccionId, ev.limite, 160);
    const bearer = { authorization: `Bearer ${token}` };
    // The account first: its places are not the guests'.
    expect((await post(t, `/eventos/${ev.eventoId}/reservar`, { asientosReserva: seats.map((id) => ({ id })) }, ip, bearer)).statusCode).toBe(201);
    let guestPlaces = 0;
    for (let i = 0; i < 10; i++) {
      const res = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 5, seccionId: ev.general.seccionId, ...guest('cgnat') }, ip);
      if (res.statusCode === 201) guestPlaces += 5;
    }
    expect(guestPlaces).toBe(CAP);
    // Guests behind the address are at the cap; a buyer who signs in still holds.
    const signedIn = await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: ev.limite, seccionId: ev.general.seccionId }, ip, bearer);
    expect(signedIn.statusCode).toBe(201);
    expect(await livePlaces(t, ev.eventoId, ip)).toBe(CAP);
    expect(await livePlaces(t, ev.eventoId, ip, { guestsOnly: false })).toBe(CAP + ev.limite);
  });
});

describe('with the caps off and a cancel limit of 3', () => {
  let t: TestApp;
  let ev: Awaited<ReturnType<typeof pickEvento>>;
  beforeAll(async () => {
    t = await holdsApp({ HOLD_MAX_PLACES_PER_IP: '0', HOLD_MAX_PLACES_PER_DEVICE: '0', HOLD_CANCEL_MAX_PER_IP: '3' });
    ev = await pickEvento(t.database.db, 20);
  });

  it('HOLD_MAX_PLACES_PER_IP=0 and HOLD_MAX_PLACES_PER_DEVICE=0 turn the caps off', async () => {
    const per = Math.min(ev.limite, 10);
    for (let i = 0; i < Math.ceil(CAP / per) + 1; i++) {
      const res = await post(
        t,
        `/eventos/${ev.eventoId}/reservar_generales`,
        { cantidadAsientos: per, seccionId: ev.general.seccionId, ...guest('sin-tope') },
        '198.51.100.72',
      );
      expect(res.statusCode).toBe(201);
    }
  });

  it('cancelar refuses the next cancel with a Spanish 429 and Retry-After, apart from the hold attempts; another address is not affected', async () => {
    const ip = '198.51.100.80';
    const hold = async (from: string) =>
      (await post(t, `/eventos/${ev.eventoId}/reservar_generales`, { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest('cancela') }, from)).json()
        .reservaId as string;
    const ids = [await hold(ip), await hold(ip), await hold(ip), await hold(ip)];
    for (const id of ids.slice(0, 3)) expect((await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId: id, esGeneral: true }, ip)).statusCode).toBe(200);
    const refused = await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId: ids[3], esGeneral: true }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'Demasiados intentos. Intenta de nuevo en unos minutos.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await queryRows<{ estado: string }>(t.database.db, sql`select estado from reservas where id = ${ids[3]!}`);
    expect(row!.estado).toBe('activa');
    // Holding is counted apart, and another address cancels freely.
    expect(await hold(ip)).toBeDefined();
    const otherId = await hold('198.51.100.81');
    expect((await post(t, `/eventos/${ev.eventoId}/cancelar`, { reservaId: otherId, esGeneral: true }, '198.51.100.81')).statusCode).toBe(200);
  });
});
