import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { cuentaMessageSchema, deleteTarjetaParamsSchema, perfilPagoSchema } from '@taquilla/shared/schemas/cuenta';
import { requireVerifiedUser } from '../auth/auth.guard';
import { useGatewayErrors } from '../pagos/pagos.plugin';
import { eliminarTarjeta, miPerfilPago } from './tarjetas.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };

/**
 * The buyer's payment profile and saved cards (spec §7 GET /pagos/get/mi_perfil, DELETE
 * /pagos/tarjeta/…), mounted by the cuenta module under /pagos; the gateway is the app's (`app.pagos`).
 */
export async function tarjetaRoutes(app: FastifyInstance): Promise<void> {
  useGatewayErrors(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/get/mi_perfil',
    {
      preValidation: requireVerifiedUser,
      schema: { tags: ['cuenta'], summary: 'Perfil de pago: cliente de la pasarela y tarjetas guardadas', response: { 200: perfilPagoSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return miPerfilPago(app.db, request.user!);
    },
  );

  r.delete(
    '/tarjeta/:idOpenpay/:idtarjeta',
    {
      preValidation: requireVerifiedUser,
      schema: {
        tags: ['cuenta'],
        summary: 'Eliminar una tarjeta guardada (aquí y en la pasarela)',
        params: deleteTarjetaParamsSchema,
        response: { 200: cuentaMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return eliminarTarjeta(app.db, app.pagos.gateway, request.user!, request.params, request.log);
    },
  );
}
