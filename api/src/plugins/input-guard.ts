import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors';

/** PostgreSQL text cannot hold NUL: a query with one fails, so it is refused at the door. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

function urlHasNul(request: FastifyRequest): boolean {
  if (!/%00|\u0000/i.test(request.url)) return false;
  try {
    return decodeURIComponent(request.url).includes('\u0000');
  } catch {
    return true;
  }
}

/** NUL in the URL (path or query) or anywhere in a JSON body → 400 with a Spanish message, before any handler. */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (urlHasNul(request)) throw new DomainError('CARACTERES_NO_PERMITIDOS');
    });
    app.addHook('preValidation', async (request) => {
      if (request.body !== undefined && hasNul(request.body)) throw new DomainError('CARACTERES_NO_PERMITIDOS');
    });
  },
  { name: 'input-guard' },
);
