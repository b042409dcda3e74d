import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema, idParamSchema } from '@taquilla/shared/schemas/common';
import { cuentaMessageSchema, miEventoDetalleSchema, miPerfilSchema, misEventosSchema, updatePasswordSchema } from '@taquilla/shared/schemas/cuenta';
import { requireVerifiedUser } from '../auth/auth.guard';
import { ipLimit, registerPasswordChangeLimits } from '../auth/auth.limits';
import type { RouteModule } from '../types';
import { tarjetaRoutes } from './tarjetas.routes';
import { miEvento, misEventos, type Dueno } from './compras.service';
import { cambiarPassword, miPerfil } from './perfil.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

function dueno(request: FastifyRequest): Dueno {
  return { usuarioId: request.user!.id, email: request.user!.email.toLowerCase() };
}

/**
 * The signed-in buyer's account (spec §7 "Profile", mis_eventos): profile, password change and
 * purchases. Every route needs a verified session and answers only about the caller's own
 * account; and the payment profile and saved cards under /pagos (tarjetas.routes.ts, with the
 * gateway of service 'pagos').
 */
export const cuentaModule: RouteModule = {
  name: 'cuenta',
  dependencies: ['pagos'],
  plugin: async (app) => {
    // First, so the hooks below stay this context's own (the cards' routes set theirs).
    await app.register(tarjetaRoutes, { prefix: '/pagos' });
    const authConfig = app.config.auth;
    const passwordChangeLimit = await registerPasswordChangeLimits(app, authConfig);
    // Before validation: without a session the answer is 401 whatever the body says.
    app.addHook('preValidation', requireVerifiedUser);
    // Personal answers: never kept by a browser or a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/usuarios/mi_perfil',
      { schema: { tags: ['cuenta'], summary: 'Nombre y correo del comprador', response: { 200: miPerfilSchema, ...errors } } },
      async (request) => miPerfil(app.db, request.user!),
    );

    app.patch(
      '/usuarios/update/password',
      {
        config: ipLimit(authConfig.passwordChange.perIp),
        schema: {
          tags: ['cuenta'],
          summary: 'Cambiar la contraseña (cierra las demás sesiones; intentos limitados por sesión, cuenta e IP)',
          body: updatePasswordSchema,
          response: { 200: cuentaMessageSchema, ...errors, 429: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        // Counted before the current password is hashed: a refused attempt costs no hash.
        await passwordChangeLimit(request, reply, request.user!);
        return cambiarPassword(app.db, request.user!, request.body);
      },
    );

    app.get(
      '/eventos/mis_eventos',
      { schema: { tags: ['cuenta'], summary: 'Eventos con boletos del comprador: próximos y pasados', response: { 200: misEventosSchema, ...errors } } },
      async (request) => misEventos(app.db, dueno(request)),
    );

    app.get(
      '/eventos/mis_eventos/:id',
      {
        schema: {
          tags: ['cuenta'],
          summary: 'Boletos del comprador para un evento y el resumen de su compra',
          params: z.object({ id: idParamSchema }),
          response: { 200: miEventoDetalleSchema, ...errors },
        },
      },
      async (request) => miEvento(app.db, dueno(request), request.params.id),
    );
  },
};
