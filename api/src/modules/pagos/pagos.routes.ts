import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import type { FastifyError } from 'fastify';
import { credencialesResponseSchema } from '@taquilla/shared/schemas/pagos';
import { publicUrlFor } from '../../mail/public-url';
import { errorHandler } from '../../plugins/error-handler';
import type { RouteModule } from '../types';
import { tarjetaRoutes } from '../cuenta/tarjetas.routes';
import { ventaRoutes } from '../ventas/ventas.routes';
import { createPaymentGateway } from './gateway/gateway.factory';
import { credenciales, gatewayFailure, isGatewayFailure } from './pagos.service';

/**
 * Payments (spec §7 "Payments"). The gateway is chosen once from configuration
 * (pagos.config.ts); every payment route gets it from here.
 */
export const pagosModule: RouteModule = {
  name: 'pagos',
  prefix: '/pagos',
  plugin: async (app) => {
    const config = app.config.pagos;
    const gateway = createPaymentGateway(config, app.db, app.log);
    if (config.proveedor === 'desactivado') app.log.error(`Pagos desactivados: ${config.motivo}`);
    else app.log.info({ proveedor: config.proveedor }, 'pasarela de pagos');
    const publicUrl = config.proveedor === 'sandbox' ? config.publicUrl : undefined;

    // A GatewayError thrown by any payment route answers with its Spanish message and a status
    // that says who can fix it; everything else goes to the one error handler unchanged.
    app.setErrorHandler(function (error, request, reply) {
      if (!isGatewayFailure(error)) return errorHandler.call(this, error as FastifyError, request, reply);
      const mapped = gatewayFailure(error);
      const log = { errorCode: error.errorCode, httpStatus: error.httpStatus, description: error.description, requestId: error.requestId };
      if (mapped.status >= 500) request.log.error(log, 'pasarela de pagos');
      else request.log.info(log, 'pago rechazado');
      return errorHandler.call(this, mapped as unknown as FastifyError, request, reply);
    });

    app.get(
      '/get/credenciales',
      {
        schema: {
          tags: ['pagos'],
          summary: 'Pasarela de pagos y llaves públicas para el navegador',
          response: { 200: credencialesResponseSchema, 401: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => credenciales(gateway, publicUrlFor(request, publicUrl)),
    );

    await ventaRoutes(app, { gateway, sandboxPublicUrl: publicUrl });
    await tarjetaRoutes(app, { gateway });
  },
};
