import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp;
const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('seed integrity', () => {
  it('is idempotent: a second run does nothing', async () => {
    const [before] = await q<{ n: number }>(sql`select count(*)::int as n from eventos`);
    expect(await seedIfEmpty(t.database.db)).toBe(false);
    const [after] = await q<{ n: number }>(sql`select count(*)::int as n from eventos`);
    expect(after!.n).toBe(before!.n);
    expect(before!.n).toBeGreaterThanOrEqual(10);
  });

  it('gives every numbered section of every event exactly its venue seats, each priced by its category', async () => {
    const mismatches = await q<{ evento_id: number; seccion_id: number; fisicos: number; inventario: number }>(sql`
      select es.evento_id, es.seccion_id,
             (select count(*)::int from asientos a join filas f on f.id = a.fila_id where f.seccion_id = es.seccion_id) as fisicos,
             (select count(*)::int from evento_asientos ea where ea.evento_id = es.evento_id and ea.seccion_id = es.seccion_id) as inventario
        from evento_secciones es join secciones s on s.id = es.seccion_id
       where s.tipo <> 'general'`);
    expect(mismatches.length).toBeGreaterThan(0);
    for (const m of mismatches) expect(m.inventario, `evento ${m.evento_id} sección ${m.seccion_id}`).toBe(m.fisicos);
    const [bad] = await q<{ n: number }>(sql`
      select count(*)::int as n from evento_asientos ea
        join filas f on f.id = ea.fila_id join categorias_evento c on c.id = ea.categoria_evento_id
       where ea.precio <= 0 or c.evento_id <> ea.evento_id or c.nombre <> f.zona or ea.seccion_id <> f.seccion_id`);
    expect(bad!.n).toBe(0);
    const [capacity] = await q<{ n: number }>(sql`
      select count(*)::int as n from evento_secciones es join secciones s on s.id = es.seccion_id
       where s.tipo <> 'general' and es.capacidad <> (select count(*) from evento_asientos ea where ea.evento_id = es.evento_id and ea.seccion_id = es.seccion_id)`);
    expect(capacity!.n).toBe(0);
  });

  it('gives every general section its places, price and category', async () => {
    const rows = await q<{ capacidad: number; lugares: number; precio: number; categoria: number | null }>(sql`
      select es.capacidad, es.precio_especial as precio, es.categoria_evento_id as categoria,
             (select count(*)::int from evento_lugares_generales l where l.evento_seccion_id = es.id) as lugares
        from evento_secciones es join secciones s on s.id = es.seccion_id where s.tipo = 'general'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.lugares).toBe(r.capacidad);
      expect(r.precio).toBeGreaterThan(0);
      expect(r.categoria).not.toBeNull();
    }
  });

  it('draws every non-extra section in its venue SVG with its id, and nothing else', async () => {
    const venues = await q<{ id: number; svg: string }>(sql`select id, svg from recintos`);
    expect(venues.length).toBe(5);
    for (const v of venues) {
      const sections = await q<{ id: number; seccion_adicional: boolean }>(sql`select id, seccion_adicional from secciones where recinto_id = ${v.id}`);
      const drawn = [...v.svg.matchAll(/data-seccion-id="(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
      const expected = sections
        .filter((s) => !s.seccion_adicional)
        .map((s) => s.id)
        .sort((a, b) => a - b);
      expect(drawn).toEqual(expected);
      for (const id of expected) expect(v.svg).toContain(`id="seccion-${id}"`);
      expect(v.svg).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('has the venues the storefront needs', async () => {
    const kinds = await q<{ tipo: string; n: number }>(sql`select tipo, count(*)::int as n from secciones group by tipo`);
    expect(Object.fromEntries(kinds.map((k) => [k.tipo, k.n]))).toMatchObject({
      general: expect.any(Number),
      numerada: expect.any(Number),
      mesa: expect.any(Number),
    });
    const [stadium] = await q<{ total: number; biggest: number }>(sql`
      select sum(n)::int as total, max(n)::int as biggest from (
        select ea.evento_id, ea.seccion_id, count(*) as n from evento_asientos ea join eventos e on e.id = ea.evento_id where e.fecha > now() group by 1, 2
      ) x group by evento_id order by total desc limit 1`);
    expect(stadium!.total).toBeGreaterThanOrEqual(20000);
    expect(stadium!.biggest).toBeGreaterThanOrEqual(5000);
    const festival = await q<{ id: number }>(sql`
      select r.id from recintos r where not exists (select 1 from secciones s where s.recinto_id = r.id and s.tipo <> 'general')`);
    expect(festival.length).toBeGreaterThanOrEqual(1);
    const [lados] = await q<{ n: number }>(
      sql`select count(distinct nombre)::int as n from categorias_evento where nombre ilike '%izquierda%' or nombre ilike '%derecha%'`,
    );
    expect(lados!.n).toBeGreaterThanOrEqual(2);
    const estados = await q<{ estado: string }>(sql`select distinct estado from evento_asientos`);
    expect(estados.map((e) => e.estado)).toEqual(expect.arrayContaining(['disponible', 'bloqueado', 'inaccesible', 'cortesia', 'vendido']));
  });

  it('dates events for every catalogue filter, plus past and hidden ones', async () => {
    const rows = await q<{ dias: number; mostrar_web: boolean; semana: number; dow: number }>(sql`
      select (fecha at time zone zona_horaria)::date - (now() at time zone zona_horaria)::date as dias, mostrar_web,
             (date_trunc('week', fecha at time zone zona_horaria)::date - date_trunc('week', now() at time zone zona_horaria)::date) / 7 as semana,
             extract(isodow from fecha at time zone zona_horaria)::int as dow
        from eventos`);
    const web = rows.filter((r) => r.mostrar_web);
    expect(web.some((r) => r.semana === 0 && r.dow >= 5 && r.dias >= 0)).toBe(true); // this weekend
    expect(web.filter((r) => r.semana === 0 && r.dias >= 0).length).toBeGreaterThanOrEqual(2); // this week
    expect(web.some((r) => r.semana === 1)).toBe(true); // next week
    expect(web.filter((r) => r.dias > 15).length).toBeGreaterThanOrEqual(3); // soon
    expect(rows.some((r) => r.dias < 0)).toBe(true); // past
    expect(rows.some((r) => !r.mostrar_web)).toBe(true);
    const cities = await q<{ n: number }>(
      sql`select count(distinct c.id)::int as n from eventos e join recintos r on r.id = e.recinto_id join ciudades c on c.id = r.ciudad_id`,
    );
    expect(cities[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('has the four kinds of promotion', async () => {
    const promos = await q<{ tipo: string; automatica: boolean; clave: string | null; aplica_todo_evento: boolean }>(
      sql`select tipo, automatica, clave, aplica_todo_evento from promociones`,
    );
    expect(promos.some((p) => p.tipo === 'PORCENTAJE' && p.clave && p.aplica_todo_evento)).toBe(true);
    expect(promos.some((p) => p.tipo === 'CANTIDAD' && p.clave)).toBe(true);
    expect(promos.some((p) => p.automatica && !p.clave)).toBe(true);
    expect(promos.some((p) => p.clave && !p.aplica_todo_evento)).toBe(true);
  });
});
