import { reservaMessages } from '@taquilla/shared/messages/reservas';
import { formatMessage } from '@taquilla/shared/messages';
import type { CancelarResponse, MejoresLugaresRespuesta, ReservaCreada, ReservaDetalle } from '@taquilla/shared/schemas/reservas';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { businessCounters } from '../../lib/business-metrics';
import { DomainError, isErrorCode } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import {
  expireDueHolds,
  holdBest,
  holdPlaces,
  holdRefusal,
  releaseHold,
  type ClienteReserva,
  type Comprador,
  type HoldRefusal,
  type NuevaReserva,
  type PedidoMejores,
  type ReleasedPlaces,
} from './apartados.repository';
import type { DisponibilidadPublisher } from './disponibilidad.publisher';
import type { HoldClient } from './reservas.client';
import type { HoldConfig } from './reservas.config';
import { describeAsientos, findReserva, listAsientosReserva, setEstadoReserva, type ReservaRow } from './reservas.repository';

/** '1 minuto', '7 minutos': how long until `seconds` have passed, rounded up. */
function minutos(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minuto' : `${m} minutos`;
}

/**
 * A refusal because the client already holds too many places of the event without an account
 * (decision 0018): 429 with the seconds until its earliest live hold ends, for Retry-After.
 */
export class HoldCapError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('LUGARES_APARTADOS_POR_CLIENTE', message);
  }
}

function capError(r: HoldRefusal): DomainError {
  const [tope = 0, apartados = 0, segundos = 0] = r.detail;
  // Nothing held yet: the request alone is above the cap (an event whose limit is above it).
  if (apartados === 0) {
    return new DomainError(
      'LIMITE_DE_ASIENTOS',
      `Sin iniciar sesión puedes apartar hasta ${tope} lugares de este evento a la vez. Inicia sesión para reservar más.`,
    );
  }
  const espera = Math.max(1, segundos);
  const where =
    r.code === 'LIMITE_POR_DISPOSITIVO'
      ? `Ya tienes ${apartados} lugares apartados para este evento en este navegador; sin iniciar sesión puedes apartar hasta ${tope} a la vez.`
      : `Desde tu conexión ya hay ${apartados} lugares apartados para este evento sin iniciar sesión; el máximo es ${tope} a la vez.`;
  return new HoldCapError(`${where} Intenta de nuevo en ${minutos(espera)} o inicia sesión para reservar.`, espera);
}

/** A refusal of reservar_lugares_cliente as the buyer reads it. */
function refusalError(r: HoldRefusal): DomainError {
  if (r.code === 'LIMITE_POR_DISPOSITIVO' || r.code === 'LIMITE_POR_IP') return capError(r);
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
  if (r.code === 'ASIENTO_SOLO') {
    // detalle '<seat id>,<row>-<number>': the row name may hold commas, the id never does.
    const asiento = (r.text ?? '').slice((r.text ?? '').indexOf(',') + 1);
    return new DomainError('ASIENTO_SOLO', formatMessage(reservaMessages.SEAT_ALONE, { asiento }));
  }
  if (r.code === 'SIN_LUGARES_JUNTOS') return new DomainError('SIN_LUGARES_JUNTOS', formatMessage(reservaMessages.BEST_NONE, { n: r.detail[0] ?? 0 }));
  if (r.code === 'MESA_COMPLETA') return new DomainError('MESA_COMPLETA', formatMessage(reservaMessages.BEST_WHOLE_TABLES, { tamanos: r.detail.join(' o ') }));
  if (isErrorCode(r.code)) return new DomainError(r.code);
  // reservar_lugares_cliente refused with a code the catalogue lacks: a fault of ours, answered as a 500.
  throw new Error(`reservar_lugares_cliente refused with an unknown code: ${r.code}`);
}

/**
 * PostgreSQL errors worth one more try of the whole hold: a concurrent hold by the same buyer
 * committed first (unique live hold per buyer), or a deadlock.
 */
const RETRYABLE = new Set(['23505', '40P01', '40001']);

/**
 * A hold statement that failed: a refusal or an error that is not a conflict is thrown; a conflict
 * (RETRYABLE) returns, so the caller runs the statement again, and the third one is refused as taken.
 */
function rethrowUnlessRetryable(err: unknown, attempt: number): void {
  if (err instanceof DomainError) throw err;
  const refusal = holdRefusal(err);
  if (refusal) throw refusalError(refusal);
  const code = pgCode(err);
  if (!code || !RETRYABLE.has(code)) throw err;
  if (attempt >= 3) throw new DomainError('ASIENTOS_NO_DISPONIBLES');
}

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
      businessCounters(db)?.holds.inc({ kind: reserva.asientoIds ? 'asientos' : 'generales' });
      publisher?.queue({
        asientos: [...result.asientosLiberados, ...(reserva.asientoIds ?? [])],
        generales: [...generales].map((seccionId) => ({ eventoId: reserva.eventoId, seccionId })),
      });
      return { id: reserva.id, reservaId: reserva.id, fechaExpiracion: result.fechaExpiracion.toISOString() };
    } catch (err) {
      rethrowUnlessRetryable(err, attempt);
    }
  }
}

