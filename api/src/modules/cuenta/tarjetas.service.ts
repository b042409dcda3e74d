import type { CuentaMessage, PerfilPago } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import { findUserById } from '../auth/auth.repository';
import { GatewayError } from '../pagos/gateway/gateway.errors';
import type { PaymentGateway } from '../pagos/gateway/gateway.types';
import { requireGateway } from '../pagos/pagos.service';
import * as repo from './tarjetas.repository';

/** GET /pagos/get/mi_perfil — idOpenpay null and no cards until the buyer saves one at checkout. */
export async function miPerfilPago(db: Db, session: TokenUser): Promise<PerfilPago> {
  const user = await findUserById(db, session.id);
  if (!user) throw new DomainError('USUARIO_NO_ENCONTRADO');
  const perfil = await repo.findPerfilPago(db, session.id);
  return {
    idOpenpay: perfil?.idOpenpay ?? null,
    tarjetas: perfil ? await repo.listTarjetas(db, perfil.id) : [],
    usuario: { email: user.email },
  };
}

/**
 * DELETE /pagos/tarjeta/{idOpenpay}/{idtarjeta}: at the gateway first, then here, so a card we
 * forget is never left usable there. A card the gateway no longer knows (1005: deleted there
 * earlier, or a retry after our own delete failed) is removed here too. Another account's
 * customer or card reads as absent (404).
 */
export async function eliminarTarjeta(
  db: Db,
  gateway: PaymentGateway | null,
  session: TokenUser,
  params: { idOpenpay: string; idtarjeta: string },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CuentaMessage> {
  const perfil = await repo.findPerfilPago(db, session.id);
  if (!perfil) throw new DomainError('TARJETA_SIN_CLIENTE');
  if (perfil.idOpenpay !== params.idOpenpay || !(await repo.hasTarjeta(db, perfil.id, params.idtarjeta))) throw new DomainError('TARJETA_NO_ENCONTRADA');
  const g = requireGateway(gateway);
  // A profile made with the other gateway (the shop switched between sandbox and Openpay): this
  // gateway cannot reach it, and the card cannot be charged from here any more; forget it.
  if (g.proveedor === perfil.proveedor) {
    try {
      await g.deleteCard(perfil.idOpenpay, params.idtarjeta);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      if (err.errorCode !== 1005) {
        log.warn({ errorCode: err.errorCode, description: err.description, requestId: err.requestId }, 'tarjeta: la pasarela no la eliminó');
        throw new DomainError('TARJETA_NO_ELIMINADA');
      }
    }
  }
  await repo.deleteTarjeta(db, perfil.id, params.idtarjeta);
  return { message: cuentaMessages.CARD_DELETED };
}
