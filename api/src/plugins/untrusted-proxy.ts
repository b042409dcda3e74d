import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * With TRUST_PROXY off, `request.ip` is the address of whoever opened the connection. A request
 * that arrives with X-Forwarded-For then most likely came through a proxy (a load balancer) the
 * API does not trust, and every per-IP limit (accounts, holds) counts that proxy's address for
 * all buyers at once: on an on-sale night the hold limit would refuse everyone after the first
 * 120 attempts a minute. The engineer on call hears it once per process, in the log.
 */
export const untrustedProxyWarning = fp(
  async (app: FastifyInstance) => {
    let warned = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!warned && request.headers['x-forwarded-for'] !== undefined) {
        warned = true;
        request.log.warn(
          { peer: request.ip },
          'Llegan solicitudes con X-Forwarded-For y TRUST_PROXY no está configurado: los límites por IP cuentan la dirección del proxy para todos los compradores',
        );
      }
      done();
    });
  },
  { name: 'untrusted-proxy-warning' },
);
