import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { credencialesResponseSchema } from '@taquilla/shared/schemas/pagos';
import { publicUrlFor } from '../../mail/public-url';
import type { RouteModule } from '../types';
import { pagosServices, useGatewayErrors } from './pagos.plugin';
import { credenciales } from './pagos.service';

/**
 * Payments (spec §7 "Payments"): the gateway as a service (`app.pagos`, pagos.plugin.ts) for the
 * modules that charge (ventas) or keep cards (cuenta), and GET /pagos/get/credenciales. The
 * sale's routes under /pagos/* are ventas', the cards' are cuenta's.
 */
export const pagosModule: RouteModule = {
  name: 'pagos',
  prefix: '/pagos',
  services: pagosServices,
  dependencies: ['pagos'],
  plugin: async (app) => {
    useGatewayErrors(app);
    app.get(
      '/get/credenciales',
      {
        schema: {
          tags: ['pagos'],
          summary: 'Pasarela de pagos y llaves públicas para el navegador',
          response: { 200: credencialesResponseSchema, 401: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => credenciales(app.pagos.gateway, publicUrlFor(request, app.config.publicUrl)),
    );
  },
};
