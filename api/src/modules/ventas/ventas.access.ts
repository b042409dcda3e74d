import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import { requireVerifiedUser } from '../auth/auth.guard';
import { findVentaReserva, type VentaReserva } from './ventas.repository';

/** Who calls: the signed-in account, or a guest holding the reservation id (and, on checks, its guest id). */
export type Caller = { user: TokenUser; invitadoId?: undefined } | { user?: undefined; invitadoId?: string };

/** A signed-in caller when a token is sent (it must be valid and verified), else a guest. */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  if (request.user || request.tokenRejected) {
    await requireVerifiedUser(request);
    return { user: request.user! };
  }
  return {};
}

/**
 * A reservation is a capability: the account that made it, or whoever holds the id of a guest
 * hold (and its guest id where the route names it). Anything else reads as absent (404).
 */
export async function ownReserva(db: DbOrTx, reservaId: string, caller: Caller, eventoId?: number): Promise<VentaReserva> {
  const r = await findVentaReserva(db, reservaId);
  const mine = r && (r.usuarioId === null ? caller.invitadoId === undefined || caller.invitadoId === r.invitadoId : r.usuarioId === caller.user?.id);
  if (!mine || (eventoId !== undefined && r.eventoId !== eventoId)) throw new DomainError('RESERVA_NO_ENCONTRADA');
  return r;
}
