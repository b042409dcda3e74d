import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { salaEsperaMessages as M } from '@taquilla/shared/messages/sala-espera';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';
import { pickEvento } from './support/reservas';
import { abrirSala, Browser, solve } from './support/sala-espera';
import { SALA_ENV, lugares } from './support/sala-espera';

/** The waiting room of an event "en venta con fila" (decision 0031): joining the line and the ops command; admission and the pass: sala-espera.admision.test.ts; polling and the draw: sala-espera.consultas.test.ts. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: SALA_ENV });
});
afterAll(async () => t?.close());

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
    expect(await lugares(t, ev.eventoId)).toHaveLength(0);

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
    expect(await lugares(t, ev.eventoId)).toHaveLength(1);
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
    expect(await lugares(t, ev.eventoId)).toHaveLength(6);
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
