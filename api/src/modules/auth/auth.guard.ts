import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { findUserById, sessionStillValid } from './auth.repository';

/**
 * preHandler for every endpoint that needs a signed-in buyer with a verified e-mail:
 *
 *   app.get('/perfil', { preHandler: requireVerifiedUser }, handler)
 *
 * 401 without a valid token, or with one signed before the last password change (a reset ends
 * the sessions opened before it); 403 'Verificación requerida…' (spec §8) while the e-mail is
 * not verified. The user row is read on every call (one primary-key lookup): a token may say
 * isVerified=false because it was signed before the buyer clicked the link, and only the
 * database knows about a later password change. On success request.user is the verified user.
 */
export async function requireVerifiedUser(request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  const row = await findUserById(request.server.db, user.id);
  if (!row || !sessionStillValid(row, user.issuedAt)) throw new DomainError('TOKEN_INVALIDO');
  if (!row.isVerified) throw new DomainError('VERIFICACION_REQUERIDA');
  request.user = { ...user, isVerified: true };
}
