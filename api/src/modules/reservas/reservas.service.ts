import type { CancelarResponse, ReservaCreada, ReservaDetalle } from '@taquilla/shared/schemas/reservas';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import { releaseHold, type ReleasedPlaces } from '../inventory/holds-repository';
import type { DisponibilidadPublisher } from './disponibilidad';
import type { HoldConfig } from './reservas.config';
import './reservas.errors';
import {
  expireDueHolds,
  findHoldContext,
  findReserva,
  holdPlaces,
  listAsientosReserva,
  PLACES_GONE_SQLSTATE,
  setEstadoReserva,
  type Comprador,
  type HoldContext,
  type NuevaReserva,
  type ReservaRow,
} from './reservas.repository';

/** The event is shown on the web and has not started; the quantity fits the buyer's limit. */
function checkEventoYLimite(ctx: HoldContext, cantidad: number): void {
  if (!ctx.mostrarWeb || !ctx.futuro) throw new DomainError('EVENTO_NO_DISPONIBLE');
  const limite = ctx.limiteDeAsientos;
  if (cantidad > limite) throw new DomainError('LIMITE_DE_ASIENTOS', `Solo puedes reservar hasta ${limite} boletos para este evento.`);
  // The buyer's live hold is replaced by this one, so only bought tickets add to the request.
  if (ctx.comprados + cantidad > limite) {
    const restantes = Math.max(0, limite - ctx.comprados);
    throw new DomainError(
      'LIMITE_DE_ASIENTOS',
      restantes === 0
        ? `Ya tienes ${ctx.comprados} boletos para este evento, el límite por comprador.`
        : `Ya tienes ${ctx.comprados} boletos para este evento; puedes reservar hasta ${restantes} más.`,
    );
  }
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

async function hold(db: Db, publisher: DisponibilidadPublisher | null, reserva: NuevaReserva): Promise<ReservaCreada> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { fecha, asientosLiberados, generalesLiberadas } = await holdPlaces(db, reserva);
      const generales = [...new Set(reserva.asientoIds ? generalesLiberadas : [...generalesLiberadas, reserva.seccionId])];
      publisher?.queue({
        asientos: [...asientosLiberados, ...(reserva.asientoIds ?? [])],
        generales: generales.map((seccionId) => ({ eventoId: reserva.eventoId, seccionId })),
      });
      return { id: reserva.id, reservaId: reserva.id, fechaExpiracion: fecha.toISOString() };
    } catch (err) {
      const code = pgCode(err);
      if (code === PLACES_GONE_SQLSTATE) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
      if (!code || !RETRYABLE.has(code)) throw err;
      if (attempt >= 3) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
    }
  }
}

/**
 * Holds the given seats for the buyer, all or nothing (409 when any is not free), replacing
 * the buyer's previous live hold on the event in the same statement.
 */
export async function reservarAsientos(db: Db, cfg: HoldConfig, publisher: DisponibilidadPublisher | null, eventoId: number, asientoIds: number[], comprador: Comprador): Promise<ReservaCreada> {
  const ctx = await findHoldContext(db, eventoId, comprador, { asientoIds });
  if (!ctx) throw new DomainError('EVENTO_NO_ENCONTRADO');
  checkEventoYLimite(ctx, asientoIds.length);
  const { asientos } = ctx;
  if (asientos.length !== asientoIds.length || asientos.some((a) => a.eventoId !== eventoId)) throw new DomainError('ASIENTOS_DE_OTRO_EVENTO');
  if (new Set(asientos.map((a) => a.seccionId)).size > 1) throw new DomainError('ASIENTOS_DE_VARIAS_SECCIONES');
  // Fails fast when a seat is visibly taken; the conditional UPDATE of the hold is what decides.
  if (asientos.some((a) => !a.libre)) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
  return hold(db, publisher, {
    id: randomUUID(),
    eventoId,
    comprador,
    seccionId: asientos[0]!.seccionId,
    eventoSeccionId: null,
    asientoIds,
    cantidad: asientoIds.length,
    holdMinutes: cfg.holdMinutes,
  });
}

/** Claims `cantidad` places of a general section for the buyer, all or nothing. */
export async function reservarGenerales(db: Db, cfg: HoldConfig, publisher: DisponibilidadPublisher | null, eventoId: number, seccionId: number, cantidad: number, comprador: Comprador): Promise<ReservaCreada> {
  const ctx = await findHoldContext(db, eventoId, comprador, { seccionId });
  if (!ctx) throw new DomainError('EVENTO_NO_ENCONTRADO');
  checkEventoYLimite(ctx, cantidad);
  if (!ctx.seccion) throw new DomainError('SECCION_NO_ENCONTRADA');
  if (ctx.seccion.tipo !== 'general') throw new DomainError('SECCION_NO_GENERAL');
  return hold(db, publisher, {
    id: randomUUID(),
    eventoId,
    comprador,
    seccionId,
    eventoSeccionId: ctx.seccion.eventoSeccionId,
    asientoIds: null,
    cantidad,
    holdMinutes: cfg.holdMinutes,
  });
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
