import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { reenvioBoletosResponseSchema } from '@taquilla/shared/schemas/pagos';
import { reservaIdSchema } from '@taquilla/shared/schemas/reservas';
import { ipLimit } from '../auth/auth.limits';
import { registerRateLimit } from '../../plugins/rate-limit';
import { reenviarPorBoleto, reenviarPorReserva } from './reenvio.service';
import { callerOf } from './ventas.access';
import type { VentaDeps } from './ventas.deps';

const response = { 200: reenvioBoletosResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
/** Per client IP and route, on top of the per-sale limit (REENVIOS); Redis-backed with REDIS_URL. */
const perIp = ipLimit({ max: 10, windowMs: 10 * 60_000 });
const tags = ['correos'];

/**
 * Spec §7: the three calls that send a sale's tickets e-mail again. Each goes only to the
 * address the sale delivered to, so a ticket or reservation id never redirects tickets.
 */
export function reenvioRoutes(deps: (request: FastifyRequest) => VentaDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The limiter in this plugin's own context: a route's `config.rateLimit` counts only where it is registered.
    await registerRateLimit(app, app.config.rateLimit);

    app.post(
      '/sold-tickets-email/:address/:ticketId',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Reenvía los boletos de una compra a su propio correo (el de la compra)',
          params: z.object({ address: z.string().trim().min(3).max(254), ticketId: z.uuid({ error: 'El boleto no es válido.' }) }),
          response,
        },
      },
      async (request) => reenviarPorBoleto(deps(request), request.params.address, request.params.ticketId),
    );

    app.post(
      '/sold-tickets-email-3d/:id',
      {
        config: perIp,
        schema: { tags, summary: 'Reenvía los boletos de una reserva pagada (tras 3-D Secure)', params: z.object({ id: reservaIdSchema }), response },
      },
      async (request) => reenviarPorReserva(deps(request), request.params.id, await callerOf(request)),
    );

    app.post(
      '/sold-tickets-email-invitado/:invitadoId/:id',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Reenvía los boletos de la compra de un invitado',
          params: z.object({ invitadoId: z.uuid({ error: 'El invitado no es válido.' }), id: reservaIdSchema }),
          response,
        },
      },
      async (request) => reenviarPorReserva(deps(request), request.params.id, { invitadoId: request.params.invitadoId }),
    );
  };
}
