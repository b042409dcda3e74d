import type { CuentaMessage, MiPerfil, UpdatePasswordPayload } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { TokenUser } from '../../lib/jwt';
import * as users from '../auth/auth.repository';
import { hashPassword, verifyPassword } from '../auth/auth.password';
import * as sessions from '../auth/sessions.repository';

async function userRow(db: Db, session: TokenUser): Promise<users.UserRow> {
  const row = await users.findUserById(db, session.id);
  if (!row) throw new DomainError('USUARIO_NO_ENCONTRADO');
  return row;
}

/** GET /usuarios/mi_perfil — read from the database, not the token (which may be days old). */
export async function miPerfil(db: Db, session: TokenUser): Promise<MiPerfil> {
  const row = await userRow(db, session);
  return { fullName: row.fullName, email: row.email };
}

/**
 * PATCH /usuarios/update/password. The current password is checked first (a wrong one is a
 * 400 that changes nothing). On success every other session ends the way a reset ends them —
 * their auth_sessions rows are revoked, so their tokens are refused on the next request — and
 * pending reset links die; the session that made the change stays signed in.
 */
export async function cambiarPassword(db: Db, session: TokenUser, body: UpdatePasswordPayload): Promise<CuentaMessage> {
  const row = await userRow(db, session);
  if (!(await verifyPassword(body.actualPassword, row.passwordHash))) throw new DomainError('CONTRASENA_ACTUAL_INCORRECTA');
  if (body.newPassword === body.actualPassword) throw new DomainError('CONTRASENA_IGUAL');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await users.replacePasswordHash(tx, row.id, passwordHash);
    await users.deleteUnusedTokens(tx, row.id, 'reset-password');
    await sessions.revokeOtherSessions(tx, row.id, session.sessionId!);
  });
  return { message: cuentaMessages.PASSWORD_UPDATED };
}
