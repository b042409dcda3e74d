import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client';
import { queryRows } from '../../src/db/rows';
import { eventoImportSchema } from '../../src/import/definition';
import { importEvento } from '../../src/import/import-evento';

/**
 * A small venue of its own for the best-available tests (decision 0032), on a future web event:
 * - 'frente' (rango 0): rows A and B, 10 seats each, category Oro;
 * - 'fondo' (rango 1): row C, 10 seats, Oro;
 * - 'accesible' (rango 2): row W, 6 seats, Oro: 1 and 4 wheelchair places, 2 and 5 their companions;
 * - 'mesas' (tipo mesa): Mesa 1 and Mesa 2, 4 chairs each, category Mesa.
 * `seat('A-5')` is the evento_asientos id; `take(['A-1'], estado)` marks seats as not free.
 */
export async function venueMejores(db: Db, opts: { permitirAsientoSolo?: boolean; limite?: number } = {}) {
  const tag = randomUUID().slice(0, 8);
  const fila = (nombre: string, asientos: number, zona = 'Oro', extra = {}) => ({ nombre, asientos, zona, ...extra });
  const def = eventoImportSchema.parse({
    evento: {
      nombre: `Mejores lugares ${tag}`,
      fecha: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      categoria: 'Conciertos',
      artista: 'Cuarteto de Prueba',
      limiteDeAsientos: opts.limite ?? 10,
      permitirAsientoSolo: opts.permitirAsientoSolo ?? false,
    },
    recinto: {
      nombre: `Foro de prueba ${tag}`,
      direccion: 'Calle 1',
      ciudad: 'Ciudad de México',
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><g data-seccion="frente"/><g data-seccion="fondo"/><g data-seccion="accesible"/><g data-seccion="mesas"/></svg>',
      secciones: [
        { clave: 'frente', nombre: 'Frente', bloque: 'Planta', tipo: 'numerada', colores: ['#111111'], rango: 0, filas: [fila('A', 10), fila('B', 10)] },
        { clave: 'fondo', nombre: 'Fondo', bloque: 'Planta', tipo: 'numerada', colores: ['#222222'], rango: 1, filas: [fila('C', 10)] },
        {
          clave: 'accesible',
          nombre: 'Accesible',
          bloque: 'Planta',
          tipo: 'numerada',
          colores: ['#333333'],
          rango: 2,
          filas: [fila('W', 6, 'Oro', { sillasDeRuedas: [1, 4], acompanantes: [2, 5] })],
        },
        {
          clave: 'mesas',
          nombre: 'Mesas',
          bloque: 'Planta',
          tipo: 'mesa',
          colores: ['#444444'],
          rango: 0,
          filas: [fila('Mesa 1', 4, 'Mesa'), fila('Mesa 2', 4, 'Mesa')],
        },
      ],
    },
    categorias: [
      { nombre: 'Oro', color: '#f59e0b', precio: 80_000 },
      { nombre: 'Mesa', color: '#6366f1', precio: 120_000 },
    ],
  });
  const { eventoId } = await importEvento(db, def);
  const rows = await queryRows<{ id: number; fila: string; numero: number; seccion: string; seccion_id: number; categoria: string; categoria_id: number }>(
    db,
    sql`select ea.id, f.nombre as fila, ea.numero, s.clave as seccion, s.id as seccion_id, ce.nombre as categoria, ce.id as categoria_id
          from evento_asientos ea join filas f on f.id = ea.fila_id join secciones s on s.id = ea.seccion_id
          join categorias_evento ce on ce.id = ea.categoria_evento_id
         where ea.evento_id = ${eventoId}`,
  );
  const ids = new Map(rows.map((r) => [`${r.fila}-${r.numero}`, r.id]));
  const names = new Map(rows.map((r) => [r.id, `${r.fila}-${r.numero}`]));
  const seat = (name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`no seat ${name}`);
    return id;
  };
  const categoria = (nombre: string) => rows.find((r) => r.categoria === nombre)!.categoria_id;
  const seccion = (clave: string) => rows.find((r) => r.seccion === clave)!.seccion_id;
  return {
    eventoId,
    seat,
    name: (id: number) => names.get(id)!,
    oro: categoria('Oro'),
    mesa: categoria('Mesa'),
    seccion,
    /** Marks seats sold (taken, not by a hold). */
    async take(seats: string[]) {
      await db.execute(
        sql`update evento_asientos set estado = 'vendido' where id in (${sql.join(
          seats.map((s) => sql`${seat(s)}`),
          sql`, `,
        )})`,
      );
    },
    /** Every seat's served state by name ('reservado' for a live hold). */
    async states(): Promise<Map<string, string>> {
      const r = await queryRows<{ id: number; estado: string }>(
        db,
        sql`select id, case when estado = 'disponible' and hold_expires_at > now() then 'reservado' else estado end as estado
              from evento_asientos where evento_id = ${eventoId}`,
      );
      return new Map(r.map((x) => [names.get(x.id)!, x.estado]));
    },
  };
}

/** 'A-1'…'A-10' style names for a row range. */
export const seatsOf = (fila: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${fila}-${from + i}`);
