import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { tickSala } from '../src/modules/sala-espera/sala-espera.admision';
import { joinLine } from '../src/modules/sala-espera/sala-espera.repository';
import { buildTestApp, type TestApp } from './support/app';
import { pickEvento } from './support/reservas';
import { abrirSala } from './support/sala-espera';

/**
 * Arriving early gives no advantage (decision 0031): the order drawn at the start is independent
 * of the order of arrival. A statistical test with thresholds that a fair draw fails about once
 * in 15,000 runs (4 standard deviations), and that an arrival-ordered line fails every time.
 */

const N = 400;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SALA_ESPERA_TICK_MS: '0' } });
});
afterAll(async () => t?.close());

/** Spearman's rank correlation of two rankings of 1..n (no ties). */
function spearman(a: number[], b: number[]): number {
  const n = a.length;
  const d2 = a.reduce((s, x, i) => s + (x - b[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe('the draw at the start', () => {
  it('orders those who waited before the start at random, and later arrivals after them in arrival order', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 10);
    await abrirSala(t, ev.eventoId, new Date(Date.now() + 3_600_000), 60);
    for (let i = 0; i < N; i++) {
      const r = await joinLine(db, {
        eventoId: ev.eventoId,
        navegador: `nav-${i}`,
        ip: `10.0.${i >> 8}.${i & 255}`,
        reto: `reto-${ev.eventoId}-${i}`,
        maxPorIp: 0,
      });
      expect('lugar' in r).toBe(true);
    }
    await db.execute(sql`update salas_espera set inicio = now() - interval '1 second' where evento_id = ${ev.eventoId}`);
    const tick = await tickSala(db, ev.eventoId, 5);
    expect(tick?.sorteados).toBe(N);
    // Three who come after the start queue behind everyone who was waiting, first come first served.
    for (let i = N; i < N + 3; i++)
      await joinLine(db, { eventoId: ev.eventoId, navegador: `nav-${i}`, ip: '10.9.9.9', reto: `reto-${ev.eventoId}-${i}`, maxPorIp: 0 });

    const rows = await queryRows<{ navegador: string; numero: string }>(
      db,
      sql`select navegador, numero from sala_espera_lugares where evento_id = ${ev.eventoId} order by id`,
    );
    const numeros = rows.map((r) => Number(r.numero));
    const early = numeros.slice(0, N);
    expect([...early].sort((x, y) => x - y)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(numeros.slice(N)).toEqual([N + 1, N + 2, N + 3]);

    // Independence of arrival and place: Spearman's rho is ~ N(0, 1/√(n−1)) for a random order.
    const arrival = Array.from({ length: N }, (_, i) => i + 1);
    const rho = spearman(arrival, early);
    expect(Math.abs(rho)).toBeLessThan(4 / Math.sqrt(N - 1));
    // The first tenth to arrive: their mean place is that of a random sample of 40 of 1..400.
    const k = N / 10;
    const mean = early.slice(0, k).reduce((s, x) => s + x, 0) / k;
    const sd = Math.sqrt(((N * N - 1) / 12 / k) * ((N - k) / (N - 1)));
    expect(Math.abs(mean - (N + 1) / 2)).toBeLessThan(4 * sd);
    // Places by quarter of arrival: a chi-square test of each arrival quarter against place quarters (9 d.f.; 4σ ≈ 33.7).
    const table = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    early.forEach((numero, i) => table[Math.floor((i * 4) / N)]![Math.floor(((numero - 1) * 4) / N)]!++);
    const expected = N / 16;
    const chi2 = table.flat().reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(33.7);

    // The same statistics see an arrival-ordered line at once (the test has the power to fail).
    expect(Math.abs(spearman(arrival, arrival))).toBeGreaterThan(4 / Math.sqrt(N - 1));
  });
});
