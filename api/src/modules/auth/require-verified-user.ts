import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import './auth.errors';
import { findUserById } from './auth.repository';

/**
 * preHandler for every endpoint that needs a signed-in buyer with a verified e-mail:
 *
 *   app.get('/perfil', { preHandler: requireVerifiedUser }, handler)
 *
 * 401 without a valid token; 403 'Verificación requerida…' (spec §8) while the e-mail is not
 * verified. A token says isVerified=false if it was signed before the buyer clicked the link,
 * so that case is re-checked in the database (verification never goes back to false, so a
 * token that says true is trusted). On success request.user is the verified user.
 */
export async function requireVerifiedUser(request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  if (user.isVerified) return;
  const row = await findUserById(request.server.db, user.id);
  if (!row) throw new DomainError('TOKEN_INVALIDO');
  if (!row.isVerified) throw new DomainError('VERIFICACION_REQUERIDA');
  request.user = { ...user, isVerified: true };
}
