/**
 * Best available on PostgreSQL:  pnpm --filter @taquilla/api bench:best-available
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. Builds a fresh migrated database with one
 * event in a 20,000-seat venue (BENCH_SECTIONS sections, default 10, of 40 rows × 50 seats,
 * one price category across all of them: the widest search), then times, through the API's own
 * statement (holdBest → mejores_lugares_cliente), BENCH_PICKS (default 1,000: four phases of 4-seat holds fill 16,000 of the 20,000 seats) best-available
 * holds of 4 adjacent seats, each by a new guest:
 *
 * - one after the other (the statement's own latency), then the same number again from
 *   BENCH_CONCURRENCY (default 8) buyers at once on a pool of as many connections;
 * - for reference, in the same run and the same way, manual holds of 4 given free adjacent
 *   seats (reservar_lugares_cliente, what `reservarInvitado` runs).
 *
 * Every pick must hold 4 adjacent seats of one row, and no seat may be held twice (checked at
 * the end). Prints p50/p99 of each and the ratio best/manual, then drops the database.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { eventoImportSchema } from '../src/import/definition';
import { importEvento } from '../src/import/import-evento';
import { holdBest, holdPlaces } from '../src/modules/reservas/apartados.repository';
import { benchBaseUrl, scratchDatabase } from './bench-lib';

const SECTIONS = Number(process.env.BENCH_SECTIONS ?? 10);
const PICKS = Number(process.env.BENCH_PICKS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const N = 4;

const { url, drop } = await scratchDatabase(benchBaseUrl(), 'best');
const database = await openDatabase({ url, poolSize: CONCURRENCY });
const db: Db = database.db;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
let guest = 0;
const comprador = () => ({ nombre: 'Banco de pruebas', correo: `bench.${guest++}@ejemplo.mx` });

async function timed(times: number[], concurrency: number, one: () => Promise<void>) {
  let left = PICKS;
  const worker = async () => {
    while (left-- > 0) {
      const t0 = performance.now();
      await one();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

try {
  await database.migrate();
  const filas = Array.from({ length: 40 }, (_, i) => ({ nombre: `F${i + 1}`, asientos: 50, zona: 'Preferente' }));
  const def = eventoImportSchema.parse({
    evento: {
      nombre: 'Banco mejores lugares',
      fecha: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      categoria: 'Conciertos',
      artista: 'Banco',
      limiteDeAsientos: 10,
    },
    recinto: {
      nombre: 'Estadio de pruebas',
      direccion: 'Calle 1',
      ciudad: 'Ciudad de México',
      svg: `<svg xmlns="http://www.w3.org/2000/svg">${Array.from({ length: SECTIONS }, (_, i) => `<g data-seccion="s${i}"/>`).join('')}</svg>`,
      secciones: Array.from({ length: SECTIONS }, (_, i) => ({
        clave: `s${i}`,
        nombre: `Sección ${i}`,
        bloque: 'Estadio',
        tipo: 'numerada',
        colores: ['#111111'],
        rango: i,
        filas,
      })),
    },
    categorias: [{ nombre: 'Preferente', color: '#f59e0b', precio: 100_000 }],
  });
  const { eventoId } = await importEvento(db, def);
  await db.execute(sql`analyze`);
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from evento_asientos where evento_id = ${eventoId}`);
  console.log(`Recinto de ${n.toLocaleString('es-MX')} asientos, ${SECTIONS} secciones; ${PICKS} apartados de ${N} por fase.`);

  // As the service does (reservarMejores): a statement whose every try lost its block to holds
  // made at the same moment runs again, at most 3 times.
  const pick = () =>
    holdBest(db, {
      id: randomUUID(),
      eventoId,
      comprador: comprador(),
      categoria: 'Preferente',
      seccionId: null,
      cantidad: N,
      separados: false,
      sillaDeRuedas: false,
      holdMinutes: 10,
    });
  const best = async () => {
    let r = await pick();
    for (let again = 0; again < 2 && 'refusal' in r && r.refusal.code === 'ASIENTOS_NO_DISPONIBLES'; again++) {
      r = await pick();
    }
    if (!('reservado' in r) || !r.reservado || r.asientos.length !== N) throw new Error(`pick failed: ${JSON.stringify(r)}`);
  };
  // Manual holds take 4 adjacent seats from the back of the venue (best available fills it from the front).
  const manualBlocks = await queryRows<{ ids: number[] | string }>(
    db,
    sql`select array_agg(id order by numero) as ids from evento_asientos where evento_id = ${eventoId}
         group by fila_id, (numero - 1) / ${N} having count(*) = ${N} order by max(seccion_id) desc, fila_id desc, min(numero) limit ${2 * PICKS}`,
  );
  const blocks = manualBlocks.map((b) => (Array.isArray(b.ids) ? b.ids.map(Number) : b.ids.replace(/[{}]/g, '').split(',').map(Number)));
  const manual = async () => {
    const ids = blocks.shift()!;
    const r = await holdPlaces(db, { id: randomUUID(), eventoId, comprador: comprador(), asientoIds: ids, seccionId: null, cantidad: N, holdMinutes: 10 });
    if ('refusal' in r) throw new Error(`manual hold refused: ${r.refusal.code}`);
  };

  const rows: [string, number[]][] = [];
  for (const [label, concurrency] of [
    ['uno tras otro', 1],
    [`${CONCURRENCY} a la vez`, CONCURRENCY],
  ] as const) {
    const b: number[] = [];
    const m: number[] = [];
    await timed(b, concurrency, best);
    await timed(m, concurrency, manual);
    rows.push([`mejores lugares (${label})`, b], [`apartado manual (${label})`, m]);
  }
  const [doubles] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select ea.id from evento_asientos ea join reservas r on r.id = ea.reserva_id
          where ea.evento_id = ${eventoId} and r.estado = 'activa' group by ea.id having count(*) > 1) x`,
  );
  const [held] = await queryRows<{ n: number; reservas: number }>(
    db,
    sql`select count(*)::int as n, count(distinct reserva_id)::int as reservas from evento_asientos where evento_id = ${eventoId} and hold_expires_at > now()`,
  );
  console.log('\n| Medición | p50 | p99 |\n|---|---|---|');
  for (const [label, xs] of rows) console.log(`| ${label} | ${fmt(pct(xs, 50))} | ${fmt(pct(xs, 99))} |`);
  for (let i = 0; i < rows.length; i += 2)
    console.log(
      `p99 mejores / manual (${i === 0 ? 'uno tras otro' : `${CONCURRENCY} a la vez`}): ${(pct(rows[i]![1], 99) / pct(rows[i + 1]![1], 99)).toFixed(2)}×`,
    );
  console.log(`\nAsientos apartados: ${held!.n} en ${held!.reservas} reservas; asientos apartados dos veces: ${doubles!.n}`);
  if (held!.n !== held!.reservas * N || doubles!.n !== 0) process.exitCode = 1;
} finally {
  await database.close();
  if (process.env.BENCH_KEEP !== '1') await drop();
  else console.log(`(base conservada: ${url})`);
}
