import type { CancelarResponse, ReservaCreada, ReservaDetalle } from '@taquilla/shared/schemas/reservas';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { DomainError, isErrorCode } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import { releaseHold, type ReleasedPlaces } from '../inventory/holds.repository';
import type { DisponibilidadPublisher } from './disponibilidad.notify';
import type { HoldConfig } from './reservas.config';
import {
  expireDueHolds,
  findReserva,
  holdPlaces,
  holdRefusal,
  listAsientosReserva,
  setEstadoReserva,
  type Comprador,
  type HoldRefusal,
  type NuevaReserva,
  type ReservaRow,
} from './reservas.repository';

/** A refusal of reservar_lugares as the buyer reads it. */
function refusalError(r: HoldRefusal): DomainError {
  if (r.code === 'LIMITE_POR_RESERVA') return new DomainError('LIMITE_DE_ASIENTOS', `Solo puedes reservar hasta ${r.detail[0]} boletos para este evento.`);
  if (r.code === 'LIMITE_POR_COMPRADOR') {
    const [limite = 0, comprados = 0] = r.detail;
    const restantes = Math.max(0, limite - comprados);
    return new DomainError(
      'LIMITE_DE_ASIENTOS',
      restantes === 0
        ? `Ya tienes ${comprados} boletos para este evento, el límite por comprador.`
        : `Ya tienes ${comprados} boletos para este evento; puedes reservar hasta ${restantes} más.`,
    );
  }
  if (isErrorCode(r.code)) return new DomainError(r.code);
  // reservar_lugares refused with a code the catalogue lacks: a fault of ours, answered as a 500.
  throw new Error(`reservar_lugares refused with an unknown code: ${r.code}`);
}

/**
 * PostgreSQL errors worth one more try of the whole hold: a concurrent hold by the same buyer
 * committed first (unique live hold per buyer), or a deadlock.
 */
const RETRYABLE = new Set(['23505', '40P01', '40001']);

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Holds the places for the buyer, all or nothing (409 when any is not free), replacing the
 * buyer's previous live hold on the event in the same statement, then queues the change for
 * the open maps.
 */
async function hold(db: Db, publisher: DisponibilidadPublisher | null, reserva: NuevaReserva): Promise<ReservaCreada> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await holdPlaces(db, reserva);
      if ('refusal' in result) throw refusalError(result.refusal);
      const generales = new Set(result.generalesLiberadas);
      if (!reserva.asientoIds) generales.add(result.seccionId);
      publisher?.queue({
        asientos: [...result.asientosLiberados, ...(reserva.asientoIds ?? [])],
        generales: [...generales].map((seccionId) => ({ eventoId: reserva.eventoId, seccionId })),
      });
      return { id: reserva.id, reservaId: reserva.id, fechaExpiracion: result.fechaExpiracion.toISOString() };
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const refusal = holdRefusal(err);
      if (refusal) throw refusalError(refusal);
      const code = pgCode(err);
      if (!code || !RETRYABLE.has(code)) throw err;
      if (attempt >= 3) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
    }
  }
}

/** Seats for the buyer (one section, at most the event's limit). */
export function reservarAsientos(db: Db, cfg: HoldConfig, publisher: DisponibilidadPublisher | null, eventoId: number, asientoIds: number[], comprador: Comprador): Promise<ReservaCreada> {
  return hold(db, publisher, { id: randomUUID(), eventoId, comprador, asientoIds, seccionId: null, cantidad: asientoIds.length, holdMinutes: cfg.holdMinutes });
}

/** `cantidad` places of a general section for the buyer. */
export function reservarGenerales(db: Db, cfg: HoldConfig, publisher: DisponibilidadPublisher | null, eventoId: number, seccionId: number, cantidad: number, comprador: Comprador): Promise<ReservaCreada> {
  return hold(db, publisher, { id: randomUUID(), eventoId, comprador, asientoIds: null, seccionId, cantidad, holdMinutes: cfg.holdMinutes });
}

function releasedChanges(eventoId: number, released: ReleasedPlaces) {
  return { asientos: released.asientos.map((a) => a.id), generales: released.generales.map((seccionId) => ({ eventoId, seccionId })) };
}

/**
 * A reserva is a capability: its account, or anyone holding the id of a guest hold. Anything
 * else (another account, no session for an account's hold, another event) reads as absent.
 */
function visible(reserva: ReservaRow | undefined, eventoId: number, user: TokenUser | null): reserva is ReservaRow {
  if (!reserva || reserva.eventoId !== eventoId) return false;
  return reserva.usuarioId === null || reserva.usuarioId === user?.id;
}

function estadoActual(r: ReservaRow): ReservaRow['estado'] {
  return r.vencida ? 'expirada' : r.estado;
}

/** Idempotent: a hold already cancelled or expired answers its state again; a sold one cannot be cancelled. */
export async function cancelarReserva(db: Db, publisher: DisponibilidadPublisher | null, eventoId: number, reservaId: string, user: TokenUser | null): Promise<CancelarResponse> {
  const reserva = await findReserva(db, reservaId);
  if (!visible(reserva, eventoId, user)) throw new DomainError('RESERVA_NO_ENCONTRADA');
  if (reserva.estado === 'vendida') throw new DomainError('RESERVA_VENDIDA');
  if (reserva.estado !== 'activa') return { reservaId, estado: reserva.estado };

  const { estado, released } = await db.transaction(async (tx): Promise<{ estado: ReservaRow['estado']; released: ReleasedPlaces | null }> => {
    // Re-read under the row lock: a concurrent cancel, sale or the expiry job may have won.
    const locked = (await findReserva(tx, reservaId, { forUpdate: true }))!;
    if (locked.estado === 'vendida') throw new DomainError('RESERVA_VENDIDA');
    if (locked.estado !== 'activa') return { estado: locked.estado, released: null };
    const final = locked.vencida ? ('expirada' as const) : ('cancelada' as const);
    await setEstadoReserva(tx, reservaId, final);
    return { estado: final, released: await releaseHold(tx, reservaId) };
  });
  if (released) publisher?.queue(releasedChanges(eventoId, released));
  return { reservaId, estado };
}

export async function getReserva(db: Db, eventoId: number, reservaId: string, user: TokenUser | null): Promise<ReservaDetalle> {
  const reserva = await findReserva(db, reservaId);
  if (!visible(reserva, eventoId, user)) throw new DomainError('RESERVA_NO_ENCONTRADA');
  const estado = estadoActual(reserva);
  // Seats of an ended hold are not the buyer's any more (another buyer may hold them now).
  const asientos = !reserva.esGeneral && (estado === 'activa' || estado === 'vendida') ? await listAsientosReserva(db, reservaId) : [];
  return {
    reservaId,
    eventoId,
    estado,
    esGeneral: reserva.esGeneral,
    fechaExpiracion: reserva.fechaExpiracion.toISOString(),
    seccionId: reserva.seccionId ?? 0,
    cantidad: reserva.cantidad,
    asientos,
    ahora: reserva.ahora.toISOString(),
  };
}

/** Marks every due hold 'expirada' (batches of 500) and announces the freed places; answers how many. */
export async function expireHolds(db: Db, publisher: DisponibilidadPublisher | null = null, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await expireDueHolds(db, batch);
    publisher?.queue({ asientos: result.asientos, generales: result.generales });
    total += result.expired;
    if (result.expired < batch) return total;
  }
}
