import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { credencialesResponseSchema } from '@taquilla/shared/schemas/pagos';
import { publicUrlFor } from '../../mail/public-url';
import type { RouteModule } from '../types';
import { createPaymentGateway } from './gateway/create';
import { credenciales } from './service';

/**
 * Payments (spec §7 "Payments"). The gateway is chosen once from configuration
 * (modules/pagos/config.ts); every payment route gets it from here.
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
  },
};
