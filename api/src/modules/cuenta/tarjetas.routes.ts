import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { cuentaMessageSchema, deleteTarjetaParamsSchema, perfilPagoSchema } from '@taquilla/shared/schemas/cuenta';
import { requireVerifiedUser } from '../auth/auth.guard';
import type { PaymentGateway } from '../pagos/gateway/gateway.types';
import { eliminarTarjeta, miPerfilPago } from './tarjetas.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };

/**
 * The buyer's payment profile and saved cards (spec §7 GET /pagos/get/mi_perfil, DELETE
 * /pagos/tarjeta/…), mounted inside the pagos plugin (prefix /pagos) next to the sale.
 */
export async function tarjetaRoutes(app: FastifyInstance, opts: { gateway: PaymentGateway | null }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/get/mi_perfil',
    { preValidation: requireVerifiedUser, schema: { tags: ['cuenta'], summary: 'Perfil de pago: cliente de la pasarela y tarjetas guardadas', response: { 200: perfilPagoSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return miPerfilPago(app.db, request.user!);
    },
  );

  r.delete(
    '/tarjeta/:idOpenpay/:idtarjeta',
    {
      preValidation: requireVerifiedUser,
      schema: { tags: ['cuenta'], summary: 'Eliminar una tarjeta guardada (aquí y en la pasarela)', params: deleteTarjetaParamsSchema, response: { 200: cuentaMessageSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return eliminarTarjeta(app.db, opts.gateway, request.user!, request.params, request.log);
    },
  );
}
