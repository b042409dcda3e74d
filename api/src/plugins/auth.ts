import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER } from '@taquilla/shared/runtime-config';
import { DomainError } from '../lib/errors';
import { verifyToken, type TokenUser } from '../lib/jwt';

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
 * The static API key on every request of the context it is registered in, then the bearer
 * token decoded in this one place. Routes needing a user call `requireUser(request)`.
 */
export const apiAuthPlugin = fp<{ apiKey: string; jwtSecret: string }>(
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
        const user = match?.[1] ? await verifyToken(match[1], opts.jwtSecret) : null;
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
