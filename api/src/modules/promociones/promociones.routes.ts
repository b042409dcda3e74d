import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { validarClaveWebBodySchema, promocionSchema, validarPromoWebBodySchema, validarPromoWebResponseSchema } from '@taquilla/shared/schemas/promociones';
import type { RouteModule } from '../types';
import { promocionesAutomaticas, promocionPorClave } from './promociones.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Promotions (spec §7 "Promotions"): thin handlers, logic in ./service. */
export const promocionesModule: RouteModule = {
  name: 'promociones',
  prefix: '/promociones',
  plugin: async (app) => {
    app.post(
      '/validar_promo_web',
      {
        schema: {
          tags: ['promociones'],
          summary: 'Promociones automáticas vigentes de un evento',
          body: validarPromoWebBodySchema,
          response: { 200: validarPromoWebResponseSchema, ...errors },
        },
      },
      async (request) => promocionesAutomaticas(app.db, request.body.evento_id),
    );

    app.post(
      '/validar_clave_web',
      {
        schema: {
          tags: ['promociones'],
          summary: 'La promoción de un código de descuento (en mayúsculas)',
          body: validarClaveWebBodySchema,
          response: { 200: promocionSchema, ...errors },
        },
      },
      async (request) => promocionPorClave(app.db, request.body.evento_id, request.body.clave),
    );
  },
};
