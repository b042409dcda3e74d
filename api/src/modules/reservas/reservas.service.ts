import type { CancelarResponse, ReservaCreada, ReservaDetalle } from '@taquilla/shared/schemas/reservas';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import { claimGeneralPlaces, holdSeats, releaseHold, type ReleasedPlaces } from '../inventory/holds-repository';
import { publishChanges, type PlaceChanges } from './disponibilidad';
import type { HoldConfig } from './reservas.config';
import './reservas.errors';
import {
  compradorKey,
  countBoletosComprador,
  endPreviousHold,
  expireDueHolds,
  findAsientos,
  findEventoReservable,
  findReserva,
  findSeccionDeEvento,
  insertInvitado,
  insertReserva,
  listAsientosReserva,
  setEstadoReserva,
  type Comprador,
  type ReservaRow,
} from './reservas.repository';

/** The event exists, is shown on the web and has not started; the quantity fits the buyer's limit. */
async function checkEventoYLimite(db: Db, eventoId: number, cantidad: number, comprador: Comprador): Promise<void> {
  const evento = await findEventoReservable(db, eventoId);
  if (!evento) throw new DomainError('EVENTO_NO_ENCONTRADO');
  if (!evento.mostrarWeb || !evento.futuro) throw new DomainError('EVENTO_NO_DISPONIBLE');
  const limite = evento.limiteDeAsientos;
  if (cantidad > limite) throw new DomainError('LIMITE_DE_ASIENTOS', `Solo puedes reservar hasta ${limite} boletos para este evento.`);
  // The buyer's live hold is replaced by this one, so only bought tickets add to the request.
  const comprados = await countBoletosComprador(db, eventoId, comprador);
  if (comprados + cantidad > limite) {
    const restantes = Math.max(0, limite - comprados);
    throw new DomainError(
      'LIMITE_DE_ASIENTOS',
      restantes === 0
        ? `Ya tienes ${comprados} boletos para este evento, el límite por comprador.`
        : `Ya tienes ${comprados} boletos para este evento; puedes reservar hasta ${restantes} más.`,
    );
  }
}

/** PostgreSQL errors worth one more try of the whole hold: a concurrent hold by the same buyer, or a deadlock. */
const RETRYABLE = new Set(['23505', '40P01', '40001']);

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = pgCode(err);
      if (!code || !RETRYABLE.has(code)) throw err;
      if (attempt >= 3) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
    }
  }
}

function releasedChanges(released: ReleasedPlaces, keep: Set<number> = new Set()): Required<PlaceChanges> {
  return {
    asientos: released.asientos.filter((a) => !keep.has(a.id)).map((a) => ({ ...a, estado: 'disponible' as const })),
    generales: released.generales,
  };
}

function creada(id: string, fechaExpiracion: Date): ReservaCreada {
  return { id, reservaId: id, fechaExpiracion: fechaExpiracion.toISOString() };
}

/**
 * Holds the given seats for the buyer, all or nothing (409 when any is not free), replacing
 * the buyer's previous live hold on the event in the same transaction.
 */
export async function reservarAsientos(db: Db, cfg: HoldConfig, eventoId: number, asientoIds: number[], comprador: Comprador): Promise<ReservaCreada> {
  await checkEventoYLimite(db, eventoId, asientoIds.length, comprador);
  const key = compradorKey(comprador);
  const asientos = await findAsientos(db, asientoIds, eventoId, key);
  if (asientos.length !== asientoIds.length || asientos.some((a) => a.eventoId !== eventoId)) throw new DomainError('ASIENTOS_DE_OTRO_EVENTO');
  const secciones = new Set(asientos.map((a) => a.seccionId));
  if (secciones.size > 1) throw new DomainError('ASIENTOS_DE_VARIAS_SECCIONES');
  // Fails fast without a transaction when a seat is visibly taken; the conditional UPDATE below is what decides.
  if (asientos.some((a) => !a.libre)) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
  const seccionId = asientos[0]!.seccionId;
  const reservaId = randomUUID();

  const fecha = await withRetry(() =>
    db.transaction(async (tx) => {
      const released = await endPreviousHold(tx, eventoId, key);
      const invitadoId = comprador.usuarioId === undefined ? await insertInvitado(tx, comprador.nombre, comprador.correo) : null;
      const fechaExpiracion = await insertReserva(tx, {
        id: reservaId,
        eventoId,
        usuarioId: comprador.usuarioId ?? null,
        invitadoId,
        comprador: key,
        esGeneral: false,
        eventoSeccionId: null,
        seccionId,
        cantidad: asientoIds.length,
        holdMinutes: cfg.holdMinutes,
      });
      const held = await holdSeats(tx, eventoId, asientoIds, reservaId, fechaExpiracion);
      if (held.length !== asientoIds.length) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
      const changes = releasedChanges(released, new Set(asientoIds));
      changes.asientos.push(...asientoIds.map((id) => ({ id, seccionId, estado: 'reservado' as const })));
      await publishChanges(tx, eventoId, changes);
      return fechaExpiracion;
    }),
  );
  return creada(reservaId, fecha);
}

