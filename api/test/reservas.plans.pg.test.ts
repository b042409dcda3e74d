import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { pgScratchDatabase } from './support/pg-scratch';
import { guest } from './support/reservas';

/**
 * The plans reservar_lugares_cliente runs (migrations 0014, 0015), read with auto_explain from
 * one session that calls it more often than the plan cache's five custom plans. PostgreSQL
 * server only: PGlite has no auto_explain.
 */
describe('reservar_lugares_cliente plans each statement once per connection, on its indexes', () => {
  let scratch: Awaited<ReturnType<typeof pgScratchDatabase>> | undefined;
  let client: pg.Client;
  let eventoId: number;
  let seatIds: number[];
  let generalSeccionId: number;
  const plans: string[] = [];

  beforeAll(async () => {
    scratch = await pgScratchDatabase('planes');
    const db = scratch.database.db;
    const [pick] = await queryRows<{ evento_id: number; seccion_id: number }>(
      db,
      sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
           where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' and ea.reserva_id is null
             and exists (select 1 from evento_secciones es join secciones s on s.id = es.seccion_id where es.evento_id = e.id and s.tipo = 'general' and es.capacidad >= 20)
           group by 1, 2 having count(*) >= 20 order by 1, 2 limit 1`,
    );
    eventoId = pick!.evento_id;
    seatIds = (
      await queryRows<{ id: number }>(
        db,
        sql`select id from evento_asientos where evento_id = ${eventoId} and seccion_id = ${pick!.seccion_id} and estado = 'disponible' and reserva_id is null order by id limit 20`,
      )
    ).map((r) => r.id);
    const [g] = await queryRows<{ seccion_id: number }>(
      db,
      sql`select es.seccion_id from evento_secciones es join secciones s on s.id = es.seccion_id
           where es.evento_id = ${eventoId} and s.tipo = 'general' and es.capacidad >= 20 order by es.id limit 1`,
    );
    generalSeccionId = g!.seccion_id;

    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    // Statistics of a new install: the seed analysed, so reservas and invitados read as nearly empty.
    await client.query('analyze');
    client.on('notice', (n) => plans.push(n.message ?? ''));
    await client.query(`load 'auto_explain'`);
    await client.query(`set auto_explain.log_min_duration = 0`);
    await client.query(`set auto_explain.log_nested_statements = on`);
    await client.query(`set auto_explain.log_level = notice`);
    await client.query(`set client_min_messages = notice`);
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await scratch?.close();
  });

  /**
   * One call of the function as a guest (a new one unless `correo` is given), from an address
   * and a browser of that guest's own, with the caps on: the counts run, and these few places
   * never reach them.
   */
  const hold = (asientos: number[] | null, seccion: number | null, correo = guest('plan').correo) => {
    return client.query<{ rechazo: string | null }>(
      `select rechazo from reservar_lugares_cliente($1::uuid, $2::int, null::uuid, 'Ana'::text, $3::text, $4::text, $5::int, $6::int[], $7::int, 600::float8,
                                                    $8::text, $9::text, 50, 20)`,
      [randomUUID(), eventoId, correo, `c:${correo}#plan`, seccion, asientos, asientos ? asientos.length : 1, `ip:${correo}`, `navegador:${correo}`],
    );
  };

  /** The plans auto_explain printed for statements whose text contains `fragment`. */
  const plansOf = (fragment: string) => plans.filter((p) => p.includes(fragment));

  /** Each of the `count` plans of the statement uses every index named and never matches `never`. */
  function expectPlans(fragment: string, count: number, indexes: string[], never: RegExp) {
    const found = plansOf(fragment);
    expect(found).toHaveLength(count);
    for (const plan of found) {
      for (const index of indexes) expect(plan).toContain(index);
      expect(plan).not.toMatch(never);
    }
  }

  it('seat checks run a generic plan on the primary key from the first call to the last', async () => {
    plans.length = 0;
    // A hold, then refusals of the same seat (taken), then holds of other seats: more than five calls.
    for (const id of [seatIds[0]!, seatIds[0]!, seatIds[0]!, ...seatIds.slice(1, 8)]) await hold([id], null);
    const checks = plansOf('FROM evento_asientos ea WHERE ea.id = ANY (p_asientos)');
    expect(checks.length).toBeGreaterThanOrEqual(10);
    for (const plan of checks) {
      expect(plan).toContain('evento_asientos_pkey');
      // A generic plan keeps the array as a parameter; a custom plan (planned again for each call) inlines its value.
      expect(plan).toMatch(/id = ANY \(\$\d+\)/);
    }
  });

  it('a general claim takes its places through the free-places index and the primary key, never a scan of every place', async () => {
    plans.length = 0;
    for (let i = 0; i < 8; i++) expect((await hold(null, generalSeccionId)).rows[0]!.rechazo).toBeNull();
    expectPlans('FROM evento_lugares_generales l', 8, ['Index Scan using evento_lugares_generales_libres_idx'], /Seq Scan on evento_lugares_generales/);
    expectPlans(
      'UPDATE evento_lugares_generales SET reserva_id = p_reserva',
      8,
      ['Index Scan using evento_lugares_generales_pkey'],
      /Seq Scan on evento_lugares_generales/,
    );
  });

  it('a new hold finds the buyer’s live hold through its one index, however many holds are live', async () => {
    const { correo } = guest('plan.repite');
    plans.length = 0;
    for (let i = 0; i < 7; i++) expect((await hold(null, generalSeccionId, correo)).rows[0]!.rechazo).toBeNull();
    expectPlans(
      'UPDATE reservas SET estado = CASE',
      7,
      ['Index Scan using reservas_comprador_activo_uq'],
      /Seq Scan|reservas_vencimiento_idx|reservas_evento_idx/,
    );
    // One live hold for the buyer: each call replaced the one before.
    const live = await client.query(`select count(*)::int as n from reservas where comprador = $1 and estado = 'activa'`, [`c:${correo}#plan`]);
    expect(live.rows[0].n).toBe(1);
  });

  it('the places a client holds are counted through the live-guest-holds indexes, never a scan of every hold', async () => {
    plans.length = 0;
    for (let i = 0; i < 7; i++) expect((await hold(null, generalSeccionId)).rows[0]!.rechazo).toBeNull();
    expectPlans(
      'r.cliente_dispositivo_activo =',
      7,
      ['Index Scan using reservas_cliente_dispositivo_activo_idx'],
      /Seq Scan|reservas_vencimiento_idx|reservas_evento_idx/,
    );
    expectPlans('r.cliente_ip_activo =', 7, ['Index Scan using reservas_cliente_ip_activo_idx'], /Seq Scan|reservas_vencimiento_idx|reservas_evento_idx/);
  });

  it('a guest’s bought tickets are counted from the guest’s rows, found by e-mail, however many guests there are', async () => {
    plans.length = 0;
    // The plan is made while the template has few guests; thousands arrive before the later calls.
    expect((await hold(null, generalSeccionId)).rows[0]!.rechazo).toBeNull();
    await client.query(`insert into invitados (nombre, correo) select 'Otro', 'otro.' || g || '@ejemplo.mx' from generate_series(1, 5000) g`);
    for (let i = 0; i < 6; i++) expect((await hold(null, generalSeccionId)).rows[0]!.rechazo).toBeNull();
    expectPlans(
      'FROM boletos b',
      7,
      ['Index Scan using invitados_correo_idx', 'Index Scan using boletos_invitado_idx'],
      /Scan on invitados|Scan using invitados_pkey/,
    );
  });
});
