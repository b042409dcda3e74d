import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { eventos } from '../../db/schema/events';
import { eventoAsientos, eventoLugaresGenerales } from '../../db/schema/inventory';
import { salaEsperaAuditoria, salaEsperaLugares, salasEspera } from '../../db/schema/waiting-room';
import { DomainError } from '../../lib/errors';
import { findSala, numberSequence, type Sala } from './sala-espera.repository';

/** Ops of the waiting rooms: opening, pausing, the rate and closing, with their audit, and the status counts. */

/** One line of `status`: the room's settings and its counts. */
export type SalaResumen = Pick<typeof salasEspera.$inferSelect, 'eventoId' | 'ritmoPorMinuto' | 'pausada'> & {
  nombre: (typeof eventos.$inferSelect)['nombre'];
  inicio: string;
  esperando: number;
  admitidos: number;
  expirados: number;
  agotados: number;
  vendidos: number;
};

const contar = (filtro: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${filtro})::int`.mapWith(Number);

export async function resumenSalas(db: DbOrTx): Promise<SalaResumen[]> {
  const estado = salaEsperaLugares.estado;
  const rows = await db
    .select({
      eventoId: salasEspera.eventoId,
      nombre: eventos.nombre,
      inicio: salasEspera.inicio,
      ritmoPorMinuto: salasEspera.ritmoPorMinuto,
      pausada: salasEspera.pausada,
      esperando: contar(sql`${estado} = 'esperando'`),
      admitidos: contar(sql`${estado} in ('admitido', 'usado')`),
      expirados: contar(sql`${estado} = 'expirado'`),
      agotados: contar(sql`${estado} = 'agotado'`),
      vendidos:
        sql<number>`(select count(*) from ${eventoAsientos} where ${eventoAsientos.eventoId} = ${salasEspera.eventoId} and ${eventoAsientos.estado} = 'vendido')::int
             + (select count(*) from ${eventoLugaresGenerales} where ${eventoLugaresGenerales.eventoId} = ${salasEspera.eventoId} and ${eventoLugaresGenerales.estado} = 'vendido')::int`.mapWith(
          Number,
        ),
    })
    .from(salasEspera)
    .innerJoin(eventos, eq(eventos.id, salasEspera.eventoId))
    .leftJoin(salaEsperaLugares, eq(salaEsperaLugares.eventoId, salasEspera.eventoId))
    .groupBy(salasEspera.eventoId, eventos.nombre, salasEspera.inicio, salasEspera.ritmoPorMinuto, salasEspera.pausada)
    .orderBy(salasEspera.eventoId);
  return rows.map((r) => ({ ...r, inicio: r.inicio.toISOString() }));
}

export type OpsAccion =
  | { accion: 'abrir'; inicio: Date; ritmoPorMinuto: number | null }
  | { accion: 'pausar' }
  | { accion: 'reanudar' }
  | { accion: 'ritmo'; ritmoPorMinuto: number | null }
  | { accion: 'cerrar' };

/** An ops change of one room, and its audit row, in one transaction. Answers the room afterwards (null once closed). */
export async function applyOps(db: Db, eventoId: number, op: OpsAccion, actor: string, motivo: string | undefined): Promise<Sala | null> {
  return db.transaction(async (tx) => {
    const [evento] = await tx.select({ id: eventos.id }).from(eventos).where(eq(eventos.id, eventoId));
    if (!evento) throw new DomainError('EVENTO_NO_ENCONTRADO');
    const before = await findSala(tx, eventoId);
    if (!before && op.accion !== 'abrir') throw new DomainError('SALA_ESPERA_NO_EXISTE');
    const deSala = eq(salasEspera.eventoId, eventoId);
    let detalle: string;
    switch (op.accion) {
      case 'abrir':
        // Sequences are DDL: no builder for them.
        await tx.execute(sql`create sequence if not exists ${numberSequence(eventoId)}`);
        await tx
          .insert(salasEspera)
          .values({ eventoId, inicio: op.inicio, ritmoPorMinuto: op.ritmoPorMinuto })
          .onConflictDoUpdate({
            target: salasEspera.eventoId,
            set: { inicio: sql`excluded.inicio`, ritmoPorMinuto: sql`excluded.ritmo_por_minuto`, pausada: false },
          });
        detalle = `inicio ${op.inicio.toISOString()}, ritmo ${op.ritmoPorMinuto ?? 'automático'}`;
        break;
      case 'pausar':
      case 'reanudar':
        await tx
          .update(salasEspera)
          .set({ pausada: op.accion === 'pausar', ultimoTick: sql`now()` })
          .where(deSala);
        detalle = op.accion === 'pausar' ? 'pausada' : 'reanudada';
        break;
      case 'ritmo':
        await tx.update(salasEspera).set({ ritmoPorMinuto: op.ritmoPorMinuto }).where(deSala);
        detalle = `ritmo ${before?.ritmoPorMinuto ?? 'automático'} → ${op.ritmoPorMinuto ?? 'automático'}`;
        break;
      case 'cerrar':
        await tx.delete(salaEsperaLugares).where(eq(salaEsperaLugares.eventoId, eventoId));
        await tx.delete(salasEspera).where(deSala);
        await tx.execute(sql`drop sequence if exists ${numberSequence(eventoId)}`);
        detalle = 'cerrada: el evento se vende sin fila';
        break;
    }
    await tx.insert(salaEsperaAuditoria).values({ eventoId, accion: op.accion, detalle, actor, motivo: motivo ?? null });
    return findSala(tx, eventoId);
  });
}

export type AuditoriaRow = Pick<typeof salaEsperaAuditoria.$inferSelect, 'eventoId' | 'accion' | 'detalle' | 'actor' | 'motivo'> & { en: string };

export async function recentAuditoria(db: DbOrTx, limit: number): Promise<AuditoriaRow[]> {
  const rows = await db
    .select({
      eventoId: salaEsperaAuditoria.eventoId,
      en: salaEsperaAuditoria.en,
      accion: salaEsperaAuditoria.accion,
      detalle: salaEsperaAuditoria.detalle,
      actor: salaEsperaAuditoria.actor,
      motivo: salaEsperaAuditoria.motivo,
    })
    .from(salaEsperaAuditoria)
    .orderBy(desc(salaEsperaAuditoria.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, en: r.en.toISOString() }));
}