/** Claims `cantidad` places of a general section for the buyer, all or nothing. */
export async function reservarGenerales(db: Db, cfg: HoldConfig, eventoId: number, seccionId: number, cantidad: number, comprador: Comprador): Promise<ReservaCreada> {
  const seccion = await findSeccionDeEvento(db, eventoId, seccionId);
  await checkEventoYLimite(db, eventoId, cantidad, comprador);
  if (!seccion) throw new DomainError('SECCION_NO_ENCONTRADA');
  if (seccion.tipo !== 'general') throw new DomainError('SECCION_NO_GENERAL');
  const key = compradorKey(comprador);
  const reservaId = randomUUID();

  const fecha = await withRetry(() =>
    db.transaction(async (tx) => {
      const released = await endPreviousHold(tx, eventoId, key);
      const invitadoId = comprador.usuarioId === undefined ? await insertInvitado(tx, comprador.nombre, comprador.correo) : null;
      const fechaExpiracion = await insertReserva(tx, {
        id: reservaId,
        eventoId,
        usuarioId: comprador.usuarioId ?? null,
        invitadoId,
        comprador: key,
        esGeneral: true,
        eventoSeccionId: seccion.eventoSeccionId,
        seccionId,
        cantidad,
        holdMinutes: cfg.holdMinutes,
      });
      const claimed = await claimGeneralPlaces(tx, seccion.eventoSeccionId, cantidad, reservaId, fechaExpiracion);
      if (claimed.length !== cantidad) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
      const changes = releasedChanges(released);
      changes.generales.push(seccionId);
      await publishChanges(tx, eventoId, changes);
      return fechaExpiracion;
    }),
  );
  return creada(reservaId, fecha);
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
export async function cancelarReserva(db: Db, eventoId: number, reservaId: string, user: TokenUser | null): Promise<CancelarResponse> {
  const reserva = await findReserva(db, reservaId);
  if (!visible(reserva, eventoId, user)) throw new DomainError('RESERVA_NO_ENCONTRADA');
  if (reserva.estado === 'vendida') throw new DomainError('RESERVA_VENDIDA');
  if (reserva.estado !== 'activa') return { reservaId, estado: reserva.estado };

  const estado = await db.transaction(async (tx) => {
    // Re-read under the row lock: a concurrent cancel, sale or the expiry job may have won.
    const locked = (await findReserva(tx, reservaId, { forUpdate: true }))!;
    if (locked.estado === 'vendida') throw new DomainError('RESERVA_VENDIDA');
    if (locked.estado !== 'activa') return locked.estado;
    const final = locked.vencida ? 'expirada' : 'cancelada';
    await setEstadoReserva(tx, reservaId, final);
    const released = await releaseHold(tx, reservaId);
    await publishChanges(tx, eventoId, releasedChanges(released));
    return final;
  });
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

/** Marks every due hold 'expirada' (batches of 500) and tells the open maps; answers how many. */
export async function expireHolds(db: Db, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const result = await expireDueHolds(tx, batch);
      for (const eventoId of new Set([...result.asientos.keys(), ...result.generales.keys()])) {
        await publishChanges(tx, eventoId, { asientos: result.asientos.get(eventoId), generales: result.generales.get(eventoId) });
      }
      return result.expired;
    });
    total += expired;
    if (expired < batch) return total;
  }
}
