import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { salaEsperaMessages as M } from '@taquilla/shared/messages/sala-espera';
import { buildTestApp, type TestApp } from './support/app';
import { freeSeats, guest, pickEvento, seatStates } from './support/reservas';
import { abrirSala, Browser, empezar } from './support/sala-espera';
import { SALA_ENV, lugares, salaEmpezadaSinLugares, tick } from './support/sala-espera';

/** The waiting room (decision 0031): admission at the set rate, the pass and the server's check of it. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: SALA_ENV });
});
afterAll(async () => t?.close());

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
    expect((await tick(t, ev.eventoId)).length).toBe(0);

    await empezar(db, ev.eventoId);
    // Rate 60/min: the first tick after one second admits one buyer, the other waits first in line.
    await db.execute(sql`update salas_espera set ultimo_tick = now() - interval '1 second' where evento_id = ${ev.eventoId}`);
    const [r] = await tick(t, ev.eventoId);
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
    await salaEmpezadaSinLugares(t, ev.eventoId);
    const browsers = [new Browser(t, '192.0.2.21'), new Browser(t, '192.0.2.22'), new Browser(t, '192.0.2.23')];
    for (const b of browsers) await b.join(ev.eventoId);
    // The draw; at 1 a minute nobody is due yet.
    await db.execute(sql`update salas_espera set credito = 1 where evento_id = ${ev.eventoId}`);
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ sorteados: 3, admitidos: 1 });
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ admitidos: 0 });
    // Its pass runs out unused: the next one is let in at once, though the rate owes nothing yet.
    await db.execute(sql`update sala_espera_lugares set pase_expira_en = now() - interval '1 second' where evento_id = ${ev.eventoId} and estado = 'admitido'`);
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ expirados: 1, admitidos: 1 });
    const estados = (await lugares(t, ev.eventoId)).map((l) => l.estado).sort();
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
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ admitidos: 0 });
    await t.request({
      method: 'POST',
      url: '/api/v1/sala_espera/ops',
      remoteAddress: '127.0.0.1',
      payload: { eventoId: ev.eventoId, accion: 'reanudar', actor: 'ana@ops' },
    });

    // Sold out: no free place and no live hold → everyone still waiting is told 'agotado'.
    await db.execute(sql`update evento_asientos set estado = 'vendido' where evento_id = ${ev.eventoId}`);
    await db.execute(sql`update evento_lugares_generales set estado = 'vendido' where evento_id = ${ev.eventoId}`);
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ agotados: 1 });
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
    await tick(t, ev.eventoId);
    const [again] = await queryRows<{ numero: string; estado: string }>(
      db,
      sql`select numero, estado from sala_espera_lugares where evento_id = ${ev.eventoId} and numero = ${numeroAntes!.numero}`,
    );
    expect(again).toMatchObject({ estado: 'esperando' });
    await db.execute(sql`update evento_asientos set estado = 'vendido' where evento_id = ${ev.eventoId}`);
    await db.execute(sql`update salas_espera set pausada = false where evento_id = ${ev.eventoId}`);
    expect((await tick(t, ev.eventoId))[0]).toMatchObject({ agotados: 1 });

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
    const withToken = await buildTestApp({ env: { ...SALA_ENV, OPS_TOKEN: 'secreto-de-ops' }, database: t.database });
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
