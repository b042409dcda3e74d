import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the shell's beacons report, summed per remote, version and minute (POST /telemetria).
 * No row names a buyer, an address or a session: only counts. `sesiones` are browser sessions
 * (one tab) that used this remote version; `sesionesConError` those of them that saw at least one
 * of its errors — their ratio is the error rate the release judge compares (telemetria.judge.ts).
 */
export const telemetriaRemotos = pgTable(
  'telemetria_remotos',
  {
    remoto: text('remoto').notNull(),
    version: text('version').notNull(),
    /** The minute the reports arrived in (date_trunc('minute', now())). */
    minuto: timestamp('minuto', { withTimezone: true }).notNull(),
    sesiones: integer('sesiones').notNull().default(0),
    sesionesConError: integer('sesiones_con_error').notNull().default(0),
    erroresCarga: integer('errores_carga').notNull().default(0),
    erroresRender: integer('errores_render').notNull().default(0),
    eventosSinOyente: integer('eventos_sin_oyente').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remoto, t.version, t.minuto] })],
);

/**
 * Web Vitals per remote, version and day as a histogram: `cubeta` is the index of a bucket whose
 * bounds grow 10 % each (telemetria.vitals.ts), so percentiles are read back within 10 % and the
 * table grows with the number of versions, not of buyers.
 */
export const telemetriaVitales = pgTable(
  'telemetria_vitales',
  {
    remoto: text('remoto').notNull(),
    version: text('version').notNull(),
    dia: timestamp('dia', { withTimezone: true }).notNull(),
    metrica: text('metrica').notNull(),
    cubeta: smallint('cubeta').notNull(),
    cantidad: integer('cantidad').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remoto, t.version, t.dia, t.metrica, t.cubeta] })],
);
