import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { buildTestApp, type TestApp } from './support/app';
import { pickEvento } from './support/reservas';
import { Browser } from './support/sala-espera';
import { SALA_ENV, cerrarSala, salaEmpezadaSinLugares, tick } from './support/sala-espera';

/** The waiting room (decision 0031): when the server says to ask next, and how every early page learns its drawn number. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: SALA_ENV });
});
afterAll(async () => t?.close());

describe('polling: the server says when to ask next', () => {
  it("the mark a join gives is the browser's own: its polls keep it, before the draw and after", async () => {
    const ev = await pickEvento(t.database.db, 12);
    await salaEmpezadaSinLugares(t, ev.eventoId);
    const mark = `tq_lugar_${ev.eventoId}`;
    const marks = async (res: Awaited<ReturnType<Browser['estado']>>) => {
      const set = res.headers['set-cookie'];
      return (set === undefined ? [] : Array.isArray(set) ? set : [set]).filter((c) => c.startsWith(`${mark}=`));
    };
    // Before the draw: a new browser's join sets its cookie and its mark in one answer; its next poll sets no other mark.
    const early = new Browser(t, '192.0.2.61');
    expect((await early.join(ev.eventoId)).json().estado).toBe('antes');
    expect(early.jar.get(mark)).toMatch(/^\d+\.-\./);
    expect(await marks(await early.estado(ev.eventoId))).toEqual([]);
    // After the draw a join is numbered at once: the same holds for its numbered mark.
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ sorteados: 1 });
    const late = new Browser(t, '192.0.2.62');
    const joined = (await late.join(ev.eventoId)).json();
    expect(joined.estado).toBe('esperando');
    expect(late.jar.get(mark)).toMatch(new RegExp(`^\\d+\\.${joined.numero}\\.`));
    const polled = await late.estado(ev.eventoId);
    expect(polled.json()).toMatchObject({ estado: 'esperando', numero: joined.numero });
    expect(await marks(polled)).toEqual([]);
    await cerrarSala(t, ev.eventoId);
  });

  it('asks sooner near the front and at most every 7 s far back (jittered), answers far-back polls from a signed mark, and tells the last in line at sell-out', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10);
    await salaEmpezadaSinLugares(t, ev.eventoId);
    const browsers = [new Browser(t, '192.0.2.41'), new Browser(t, '192.0.2.42'), new Browser(t, '192.0.2.43')];
    for (const b of browsers) {
      // Started, not drawn yet: ask again within the draw's spread (1–8 s), not all in the same second.
      const joined = (await b.join(ev.eventoId)).json();
      expect(joined.estado).toBe('antes');
      expect(joined.siguienteConsultaMs).toBeGreaterThanOrEqual(1000);
      expect(joined.siguienteConsultaMs).toBeLessThanOrEqual(8000);
    }
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ sorteados: 3, admitidos: 0 });

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
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ agotados: 3 });
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
    await cerrarSala(t, ev.eventoId);
  });
});

describe('the draw: every early page learns its number', () => {
  it('after the draw each early browser is told the place its drawn number gives, its mark re-signed with it; a later join reads its own', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10);
    await salaEmpezadaSinLugares(t, ev.eventoId);
    const early = Array.from({ length: 6 }, (_, i) => new Browser(t, `192.0.2.${60 + i}`));
    for (const b of early) expect((await b.join(ev.eventoId)).json().estado).toBe('antes');
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ sorteados: 6 });
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
    await cerrarSala(t, ev.eventoId);
  });
});
