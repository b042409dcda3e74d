import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { desdeFila } from '@taquilla/shared/sala-espera';
import { admitirTodas } from '../src/modules/sala-espera/sala-espera.job';
import { buildTestApp, type TestApp } from './support/app';
import { pickEvento } from './support/reservas';
import { abrirSala, Browser, empezar } from './support/sala-espera';

/**
 * The shared answer of a waiting room (decision 0031, "One answer for everyone"):
 * GET /eventos/:id/sala_espera/fila, the same bytes for every buyer, no cookie either way, an
 * ETag and a second of caching; the personal answer tells the browser its number.
 */

const ENV = { SALA_ESPERA_TICK_MS: '0', SALA_ESPERA_POW_DIFICULTAD: '40', HOLD_SWEEP_SECONDS: '0', SALA_ESPERA_MAX_POR_IP: '5', HOLD_MAX_PER_IP: '0' };
let t: TestApp;
const tick = async (eventoId: number) => (await admitirTodas(t.database.db, t.app.config.salaEspera)).filter((r) => r.eventoId === eventoId);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
});
afterAll(async () => t?.close());

const ops = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/v1/sala_espera/ops', remoteAddress: '127.0.0.1', payload: { actor: 'prueba', ...payload } });

describe('the shared answer', () => {
  it('is the same bytes for every browser, reads and sets no cookie, carries an ETag (304 on If-None-Match) and a second of public caching', async () => {
    const ev = await pickEvento(t.database.db, 10);
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    const a = new Browser(t, '192.0.2.61');
    const b = new Browser(t, '192.0.2.62');
    await a.join(ev.eventoId);
    await b.join(ev.eventoId);
    expect(a.jar.size).toBeGreaterThan(0);

    const [ra, rb] = [await a.request('GET', `/eventos/${ev.eventoId}/sala_espera/fila`), await b.request('GET', `/eventos/${ev.eventoId}/sala_espera/fila`)];
    expect(ra.statusCode).toBe(200);
    expect(ra.rawPayload.equals(rb.rawPayload)).toBe(true);
    expect(ra.headers.etag).toBe(rb.headers.etag);
    expect(ra.headers.etag).toMatch(/^W\/"fila-/);
    expect(ra.headers['cache-control']).toBe('public, max-age=1');
    expect(ra.headers['content-type']).toMatch(/^application\/json/);
    expect(ra.headers['set-cookie']).toBeUndefined();
    expect(ra.json()).toMatchObject({
      estado: 'antes',
      pausada: false,
      admitidosHasta: 0,
      ritmoPorMinuto: 60,
      admisionPorMinuto: 60,
      siguienteConsultaMs: 30_000,
    });
    expect(Date.parse(ra.json().inicio)).toBeGreaterThan(Date.now());
    // A browser with no cookie at all gets the same bytes.
    const bare = await t.request(`/api/v1/eventos/${ev.eventoId}/sala_espera/fila`);
    expect(bare.rawPayload.equals(ra.rawPayload)).toBe(true);
    expect(bare.headers['set-cookie']).toBeUndefined();

    const again = await t.request({ url: `/api/v1/eventos/${ev.eventoId}/sala_espera/fila`, headers: { 'if-none-match': String(ra.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.request({ url: `/api/v1/eventos/${ev.eventoId}/sala_espera/fila`, headers: { 'if-none-match': 'W/"otra"' } });
    expect(stale.statusCode).toBe(200);
    await ops({ eventoId: ev.eventoId, accion: 'cerrar' });
  });

  it("says 'sin_fila' for an event sold without a line; a Spanish 404 for an event that does not exist, a Spanish 400 for a bad id", async () => {
    const ev = await pickEvento(t.database.db, 10);
    await ops({ eventoId: ev.eventoId, accion: 'cerrar' });
    const none = await t.request(`/api/v1/eventos/${ev.eventoId}/sala_espera/fila`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ estado: 'sin_fila', inicio: null, admitidosHasta: 0 });
    const missing = await t.request('/api/v1/eventos/999999/sala_espera/fila');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(catalogoMessages.EVENT_NOT_FOUND);
    expect(missing.headers['set-cookie']).toBeUndefined();
    const bad = await t.request('/api/v1/eventos/abc/sala_espera/fila');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().message)).toContain(catalogoMessages.ID_INVALID);
  });

  it('follows admission, pause and sell-out within a second, and with the personal number gives the place the personal answer gives', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10, [1]);
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    await db.execute(sql`delete from sala_espera_lugares where evento_id = ${ev.eventoId}`);
    const browsers = [new Browser(t, '192.0.2.71'), new Browser(t, '192.0.2.72'), new Browser(t, '192.0.2.73')];
    for (const b of browsers) await b.join(ev.eventoId);
    const fila = async () => (await t.request(`/api/v1/eventos/${ev.eventoId}/sala_espera/fila`)).json();
    expect((await fila()).estado).toBe('antes');

    // The draw and one admission (60 a minute, one second owed).
    await empezar(db, ev.eventoId);
    await db.execute(sql`update salas_espera set ultimo_tick = now() - interval '1 second' where evento_id = ${ev.eventoId}`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ sorteados: 3, admitidos: 1 });
    const f1 = await fila();
    expect(f1).toMatchObject({ estado: 'abierta', admitidosHasta: 1, pausada: false, siguienteConsultaMs: 7000 });

    // The personal answer tells each waiting browser its number; the shared answer alone then gives its place and wait.
    const personal = (await Promise.all(browsers.map((b) => b.estado(ev.eventoId)))).map((r) => r.json());
    const waiting = personal.filter((p) => p.estado === 'esperando');
    expect(waiting).toHaveLength(2);
    for (const p of waiting) {
      expect(p.numero).toBe(p.lugar + 1);
      const view = desdeFila(p, f1, () => 0);
      expect(view).toMatchObject({ estado: 'esperando', lugar: p.lugar, esperaSegundos: p.esperaSegundos });
    }
    expect(personal.find((p) => p.estado === 'admitido')!.numero).toBeNull();

    // Admission moves on: the shared answer says so at once (the step drops this process's copy); the front's page would ask for its pass.
    await db.execute(sql`update salas_espera set ultimo_tick = now() - interval '1 second' where evento_id = ${ev.eventoId}`);
    expect((await tick(ev.eventoId))[0]).toMatchObject({ admitidos: 1 });
    const f2 = await fila();
    expect(f2.admitidosHasta).toBe(2);
    const front = waiting.find((p) => p.numero === 2)!;
    expect(desdeFila(front, f2)).toBeNull();

    // Paused by ops: told at once; the waiting page asks for its personal answer on the change.
    expect((await ops({ eventoId: ev.eventoId, accion: 'pausar' })).statusCode).toBe(200);
    const f3 = await fila();
    expect(f3.pausada).toBe(true);
    const last = waiting.find((p) => p.numero === 3)!;
    expect(desdeFila(last, f3)).toBeNull();
    await ops({ eventoId: ev.eventoId, accion: 'reanudar' });

    // A change no step of this process saw (another process's step): within a second.
    await db.execute(sql`update salas_espera set admitidos_hasta = 3 where evento_id = ${ev.eventoId}`);
    await sleep(1100);
    expect((await fila()).admitidosHasta).toBe(3);

    // Sold out: the step records it and the shared answer says 'agotado' at once.
    await db.execute(sql`update evento_asientos set estado = 'vendido' where evento_id = ${ev.eventoId} and estado = 'disponible'`);
    await db.execute(sql`update evento_lugares_generales set estado = 'vendido' where evento_id = ${ev.eventoId} and estado = 'disponible'`);
    await db.execute(sql`update sala_espera_lugares set estado = 'usado' where evento_id = ${ev.eventoId} and estado = 'admitido'`);
    await db.execute(sql`update salas_espera set admitidos_hasta = 2 where evento_id = ${ev.eventoId}`);
    await tick(ev.eventoId);
    const f4 = await fila();
    expect(f4).toMatchObject({ estado: 'agotado', siguienteConsultaMs: 15_000 });
    expect(desdeFila(last, f4)).toBeNull();
    expect((await browsers.find((_, i) => personal[i] === last)!.estado(ev.eventoId)).json().estado).toBe('agotado');
    await ops({ eventoId: ev.eventoId, accion: 'cerrar' });
  });
});
