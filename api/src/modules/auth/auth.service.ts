import { authMessages } from '@taquilla/shared/messages/auth';
import type { AuthUser, LoginPayload, RegisterPayload } from '@taquilla/shared/schemas/auth';
import { normalizeEmail } from '@taquilla/shared/schemas/email';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { signToken, type TokenUser } from '../../lib/jwt';
import type { AuthConfig } from './auth.config';
import * as repo from './auth.repository';
import * as sessions from './sessions.repository';
import { setTimeout as sleep } from 'node:timers/promises';
import { loginDelayMs } from './auth.limits';
import { dummyHash, hashPassword, verifyPassword } from './auth.password';
import { hashLinkToken } from './auth.tokens';

/** Success texts of the account endpoints. */
export const AUTH_TEXTS = {
  verificationSent: authMessages.VERIFICATION_EMAIL_SENT,
  recoverySent: authMessages.PASSWORD_RECOVERY_SENT,
  emailVerified: 'Tu correo ha sido verificado. Ya puedes iniciar sesión.',
  passwordReset: 'Tu contraseña se ha actualizado. Ya puedes iniciar sesión.',
  loggedOut: 'Sesión cerrada.',
} as const;

/** Drizzle row → the DTO every answer carries (no hash, no timestamps). */
function toAuthUser(row: repo.UserRow): AuthUser {
  return { id: row.id, fullName: row.fullName, email: row.email, isVerified: row.isVerified };
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: AuthConfig,
    private readonly jwtSecret: string,
  ) {}

  private sign(user: AuthUser, session: { sessionId: string; authTime?: number }): Promise<string> {
    return signToken(user, { secret: this.jwtSecret, expiresIn: this.config.jwtExpiresIn, ...session });
  }

  /** A new server-side session and its first token. */
  private async signIn(user: AuthUser): Promise<string> {
    return this.sign(user, { sessionId: await sessions.openSession(this.db, user.id) });
  }

  /** Registrations per client IP are limited by the route (auth.limits.ts). */
  async register(payload: RegisterPayload): Promise<{ token: string; user: AuthUser }> {
    const email = normalizeEmail(payload.email);
    if (await repo.findUserByEmail(this.db, email)) throw new DomainError('CORREO_YA_REGISTRADO');
    const passwordHash = await hashPassword(payload.password);
    // The unique index decides between two concurrent registrations of the same address.
    const row = await repo.insertUser(this.db, { fullName: payload.fullName.trim(), email, passwordHash });
    if (!row) throw new DomainError('CORREO_YA_REGISTRADO');
    const user = toAuthUser(row);
    return { token: await this.signIn(user), user };
  }

  /**
   * `attempts`: this address's login attempts in the window (the route counts them after the
   * per-IP limit passed). Beyond the free ones every attempt waits longer before the password
   * is checked — a slow-down, never a lock-out, so nobody can keep the owner out by typing
   * their address.
   */
  async login(payload: LoginPayload, attempts = 0): Promise<{ token: string; user: AuthUser }> {
    const email = normalizeEmail(payload.email);
    const delay = loginDelayMs(attempts, this.config.login.perEmail.max, this.config.login.maxDelayMs);
    if (delay) await sleep(delay);

    const row = await repo.findUserByEmail(this.db, email);
    // Unknown address: spend the same time as a wrong password (no enumeration by timing).
    const ok = await verifyPassword(payload.password, row?.passwordHash ?? (await dummyHash()));
    if (!row || !ok) throw new DomainError('CREDENCIALES_INCORRECTAS');
    const user = toAuthUser(row);
    return { token: await this.signIn(user), user };
  }

  /**
   * Fresh token + current user; answers unverified users too (the UI warns them). The new
   * token keeps the session and its sign-in time, so renewing never outlives SESSION_MAX_AGE.
   */
  async checkStatus(session: TokenUser): Promise<{ isVerified: boolean; token: string; user: AuthUser }> {
    const row = await repo.findUserById(this.db, session.id);
    if (!row) throw new DomainError('USUARIO_NO_ENCONTRADO');
    // Refreshing a token signed before a password reset would undo the reset's sign-out.
    if (!repo.sessionStillValid(row, session.issuedAt)) throw new DomainError('TOKEN_INVALIDO');
    const user = toAuthUser(row);
    const token = await this.sign(user, { sessionId: session.sessionId!, authTime: session.authTime });
    return { isVerified: user.isVerified, token, user };
  }

  /** Ends this session on the server: its tokens are refused from now on. */
  async logout(session: TokenUser): Promise<{ message: string }> {
    await sessions.revokeSession(this.db, session.sessionId!, session.id);
    return { message: AUTH_TEXTS.loggedOut };
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const result = await repo.consumeToken(tx, hashLinkToken(token), 'verify-email');
      if (!result.ok) {
        throw new DomainError(
          result.reason === 'used'
            ? 'VERIFICACION_ENLACE_USADO'
            : result.reason === 'expired'
              ? 'VERIFICACION_ENLACE_EXPIRADO'
              : 'VERIFICACION_ENLACE_INVALIDO',
        );
      }
      await repo.setVerified(tx, result.userId);
    });
    return { message: AUTH_TEXTS.emailVerified };
  }

  /**
   * Sets the new password and spends the link. Getting the link proves the buyer owns the
   * address, so the account counts as verified too. Other pending reset links die with it.
   */
  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    const tokenHash = hashLinkToken(token);
    // The token first: a bogus or spent link costs one indexed read, never a memory-hard hash.
    const state = await repo.linkTokenState(this.db, tokenHash, 'reset-password');
    if (state !== 'valid') throw new DomainError(RESET_ERRORS[state]);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      // Spent here, conditionally: of two concurrent uses of one link only one gets through.
      const result = await repo.consumeToken(tx, tokenHash, 'reset-password');
      if (!result.ok) throw new DomainError(RESET_ERRORS[result.reason]);
      await repo.setPasswordHash(tx, result.userId, passwordHash);
      await repo.setVerified(tx, result.userId);
      await repo.deleteUnusedTokens(tx, result.userId, 'reset-password');
      await sessions.revokeUserSessions(tx, result.userId);
    });
    return { message: AUTH_TEXTS.passwordReset };
  }
}

const RESET_ERRORS = {
  invalid: 'RESTABLECER_ENLACE_INVALIDO',
  used: 'RESTABLECER_ENLACE_USADO',
  expired: 'RESTABLECER_ENLACE_EXPIRADO',
} as const;
