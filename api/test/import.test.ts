import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventoDetalleSchema, filasPorSeccionResponseSchema, detalleSeccionResponseSchema } from '@taquilla/shared/schemas/catalogo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { runImport } from '../src/import/run-import';
import { buildTestApp, type TestApp } from './support/app';

const example = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../examples/evento-ejemplo.json'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const TABLES = [
  'eventos',
  'recintos',
  'secciones',
  'filas',
  'asientos',
  'evento_asientos',
  'evento_lugares_generales',
  'promociones',
  'categorias_evento',
  'artistas',
  'ciudades',
];
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [r] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    out[table] = r!.n;
  }
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: each test breaks the example definition its own way
function mutate(fn: (def: any) => void): string {
  const def = JSON.parse(example);
  fn(def);
  return JSON.stringify(def);
}

describe('import of a bad file', () => {
  it.each([
    ['not JSON', '{"evento": ', /no es JSON válido/],
    ['missing fields', '{}', /^evento: /m],
    ['negative price', mutate((d) => (d.categorias[0].precio = -5)), /categorias\[0\]\.precio: no puede ser negativo/],
    [
      'row zone not priced',
      mutate((d) => (d.recinto.secciones[0].filas[2].zona = 'Palco')),
      /recinto\.secciones\[0\]\.filas\[2\]\.zona: la categoría 'Palco' no está en categorias/,
    ],
    [
      'section missing from SVG',
      mutate((d) => (d.recinto.svg = d.recinto.svg.replace('data-seccion="general"', ''))),
      /recinto\.secciones\[1\]\.clave: .*no está dibujada en el SVG/,
    ],
    [
      'SVG marks an unknown section',
      mutate((d) => (d.recinto.svg = d.recinto.svg.replace('</svg>', '<g data-seccion="palco"></g></svg>'))),
      /recinto\.svg: el SVG marca data-seccion="palco"/,
    ],
    ['seat out of range', mutate((d) => (d.asientosEspeciales[0].numeros = [99])), /asientosEspeciales\[0\]\.numeros\[0\]: el asiento 99 no existe/],
    ['bad date', mutate((d) => (d.evento.fecha = '12/03/2027')), /evento\.fecha: debe ser una fecha ISO/],
    ['bad time zone', mutate((d) => (d.evento.zonaHoraria = 'Marte/Olympus')), /evento\.zonaHoraria: no es una zona horaria IANA válida/],
    ['general without capacity', mutate((d) => delete d.recinto.secciones[1].capacidad), /recinto\.secciones\[1\]\.capacidad/],
  ])('%s → refused with the path, database unchanged', async (_name, text, expected) => {
    const before = await counts();
    const outcome = await runImport(t.database.db, text);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors.join('\n')).toMatch(expected);
    expect(await counts()).toEqual(before);
  });
});

describe('import of the example file', () => {
  it('creates the event, venue, seats, places and promotion', async () => {
    const outcome = await runImport(t.database.db, example);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { eventoId, asientos, lugaresGenerales } = outcome.result;
    expect(asientos).toBe(38);
    expect(lugaresGenerales).toBe(150);

    const detalle = eventoDetalleSchema.parse((await t.request(`/api/v1/eventos/${eventoId}/detalle`)).json());
    expect(detalle.nombre).toBe('Noche de Jazz en el Foro');
    expect(detalle.fecha).toBe('2027-03-13T03:00:00.000Z');
    const secciones = detalleSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${eventoId}/detalle_seccion/false/web`)).json()).secciones;
    for (const s of secciones) expect(detalle.recinto.svg).toContain(`data-seccion-id="${s.id}"`);
    const mesas = secciones.find((s) => s.nombre === 'Mesas')!;
    expect(mesas.asientosDisponibles).toBe(38 - 3);
    const filas = filasPorSeccionResponseSchema.parse((await t.request(`/api/v1/eventos/${eventoId}/${mesas.id}/filas_por_seccion`)).json());
    expect(filas.filas.map((f) => f.nombre)).toEqual(['A', 'B', 'C']);
    expect(filas.filas[2]!.asientos[6]).toMatchObject({ numero: 7, estado: 'cortesia', precio: 52000, categoria: 'Platea' });
    const [promo] = await queryRows<{ clave: string }>(t.database.db, sql`select clave from promociones where evento_id = ${eventoId}`);
    expect(promo!.clave).toBe('JAZZ10');
  });

  it('marks wheelchair and companion places, prices a section’s override and sets the event’s lowest price', async () => {
    const outcome = await runImport(
      t.database.db,
      mutate((d) => {
        d.evento.nombre = 'Noche de Jazz — función accesible';
        d.recinto.nombre = 'Foro Accesible';
        d.recinto.secciones[0].filas[1].sillasDeRuedas = [3];
        d.recinto.secciones[0].filas[1].acompanantes = [4];
        d.precios = [{ seccion: 'mesas', categoria: 'Platea', precio: 1234 }];
      }),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const seats = await queryRows<{ fila: string; numero: number; precio: number; accesibilidad: string | null; estado: string }>(
      t.database.db,
      sql`select f.nombre as fila, ea.numero, ea.precio, ea.accesibilidad, ea.estado from evento_asientos ea join filas f on f.id = ea.fila_id
           where ea.evento_id = ${outcome.result.eventoId} order by f.orden, ea.numero`,
    );
    const seat = (fila: string, numero: number) => seats.find((s) => s.fila === fila && s.numero === numero);
    expect([seat('B', 3)?.accesibilidad, seat('B', 4)?.accesibilidad, seat('B', 5)?.accesibilidad]).toEqual(['silla_de_ruedas', 'acompanante', null]);
    expect([seat('A', 5)?.precio, seat('C', 5)?.precio]).toEqual([65000, 1234]);
    expect([seat('A', 1)?.estado, seat('A', 12)?.estado, seat('C', 7)?.estado, seat('C', 8)?.estado]).toEqual([
      'inaccesible',
      'inaccesible',
      'cortesia',
      'disponible',
    ]);
    const [evento] = await queryRows<{ precio_desde: number }>(t.database.db, sql`select precio_desde from eventos where id = ${outcome.result.eventoId}`);
    expect(evento!.precio_desde).toBe(1234);
  });

  it('reuses the venue for a second event, and rolls back everything when the layout differs', async () => {
    const again = await runImport(
      t.database.db,
      mutate((d) => (d.evento.nombre = 'Noche de Jazz — segunda función')),
    );
    expect(again.ok && again.result.recintoNuevo).toBe(false);

    // Same venue and section keys but another seat count: found only after the event, its
    // categories and its inventory were written — all of it must be rolled back.
    const before = await counts();
    const outcome = await runImport(
      t.database.db,
      mutate((d) => (d.recinto.secciones[0].filas[2].asientos = 20)),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]).toMatch(/ya existe con otra distribución/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a known venue name with other sections', async () => {
    const before = await counts();
    const outcome = await runImport(
      t.database.db,
      mutate((d) => {
        d.recinto.nombre = 'Teatro Degollado';
        d.recinto.ciudad = 'Guadalajara';
      }),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.errors[0]).toMatch(/ya existe con otras secciones/);
    expect(await counts()).toEqual(before);
  });
});
