import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { admitirTodas } from '../src/modules/sala-espera/sala-espera.job';
import { salaEsperaMessages as M } from '@taquilla/shared/messages/sala-espera';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';
import { freeSeats, guest, pickEvento, seatStates } from './support/reservas';
import { abrirSala, Browser, empezar, solve } from './support/sala-espera';

/** The waiting room of an event "en venta con fila" (decision 0031): join, draw, admission, pass, the server's check. */

const ENV = { SALA_ESPERA_TICK_MS: '0', SALA_ESPERA_POW_DIFICULTAD: '40', HOLD_SWEEP_SECONDS: '0', SALA_ESPERA_MAX_POR_IP: '5', HOLD_MAX_PER_IP: '0' };
let t: TestApp;
const cfg = () => t.app.config.salaEspera;
/** One admission tick; answers what it did on `eventoId`. */
const tick = async (eventoId?: number) => (await admitirTodas(t.database.db, cfg())).filter((r) => r.eventoId === eventoId);

beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
});
afterAll(async () => t?.close());

/** A room started a second ago at 1 a minute, drawn from scratch: no places, nothing admitted. */
async function salaEmpezadaSinLugares(eventoId: number) {
  const db = t.database.db;
  await abrirSala(t, eventoId, new Date(Date.now() - 1000), 1);
  await db.execute(sql`delete from sala_espera_lugares where evento_id = ${eventoId}`);
  await db.execute(sql`update salas_espera set sorteada = false, admitidos_hasta = 0, credito = 0, ultimo_tick = now() where evento_id = ${eventoId}`);
}

async function cerrarSala(eventoId: number) {
  await t.request({ method: 'POST', url: '/api/v1/sala_espera/ops', remoteAddress: '127.0.0.1', payload: { eventoId, accion: 'cerrar', actor: 'prueba' } });
}

async function lugares(eventoId: number) {
  return queryRows<{ id: number; estado: string; numero: number | null }>(
    t.database.db,
    sql`select id, estado, numero from sala_espera_lugares where evento_id = ${eventoId} order by id`,
  );
}

describe('joining the line', () => {
  it('asks for a solved ALTCHA challenge of this event, spends it once, and gives one place per browser', async () => {
    const ev = await pickEvento(t.database.db, 10);
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    const a = new Browser(t);

    const bad = await a.request('POST', `/eventos/${ev.eventoId}/sala_espera`, { altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.CHALLENGE_FAILED);
    const notBase64 = await a.request('POST', `/eventos/${ev.eventoId}/sala_espera`, { altcha: '%%%' });
    expect(notBase64.statusCode).toBe(400);
    expect(await lugares(ev.eventoId)).toHaveLength(0);

    const challenge = (await a.request('GET', `/eventos/${ev.eventoId}/sala_espera/reto`)).json();
    const payload = await solve(challenge);
    // A solution is bound to its event's line.
    const other = await pickEvento(t.database.db, 10, [ev.eventoId]);
    await abrirSala(t, other.eventoId, new Date(Date.now() + 3_600_000), 60);
    const wrongEvent = await a.request('POST', `/eventos/${other.eventoId}/sala_espera`, { altcha: payload });
    expect(wrongEvent.statusCode).toBe(400);

    const joined = await a.request('POST', `/eventos/${ev.eventoId}/sala_espera`, { altcha: payload });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ estado: 'antes', lugar: null });
    const setCookie = String(joined.headers['set-cookie']);
    expect(setCookie).toMatch(/tq_navegador=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    // The same solution from another browser is spent.
    const b = new Browser(t);
    const replay = await b.request('POST', `/eventos/${ev.eventoId}/sala_espera`, { altcha: payload });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(M.CHALLENGE_USED);

    // The same browser joining again keeps its one place; a reload reads it back.
    expect((await a.join(ev.eventoId)).statusCode).toBe(200);
    expect((await a.estado(ev.eventoId)).json().estado).toBe('antes');
    expect(await lugares(ev.eventoId)).toHaveLength(1);
    // A browser without a place sees it has none.
    expect((await b.estado(ev.eventoId)).json().estado).toBe('sin_lugar');
  });

  it('caps the places one address takes in one line (SALA_ESPERA_MAX_POR_IP), with a Spanish 429', async () => {
    const ev = await pickEvento(t.database.db, 10, [1]);
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    await t.database.db.execute(sql`delete from sala_espera_lugares where evento_id = ${ev.eventoId}`);
    for (let i = 0; i < 5; i++) expect((await new Browser(t, '198.51.100.50').join(ev.eventoId)).statusCode).toBe(200);
    const sixth = await new Browser(t, '198.51.100.50').join(ev.eventoId);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(M.TOO_MANY_FROM_NETWORK);
    expect((await new Browser(t, '198.51.100.51').join(ev.eventoId)).statusCode).toBe(200);
    expect(await lugares(ev.eventoId)).toHaveLength(6);
  });
});