/** The client as the hold statement takes it: who, and the caps of `cfg`. */
function clienteReserva(cfg: HoldConfig, client: HoldClient | undefined): ClienteReserva | undefined {
  return client && { ip: client.ip, dispositivo: client.dispositivo, maxIp: cfg.places.perIp, maxDispositivo: cfg.places.perDevice };
}

/**
 * Seats for the buyer (one section, at most the event's limit). `client` is the requesting
 * browser (routes always pass it; the seed holds without one).
 */
export function reservarAsientos(
  db: Db,
  cfg: HoldConfig,
  publisher: DisponibilidadPublisher | null,
  eventoId: number,
  asientoIds: number[],
  comprador: Comprador,
  client?: HoldClient,
): Promise<ReservaCreada> {
  const cliente = clienteReserva(cfg, client);
  return hold(db, publisher, {
    id: randomUUID(),
    eventoId,
    comprador,
    asientoIds,
    seccionId: null,
    cantidad: asientoIds.length,
    holdMinutes: cfg.holdMinutes,
    cliente,
  });
}

/** `cantidad` places of a general section for the buyer. */
export function reservarGenerales(
  db: Db,
  cfg: HoldConfig,
  publisher: DisponibilidadPublisher | null,
  eventoId: number,
  seccionId: number,
  cantidad: number,
  comprador: Comprador,
  client?: HoldClient,
): Promise<ReservaCreada> {
  const cliente = clienteReserva(cfg, client);
  return hold(db, publisher, { id: randomUUID(), eventoId, comprador, asientoIds: null, seccionId, cantidad, holdMinutes: cfg.holdMinutes, cliente });
}

/** How many runs of adjacent seats (same row, consecutive numbers) a layout-ordered list makes. */
export function contarGrupos(asientos: { filaId: number; numero: number }[]): number {
  let grupos = 0;
  asientos.forEach((a, i) => {
    const prev = asientos[i - 1];
    if (!prev || prev.filaId !== a.filaId || prev.numero !== a.numero - 1) grupos++;
  });
  return grupos;
}

/**
 * 'Mejores lugares disponibles' (decision 0032): the server picks and holds the best adjacent
 * seats of a price category in one statement (every rule of a manual hold applies), or answers
 * the best split without holding it (`reservado: false`) until the buyer accepts it
 * (`separados`). Publishes the change like a manual hold.
 */
export async function reservarMejores(
  db: Db,
  cfg: HoldConfig,
  publisher: DisponibilidadPublisher | null,
  pedido: Omit<PedidoMejores, 'id' | 'holdMinutes' | 'cliente'>,
  client?: HoldClient,
): Promise<MejoresLugaresRespuesta> {
  const cliente = clienteReserva(cfg, client);
  const id = randomUUID();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await holdBest(db, { ...pedido, id, holdMinutes: cfg.holdMinutes, cliente });
      // Every try of the statement lost its block to holds made at the same moment: once more, in
      // a new transaction (the row locks it took are gone).
      if ('refusal' in result && result.refusal.code === 'ASIENTOS_NO_DISPONIBLES' && attempt < 3) continue;
      if ('refusal' in result) throw refusalError(result.refusal);
      const asientos = await describeAsientos(db, result.asientos);
      const answer = {
        seccionId: result.seccionId,
        grupos: Math.max(1, contarGrupos(asientos)),
        asientos: asientos.map(({ filaId: _, ...a }) => a),
      };
      if (!result.reservado) return { reservado: false, ...answer };
      businessCounters(db)?.holds.inc({ kind: 'asientos' });
      const generales = new Set(result.generalesLiberadas);
      publisher?.queue({
        asientos: [...result.asientosLiberados, ...result.asientos],
        generales: [...generales].map((seccionId) => ({ eventoId: pedido.eventoId, seccionId })),
      });
      return { reservado: true, id, reservaId: id, fechaExpiracion: result.fechaExpiracion.toISOString(), ...answer };
    } catch (err) {
      rethrowUnlessRetryable(err, attempt);
    }
  }
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
export async function cancelarReserva(
  db: Db,
  publisher: DisponibilidadPublisher | null,
  eventoId: number,
  reservaId: string,
  user: TokenUser | null,
): Promise<CancelarResponse> {
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
