import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER } from '@taquilla/shared/runtime-config';
import { DomainError } from '../lib/errors';
import { verifyToken, type TokenUser } from '../lib/jwt';
import { sessionIsLive } from '../modules/auth/sessions.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's user, decoded once per request; null when absent or invalid. */
    user: TokenUser | null;
    /** True when an Authorization header was sent but the token did not verify. */
    tokenRejected: boolean;
  }
}

function sameKey(given: string, expected: Buffer): boolean {
  const buf = Buffer.from(given);
  return buf.length === expected.length && timingSafeEqual(buf, expected);
}

/**
 * The API key on every request of the context it is registered in — a client identifier
 * (public: the storefront publishes it in /config.json), not a secret — then the bearer token
 * decoded and its session checked in this one place. Routes needing a user call
 * `requireUser(request)`.
 */
export const apiAuthPlugin = fp<{ apiKey: string; jwtSecret: string; maxSessionAgeSeconds?: number }>(
  async (app: FastifyInstance, opts) => {
    const expected = Buffer.from(opts.apiKey);
    app.decorateRequest('user', null);
    app.decorateRequest('tokenRejected', false);
    app.addHook('onRequest', async (request) => {
      const given = request.headers[API_KEY_HEADER];
      if (typeof given !== 'string' || !sameKey(given, expected)) throw new DomainError('API_KEY_INVALIDA');
      const auth = request.headers.authorization;
      if (typeof auth === 'string' && auth.length > 0) {
        const match = /^Bearer\s+(\S+)$/i.exec(auth);
        let user = match?.[1] ? await verifyToken(match[1], opts.jwtSecret, { maxSessionAgeSeconds: opts.maxSessionAgeSeconds }) : null;
        // A signature proves who signed in, not that they are still signed in: logout and
        // password resets revoke the session row (one primary-key read per signed request).
        if (user && !(await sessionIsLive(app.db, user.sessionId!, user.id))) user = null;
        request.user = user;
        request.tokenRejected = user === null;
      }
    });
  },
  { name: 'api-auth' },
);

/** The authenticated user, or a 401 domain error. */
export function requireUser(request: FastifyRequest): TokenUser {
  if (request.user) return request.user;
  throw new DomainError(request.tokenRejected ? 'TOKEN_INVALIDO' : 'NO_AUTENTICADO');
}