describe('admission and the pass', () => {
  it('refuses holds and checkout of a queued event without a pass, admits at the set rate, and the pass lets its own browser hold', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10, [1, 2]);
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    await db.execute(sql`delete from sala_espera_lugares where evento_id = ${ev.eventoId}`);
    const [s1, s2] = await freeSeats(db, ev.eventoId, ev.seccionId, 2);
    const a = new Browser(t, '192.0.2.1');
    const b = new Browser(t, '192.0.2.2');
    await a.join(ev.eventoId);
    await b.join(ev.eventoId);

    // Before the start: nobody holds.
    const early = await a.request('POST', `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: s1 }], ...guest() });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(M.NEEDS_PASS);
    expect((await tick(ev.eventoId)).length).toBe(0);

    await empezar(db, ev.eventoId);
    // Rate 60/min: the first tick after one second admits one buyer, the other waits first in line.
    await db.execute(sql`update salas_espera set ultimo_tick = now() - interval '1 second' where evento_id = ${ev.eventoId}`);
    const [r] = await tick(ev.eventoId);
    expect(r).toMatchObject({ sorteados: 2, admitidos: 1 });
    const states = await Promise.all([a.estado(ev.eventoId), b.estado(ev.eventoId)]);
    const [admitted, waiting] = states[0]!.json().estado === 'admitido' ? [a, b] : [b, a];
    const w = (await waiting.estado(ev.eventoId)).json();
    expect(w).toMatchObject({ estado: 'esperando', lugar: 1, ritmoPorMinuto: 60 });
    expect(w.esperaSegundos).toBe(1);

    // Without a pass: refused, nothing held.
    const seatCategory = (
      await queryRows<{ nombre: string }>(
        db,
        sql`select ce.nombre from evento_asientos ea join categorias_evento ce on ce.id = ea.categoria_evento_id where ea.id = ${s2!}`,
      )
    )[0]!.nombre;
    const bodies: Record<string, object> = {
      reservarInvitado: { asientosReserva: [{ id: s2 }], ...guest() },
      reservar_generales: { cantidadAsientos: 1, seccionId: ev.general.seccionId, ...guest() },
      // Best available holds too: the waiting room cannot be skipped through it.
      mejores_lugares: { categoria: seatCategory, cantidad: 1, ...guest() },
    };
    for (const [url, body] of Object.entries(bodies)) {
      const res = await waiting.request('POST', `/eventos/${ev.eventoId}/${url}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.NEEDS_PASS);
    }
    expect([...(await seatStates(db, [s2!])).values()]).toEqual(['disponible']);

    // The admitted browser's pass cookie came with its estado answer.
    expect([...admitted.jar.keys()]).toContain(`tq_pase_${ev.eventoId}`);
    // Another browser carrying a copy of the pass (not its browser cookie) is refused.
    const thief = new Browser(t, '192.0.2.9');
    thief.jar.set(`tq_pase_${ev.eventoId}`, admitted.jar.get(`tq_pase_${ev.eventoId}`)!);
    expect((await thief.request('POST', `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: s2 }], ...guest() })).statusCode).toBe(403);
    // A forged pass is refused.
    const forged = new Browser(t, '192.0.2.9');
    forged.jar.set('tq_navegador', admitted.jar.get('tq_navegador')!);
    const [h, body, sig] = admitted.jar.get(`tq_pase_${ev.eventoId}`)!.split('.');
    forged.jar.set(`tq_pase_${ev.eventoId}`, [h, body, (sig![0] === 'A' ? 'B' : 'A') + sig!.slice(1)].join('.'));
    expect((await forged.request('POST', `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: s2 }], ...guest() })).statusCode).toBe(403);

    const held = await admitted.request('POST', `/eventos/${ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: s1 }], ...guest() });
    expect(held.statusCode).toBe(201);
    const reservaId = held.json().reservaId;
    // Checkout: the waiting browser cannot pay for the hold; the admitted one gets past the pass check (to the payment's own checks).
    const charge = { reservaId, source_id: 'tok_x', device_session_id: 'dev', amount: 1 };
    const paidByOther = await waiting.request('POST', '/pagos/make/cargo_invitado', charge);
    expect(paidByOther.statusCode).toBe(403);
    expect(paidByOther.json().message).toBe(M.NEEDS_PASS);
    const paid = await admitted.request('POST', '/pagos/make/cargo_invitado', charge);
    expect(paid.json().message).not.toBe(M.NEEDS_PASS);
    // Using the pass marked it used and stretched it past the hold's life.
    const [used] = await queryRows<{ estado: string; vida: number }>(
      db,
      sql`select estado, extract(epoch from pase_expira_en - now())::int as vida from sala_espera_lugares where evento_id = ${ev.eventoId} and estado <> 'esperando'`,
    );
    expect(used).toMatchObject({ estado: 'usado' });
    expect(used!.vida).toBeGreaterThan(20 * 60);
  });

  it('an unused pass expires and its turn goes to the next in line; pausing stops admission; sold out tells everyone waiting', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10, [1, 2, 3]);
    await salaEmpezadaSinLugares(ev.eventoId);
    const browsers = [new Browser(t, '192.0.2.21'), new Browser(t, '192.0.2.22'), new Browser(t, '192.0.2.23')];
    for (const b of browsers) await b.join(ev.eventoId);
    // The draw; at 1 a minute nobody is due yet.
    await db.execute(sql`update salas_espera set credito = 1 where evento_id = ${ev.eventoId}`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ sorteados: 3, admitidos: 1 });
    expect((await tick(ev.eventoId))[0]).toMatchObject({ admitidos: 0 });
    // Its pass runs out unused: the next one is let in at once, though the rate owes nothing yet.
    await db.execute(sql`update sala_espera_lugares set pase_expira_en = now() - interval '1 second' where evento_id = ${ev.eventoId} and estado = 'admitido'`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ expirados: 1, admitidos: 1 });
    const estados = (await lugares(ev.eventoId)).map((l) => l.estado).sort();
    expect(estados).toEqual(['admitido', 'esperando', 'expirado']);

    // Paused (an audited ops call): the credit does not admit anyone.
    const pause = await t.request({
      method: 'POST',
      url: '/api/v1/sala_espera/ops',
      remoteAddress: '127.0.0.1',
      payload: { eventoId: ev.eventoId, accion: 'pausar', actor: 'ana@ops', motivo: 'base de datos lenta' },
    });
    expect(pause.statusCode).toBe(200);
    await db.execute(sql`update salas_espera set credito = 5 where evento_id = ${ev.eventoId}`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ admitidos: 0 });
    await t.request({
      method: 'POST',
      url: '/api/v1/sala_espera/ops',
      remoteAddress: '127.0.0.1',
      payload: { eventoId: ev.eventoId, accion: 'reanudar', actor: 'ana@ops' },
    });

    // Sold out: no free place and no live hold → everyone still waiting is told 'agotado'.
    await db.execute(sql`update evento_asientos set estado = 'vendido' where evento_id = ${ev.eventoId}`);
    await db.execute(sql`update evento_lugares_generales set estado = 'vendido' where evento_id = ${ev.eventoId}`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ agotados: 1 });
    const told = await Promise.all(browsers.map((b) => b.estado(ev.eventoId)));
    expect(told.map((r) => r.json().estado).sort()).toEqual(['admitido', 'agotado', 'expirado']);
    // A newcomer is told too, without a place.
    const late = await new Browser(t, '192.0.2.30').estado(ev.eventoId);
    expect(late.json().estado).toBe('agotado');

    // A place comes back (say a hold was cancelled): whoever was told 'agotado' waits again, with the number they had.
    const [numeroAntes] = await queryRows<{ numero: string }>(
      db,
      sql`select numero from sala_espera_lugares where evento_id = ${ev.eventoId} and estado = 'agotado'`,
    );
    await db.execute(sql`update evento_asientos set estado = 'disponible' where id = (select min(id) from evento_asientos where evento_id = ${ev.eventoId})`);
    await db.execute(sql`update salas_espera set pausada = true where evento_id = ${ev.eventoId}`);
    await tick(ev.eventoId);
    const [again] = await queryRows<{ numero: string; estado: string }>(
      db,
      sql`select numero, estado from sala_espera_lugares where evento_id = ${ev.eventoId} and numero = ${numeroAntes!.numero}`,
    );
    expect(again).toMatchObject({ estado: 'esperando' });
    await db.execute(sql`update evento_asientos set estado = 'vendido' where evento_id = ${ev.eventoId}`);
    await db.execute(sql`update salas_espera set pausada = false where evento_id = ${ev.eventoId}`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ agotados: 1 });

    const resumen = (await t.request('/api/v1/sala_espera/resumen')).json();
    expect(resumen.salas.find((s: { eventoId: number }) => s.eventoId === ev.eventoId)).toMatchObject({
      ritmoPorMinuto: 1,
      pausada: false,
      esperando: 0,
      admitidos: 1,
      agotados: 1,
    });
    expect(resumen.cambios.slice(0, 2).map((c: { accion: string; actor: string }) => `${c.accion} ${c.actor}`)).toEqual(['reanudar ana@ops', 'pausar ana@ops']);
    expect(resumen.cambios[1].motivo).toBe('base de datos lenta');
  });

  it('ops calls: refused from another machine without OPS_TOKEN, refused with a wrong token, a Spanish 4xx for an unknown event', async () => {
    const remote = await t.request({
      method: 'POST',
      url: '/api/v1/sala_espera/ops',
      remoteAddress: '203.0.113.50',
      payload: { eventoId: 1, accion: 'pausar', actor: 'x' },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toBe(M.OPS_FORBIDDEN);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/sala_espera/ops',
      remoteAddress: '127.0.0.1',
      payload: { eventoId: 999999, accion: 'pausar', actor: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const withToken = await buildTestApp({ env: { ...ENV, OPS_TOKEN: 'secreto-de-ops' }, database: t.database });
    try {
      const wrong = await withToken.request({
        method: 'POST',
        url: '/api/v1/sala_espera/ops',
        remoteAddress: '127.0.0.1',
        headers: { 'x-ops-token': 'otro' },
        payload: { eventoId: 1, accion: 'pausar', actor: 'x' },
      });
      expect(wrong.statusCode).toBe(403);
    } finally {
      await withToken.close();
    }
  });
});

describe('polling: the server says when to ask next', () => {
  it('asks sooner near the front and at most every 7 s far back (jittered), answers far-back polls from a signed mark, and tells the last in line at sell-out', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10);
    await salaEmpezadaSinLugares(ev.eventoId);
    const browsers = [new Browser(t, '192.0.2.41'), new Browser(t, '192.0.2.42'), new Browser(t, '192.0.2.43')];
    for (const b of browsers) {
      // Started, not drawn yet: ask again within the draw's spread (1–8 s), not all in the same second.
      const joined = (await b.join(ev.eventoId)).json();
      expect(joined.estado).toBe('antes');
      expect(joined.siguienteConsultaMs).toBeGreaterThanOrEqual(1000);
      expect(joined.siguienteConsultaMs).toBeLessThanOrEqual(8000);
    }
    expect((await tick(ev.eventoId))[0]).toMatchObject({ sorteados: 3, admitidos: 0 });

    // At 1 a minute: place 1 is due in 60 s (every 3–4 s), places 2 and 3 in 2–3 minutes (every 5.25–7 s, never longer).
    const byPlace = async () => {
      const answers = (await Promise.all(browsers.map((b) => b.estado(ev.eventoId)))).map((r) => r.json());
      return answers.map((a, i) => ({ ...a, b: browsers[i]! })).sort((x, y) => x.lugar - y.lugar);
    };
    const first = await byPlace();
    expect(first.map((a) => a.lugar)).toEqual([1, 2, 3]);
    expect(first[0]!.siguienteConsultaMs).toBeGreaterThanOrEqual(3000);
    expect(first[0]!.siguienteConsultaMs).toBeLessThanOrEqual(4000);
    for (const far of first.slice(1)) {
      expect(far.siguienteConsultaMs).toBeGreaterThanOrEqual(5250);
      expect(far.siguienteConsultaMs).toBeLessThanOrEqual(7000);
      expect(far.consultarEnSegundos).toBe(Math.ceil(far.siguienteConsultaMs / 1000));
    }
    // Faster admission (ops, live): the front is due within seconds and asks every 1.5–2 s.
    await t.request({
      method: 'POST',
      url: '/api/v1/sala_espera/ops',
      remoteAddress: '127.0.0.1',
      payload: { eventoId: ev.eventoId, accion: 'ritmo', ritmoPorMinuto: 60, actor: 'prueba' },
    });
    const front = (await first[0]!.b.estado(ev.eventoId)).json();
    expect(front).toMatchObject({ estado: 'esperando', lugar: 1, esperaSegundos: 1 });
    expect(front.siguienteConsultaMs).toBeGreaterThanOrEqual(1500);
    expect(front.siguienteConsultaMs).toBeLessThanOrEqual(2000);

    // The mark that lets a poll skip reading the place is signed: a forged number is ignored and the true place answered.
    const last = first[2]!.b;
    const mark = last.jar.get(`tq_lugar_${ev.eventoId}`)!;
    expect(mark).toMatch(/^\d+\.3\.[A-Za-z0-9_-]{43}$/);
    const forger = new Browser(t, '192.0.2.49');
    forger.jar.set('tq_navegador', last.jar.get('tq_navegador')!);
    forger.jar.set(`tq_lugar_${ev.eventoId}`, mark.replace('.3.', '.999.'));
    expect((await forger.estado(ev.eventoId)).json()).toMatchObject({ estado: 'esperando', lugar: 3 });
    // Another browser carrying a copy of the mark has no place.
    const copier = new Browser(t, '192.0.2.48');
    copier.jar.set(`tq_lugar_${ev.eventoId}`, mark);
    expect((await copier.estado(ev.eventoId)).json().estado).toBe('sin_lugar');

    // Sold out: the last in line, answered from its mark a moment ago, is told 'agotado' at its next poll.
    const seats = await queryRows<{ id: number }>(
      db,
      sql`update evento_asientos set estado = 'vendido' where evento_id = ${ev.eventoId} and estado = 'disponible' returning id`,
    );
    const places = await queryRows<{ id: number }>(
      db,
      sql`update evento_lugares_generales set estado = 'vendido' where evento_id = ${ev.eventoId} and estado = 'disponible' returning id`,
    );
    expect((await tick(ev.eventoId))[0]).toMatchObject({ agotados: 3 });
    const told = (await last.estado(ev.eventoId)).json();
    expect(told.estado).toBe('agotado');
    // The event goes back on sale without a line for the tests after this one.
    await db.execute(
      sql`update evento_asientos set estado = 'disponible' where id in (${sql.join(
        seats.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    if (places.length)
      await db.execute(
        sql`update evento_lugares_generales set estado = 'disponible' where id in (${sql.join(
          places.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    await cerrarSala(ev.eventoId);
  });
});

describe('the draw: every early page learns its number', () => {
  it('after the draw each early browser is told the place its drawn number gives, its mark re-signed with it; a later join reads its own', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10);
    await salaEmpezadaSinLugares(ev.eventoId);
    const early = Array.from({ length: 6 }, (_, i) => new Browser(t, `192.0.2.${60 + i}`));
    for (const b of early) expect((await b.join(ev.eventoId)).json().estado).toBe('antes');
    expect((await tick(ev.eventoId))[0]).toMatchObject({ sorteados: 6 });
    const drawn = new Map(
      (await queryRows<{ id: number; numero: number }>(db, sql`select id, numero from sala_espera_lugares where evento_id = ${ev.eventoId}`)).map((l) => [
        Number(l.id),
        Number(l.numero),
      ]),
    );
    const admitidos = Number((await queryRows<{ n: number }>(db, sql`select admitidos_hasta as n from salas_espera where evento_id = ${ev.eventoId}`))[0]!.n);
    for (const b of early) {
      // The mark the page carries from before the draw: its place, no number yet.
      const [lugarId, sinNumero] = b.jar.get(`tq_lugar_${ev.eventoId}`)!.split('.');
      expect(sinNumero).toBe('-');
      const numero = drawn.get(Number(lugarId))!;
      const res = (await b.estado(ev.eventoId)).json();
      if (numero <= admitidos) expect(res.estado).toBe('admitido');
      else {
        expect(res).toMatchObject({ estado: 'esperando', lugar: numero - admitidos, numero });
        expect(b.jar.get(`tq_lugar_${ev.eventoId}`)).toMatch(new RegExp(`^\\d+\\.${numero}\\.`));
      }
    }
    // A browser that joins after this process read the drawn numbers is numbered next and reads its own place.
    const late = new Browser(t, '192.0.2.70');
    const joined = (await late.join(ev.eventoId)).json();
    expect(joined).toMatchObject({ estado: 'esperando', numero: 7, lugar: 7 - admitidos });
    expect((await late.estado(ev.eventoId)).json()).toMatchObject({ estado: 'esperando', lugar: 7 - admitidos });
    await cerrarSala(ev.eventoId);
  });
});

describe('ops: the command and status', () => {
  it("`sala-espera <evento> pausar|ritmo` changes the running server's room (audited), and `status` shows the line per event", async () => {
    const db = t.database.db;
    // The last event of the seed: the other tests take theirs from the first ones.
    const [last] = await queryRows<{ id: number }>(db, sql`select id from eventos order by id desc limit 1`);
    const ev = { eventoId: Number(last!.id) };
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    await new Browser(t, '192.0.2.77').join(ev.eventoId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const env = {
      ...process.env,
      ORIGIN_DIR: mkdtempSync(path.join(tmpdir(), 'sala-origin-')),
      ORIGIN_S3_BUCKET: '',
      TAQUILLA_URL: url,
      API_KEY: TEST_API_KEY,
      OPS_ACTOR: 'ana@ops',
    };
    const ops = path.resolve(import.meta.dirname, '../../platform/ops');
    const run = (script: string, args: string[] = []) => promisify(execFile)(process.execPath, [path.join(ops, script), ...args], { env });

    expect((await run('sala-espera.mjs', [String(ev.eventoId), 'pausar', '--reason', 'base de datos lenta'])).stdout).toContain(
      `sala de espera del evento ${ev.eventoId} en pausa`,
    );
    expect((await run('sala-espera.mjs', [String(ev.eventoId), 'ritmo', '120'])).stdout).toContain('con ritmo nuevo');
    const bad = await run('sala-espera.mjs', [String(ev.eventoId), 'ritmo', 'mucho']).catch((e: { stderr: string; code: number }) => e);
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toContain('El ritmo debe ser un número');

    const { stdout } = await run('status.mjs');
    const line = stdout.split('\n').find((l) => l.includes(`evento ${ev.eventoId} «`));
    expect(line).toMatch(/EN PAUSA: 1 esperando · 0 admitidos · \d+ vendidos · ritmo 120\/min/);
    expect(stdout).toContain(`evento ${ev.eventoId} pausar: pausada  por ana@ops — «base de datos lenta»`);
    expect(stdout).toContain(`evento ${ev.eventoId} ritmo: ritmo 60 → 120  por ana@ops`);
  });
});
