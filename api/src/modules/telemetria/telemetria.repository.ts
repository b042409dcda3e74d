import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { EventoTelemetria, Vital } from '@taquilla/shared/schemas/telemetria';
import type { Db } from '../../db/client';
import { telemetriaRemotos, telemetriaVitales } from '../../db/schema/telemetry';
import { bucketOf, percentile } from './telemetria.vitals';

type Counts = { sesiones: number; sesionesConError: number; erroresCarga: number; erroresRender: number; eventosSinOyente: number };

const COLUMN: Partial<Record<EventoTelemetria['tipo'], keyof Counts>> = {
  sesion: 'sesiones',
  'sesion-con-error': 'sesionesConError',
  'error-carga': 'erroresCarga',
  'error-render': 'erroresRender',
  'evento-sin-oyente': 'eventosSinOyente',
};

/**
 * Adds one validated batch to the aggregates, in one transaction: the counts of this minute per
 * remote and version, and the vitals' histogram buckets of this day. Only sums are stored.
 */
export async function recordBatch(db: Db, eventos: EventoTelemetria[]): Promise<void> {
  const counts = new Map<string, { remoto: string; version: string } & Counts>();
  const vitals = new Map<string, { remoto: string; version: string; metrica: Vital; cubeta: number; cantidad: number }>();
  for (const e of eventos) {
    if (e.tipo === 'vital') {
      const cubeta = bucketOf(e.valor);
      const key = `${e.remoto} ${e.version} ${e.nombre} ${cubeta}`;
      const row = vitals.get(key) ?? { remoto: e.remoto, version: e.version, metrica: e.nombre, cubeta, cantidad: 0 };
      row.cantidad += 1;
      vitals.set(key, row);
      continue;
    }
    const key = `${e.remoto} ${e.version}`;
    const row = counts.get(key) ?? {
      remoto: e.remoto,
      version: e.version,
      sesiones: 0,
      sesionesConError: 0,
      erroresCarga: 0,
      erroresRender: 0,
      eventosSinOyente: 0,
    };
    row[COLUMN[e.tipo]!] += 1;
    counts.set(key, row);
  }
  const t = telemetriaRemotos;
  const v = telemetriaVitales;
  await db.transaction(async (tx) => {
    if (counts.size) {
      await tx
        .insert(t)
        .values([...counts.values()].map((row) => ({ ...row, minuto: sql`date_trunc('minute', now())` })))
        .onConflictDoUpdate({
          target: [t.remoto, t.version, t.minuto],
          set: {
            sesiones: sql`${t.sesiones} + excluded.sesiones`,
            sesionesConError: sql`${t.sesionesConError} + excluded.sesiones_con_error`,
            erroresCarga: sql`${t.erroresCarga} + excluded.errores_carga`,
            erroresRender: sql`${t.erroresRender} + excluded.errores_render`,
            eventosSinOyente: sql`${t.eventosSinOyente} + excluded.eventos_sin_oyente`,
          },
        });
    }
    if (vitals.size) {
      await tx
        .insert(v)
        .values([...vitals.values()].map((row) => ({ ...row, dia: sql`date_trunc('day', now())` })))
        .onConflictDoUpdate({ target: [v.remoto, v.version, v.dia, v.metrica, v.cubeta], set: { cantidad: sql`${v.cantidad} + excluded.cantidad` } });
    }
  });
}

export interface VersionStats {
  remoto: string;
  version: string;
  sesiones: number;
  sesionesConError: number;
  /** Load failures + render errors + unheard bus events. */
  errores: number;
  /** sesionesConError / sesiones (0 without sessions). */
  tasaError: number;
}

export interface VersionSummary extends VersionStats {
  /** p75 of each Web Vital over the same window, by whole days (ms; CLS ×1000); null without samples. */
  vitales: Record<Vital, number | null>;
}

function stats(row: { remoto: string; version: string; sesiones: number; sesionesConError: number; errores: number }): VersionStats {
  const { sesiones, sesionesConError } = row;
  return { ...row, tasaError: sesiones > 0 ? Math.min(1, sesionesConError / sesiones) : 0 };
}

const r = telemetriaRemotos;
const sum = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number);
const SUMS = {
  sesiones: sum(sql`${r.sesiones}`),
  sesionesConError: sum(sql`${r.sesionesConError}`),
  errores: sum(sql`${r.erroresCarga} + ${r.erroresRender} + ${r.eventosSinOyente}`),
};

/** One version's figures from `since` (inclusive, by minute) until `until` (exclusive; default now). */
export async function versionStats(db: Db, remoto: string, version: string, since: Date, until?: Date): Promise<VersionStats> {
  const [row] = await db
    .select(SUMS)
    .from(r)
    .where(
      and(
        eq(r.remoto, remoto),
        eq(r.version, version),
        gte(r.minuto, sql`date_trunc('minute', ${since.toISOString()}::timestamptz)`),
        until ? lt(r.minuto, sql`${until.toISOString()}::timestamptz`) : undefined,
      ),
    );
  return stats({ remoto, version, sesiones: row?.sesiones ?? 0, sesionesConError: row?.sesionesConError ?? 0, errores: row?.errores ?? 0 });
}

/** Every remote and version with reports in the last `hours`, with error rates and vitals p75. */
export async function summary(db: Db, hours: number): Promise<VersionSummary[]> {
  const since = sql`now() - make_interval(secs => ${hours * 3600})`;
  const rows = await db
    .select({ remoto: r.remoto, version: r.version, ...SUMS })
    .from(r)
    .where(gte(r.minuto, sql`date_trunc('minute', ${since})`))
    .groupBy(r.remoto, r.version)
    .orderBy(r.remoto, r.version);
  const v = telemetriaVitales;
  const buckets = await db
    .select({ remoto: v.remoto, version: v.version, metrica: v.metrica, cubeta: v.cubeta, cantidad: sum(sql`${v.cantidad}`) })
    .from(v)
    .where(gte(v.dia, sql`date_trunc('day', ${since})`))
    .groupBy(v.remoto, v.version, v.metrica, v.cubeta);
  const result = new Map<string, VersionSummary>();
  for (const row of rows) result.set(`${row.remoto} ${row.version}`, { ...stats(row), vitales: { LCP: null, INP: null, CLS: null } });
  for (const metrica of ['LCP', 'INP', 'CLS'] as const) {
    const byVersion = new Map<string, Array<{ cubeta: number; cantidad: number }>>();
    for (const b of buckets) {
      if (b.metrica !== metrica) continue;
      const key = `${b.remoto} ${b.version}`;
      byVersion.set(key, [...(byVersion.get(key) ?? []), { cubeta: Number(b.cubeta), cantidad: Number(b.cantidad) }]);
    }
    for (const [key, histogram] of byVersion) {
      const [remoto = '', version = ''] = key.split(' ');
      const entry = result.get(key) ?? {
        remoto,
        version,
        sesiones: 0,
        sesionesConError: 0,
        errores: 0,
        tasaError: 0,
        vitales: { LCP: null, INP: null, CLS: null },
      };
      entry.vitales[metrica] = percentile(histogram, 0.75);
      result.set(key, entry);
    }
  }
  return [...result.values()].sort((a, b) => a.remoto.localeCompare(b.remoto) || a.version.localeCompare(b.version));
}
