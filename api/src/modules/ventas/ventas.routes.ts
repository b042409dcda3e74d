import { z } from 'zod';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@taquilla/shared/schemas/common';
import {
  aplicarPromoResponseSchema,
  aplicarPromoSchema,
  checkCargoInvitadoSchema,
  checkCargoResponseSchema,
  checkCargoSchema,
  cotizacionSchema,
  cotizarSchema,
  makeCargoResponseSchema,
  makeCargoSchema,
  makeReferenciaResponseSchema,
  makeReferenciaSchema,
  resumenReservaSchema,
  tipoTarjetaResponseSchema,
  tipoTarjetaSchema,
  webhookSchema,
} from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { reservaIdSchema } from '@taquilla/shared/schemas/reservas';
import { publicUrlFor } from '../../mail/public-url';
import { requireVerifiedUser } from '../auth/auth.guard';
import { ipLimit } from '../auth/auth.limits';
import { registerRateLimit } from '../../plugins/rate-limit';
import { useGatewayErrors } from '../pagos/pagos.plugin';
import type { RouteModule } from '../types';
import { callerOf } from './ventas.access';
import { reenvioRoutes } from './reenvio.routes';
import type { VentaDeps } from './ventas.deps';
import { aplicarPromo, cotizar, resumenReserva } from './ventas.cotizacion';
import { checkCargo, makeCargo, webhook } from './ventas.service';
import { passForCharge } from '../sala-espera/sala-espera.routes';
import { makeReferencia, referenciaPdfDe, startAvisoVencidas } from './ventas.referencia';
import { tipoTarjeta } from './ventas.tarjeta';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};
/** Per client IP: a buyer typing a few cards, with room for many buyers behind one venue's network. */
const TIPO_TARJETA_POR_IP = ipLimit({ max: 30, windowMs: 10 * 60_000 });
const chargeIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, pagoMessages.CHARGE_INVALID);

/**
 * The sale under /pagos (spec §7 "Payments": make/cargo, check/cargo, aplicar-promo); a
 * GatewayError answers with its Spanish message (useGatewayErrors).
 */
async function ventaRoutes(app: FastifyInstance): Promise<void> {
  useGatewayErrors(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ventaDeps(app);
  // Checkout of a queued event needs the browser's waiting-room pass (decision 0031).
  const pase = passForCharge(app);
  // Buyers whose cash/SPEI reference expired unpaid are told so, once.
  const stopAvisos = startAvisoVencidas(app.db, app.mailer, app.config.pagosDiferidos, app.log);
  app.addHook('onClose', async () => stopAvisos());

  r.post(
    '/make/cargo',
    {
      preHandler: [requireVerifiedUser, pase],
      schema: {
        tags: ['pagos'],
        summary: 'Pagar una reserva (comprador con sesión)',
        body: makeCargoSchema,
        response: { 200: makeCargoResponseSchema, ...errors },
      },
    },
    async (request) => makeCargo(deps(request), request.body, { user: request.user! }),
  );

  r.post(
    '/make/cargo_invitado',
    {
      preHandler: pase,
      schema: { tags: ['pagos'], summary: 'Pagar una reserva de invitado', body: makeCargoSchema, response: { 200: makeCargoResponseSchema, ...errors } },
    },
    async (request) => makeCargo(deps(request), { ...request.body, usuarioOpenpayId: null, guardarTarjeta: false }, {}),
  );

  r.post(
    '/check/cargo/:chargeId',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['pagos'],
        summary: 'Estado de un cargo (tras 3-D Secure); vende si está pagado',
        params: z.object({ chargeId: chargeIdSchema }),
        body: checkCargoSchema,
        response: { 200: checkCargoResponseSchema, ...errors },
      },
    },
    async (request) => checkCargo(deps(request), request.params.chargeId, request.body.reservaId, { user: request.user! }),
  );

  r.post(
    '/check/cargo_invitado/:invitadoId/:chargeId',
    {
      schema: {
        tags: ['pagos'],
        summary: 'Estado de un cargo de invitado; vende si está pagado',
        params: z.object({ invitadoId: z.uuid({ error: 'El invitado no es válido.' }), chargeId: chargeIdSchema }),
        body: checkCargoInvitadoSchema,
        response: { 200: checkCargoResponseSchema, ...errors },
      },
    },
    async (request) => checkCargo(deps(request), request.params.chargeId, request.body.reservaId, { invitadoId: request.params.invitadoId }),
  );

  // A new card's type before paying: meses sin intereses are offered to credit cards only. Per
  // client IP (each call is two gateway calls, and card types are not for trying cards out).
  await registerRateLimit(app, app.config.rateLimit);
  r.post(
    '/tipo-tarjeta',
    {
      config: TIPO_TARJETA_POR_IP,
      schema: {
        tags: ['pagos'],
        summary: 'Tipo (crédito o débito) de una tarjeta nueva, por su token',
        body: tipoTarjetaSchema,
        response: { 200: tipoTarjetaResponseSchema, ...errors },
      },
    },
    async (request) => tipoTarjeta(app.db, app.pagos.gateway, request.body, await callerOf(request)),
  );

  // Cash at a store ('Pago en efectivo') and SPEI: a reference to pay by its deadline (ventas.referencia.ts).
  r.post(
    '/make/referencia',
    {
      preHandler: requireVerifiedUser,
      schema: {
        tags: ['pagos'],
        summary: 'Referencia de pago en efectivo o SPEI (comprador con sesión)',
        body: makeReferenciaSchema,
        response: { 200: makeReferenciaResponseSchema, ...errors },
      },
    },
    async (request) => makeReferencia(deps(request), request.body, { user: request.user! }),
  );
  r.post(
    '/make/referencia_invitado',
    {
      schema: {
        tags: ['pagos'],
        summary: 'Referencia de pago en efectivo o SPEI de un invitado',
        body: makeReferenciaSchema,
        response: { 200: makeReferenciaResponseSchema, ...errors },
      },
    },
    async (request) => makeReferencia(deps(request), request.body, {}),
  );
  r.get(
    '/referencia/:reservaId/pdf',
    { schema: { tags: ['pagos'], summary: 'La referencia de pago de la reserva, en PDF', params: z.object({ reservaId: reservaIdSchema }) } },
    async (request, reply) => {
      const { pdf, filename } = await referenciaPdfDe(app.db, request.params.reservaId, await callerOf(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  r.post(
    '/aplicar-promo',
    {
      schema: {
        tags: ['pagos'],
        summary: 'Totales de la reserva con un código de descuento',
        body: aplicarPromoSchema,
        response: { 200: aplicarPromoResponseSchema, ...errors },
      },
    },
    async (request) => aplicarPromo(app.db, request.body, await callerOf(request)),
  );
}

/**
 * What each sale call needs, per request, from the app's services: the gateway (`app.pagos`),
 * the availability publisher (`app.disponibilidad`), the mailer (`app.mailer`, which only
 * enqueues and hands over; its worker retries what is still pending). The storefront's origin
 * comes from the request when PUBLIC_URL is unset.
 */
function ventaDeps(app: FastifyInstance): (request: FastifyRequest) => VentaDeps {
  const { gateway } = app.pagos;
  return (request) => ({
    diferidos: app.config.pagosDiferidos,
    db: app.db,
    gateway,
    publisher: app.disponibilidad.publisher,
    use3ds: app.config.ventas.use3ds,
    publicUrl: publicUrlFor(request, app.config.publicUrl),
    mailer: app.mailer,
  });
}

/**
 * POST /webhooks/pagos — the gateway's notification, at the site root: a gateway cannot send
 * our API key. Only a charge id we already know is acted on, and its state is re-fetched from
 * the gateway, so a forged call can do no more than a check. 503 asks the gateway to retry.
 */
const pagosWebhookPlugin: FastifyPluginAsync = async (app) => {
  const deps = ventaDeps(app);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/webhooks/pagos',
      { schema: { tags: ['pagos'], summary: 'Notificación de la pasarela: vuelve a consultar el cargo y vende una sola vez', body: webhookSchema } },
      async (request, reply) => {
        try {
          return await webhook(deps(request), request.body.transaction?.id);
        } catch (err) {
          request.log.warn({ err }, 'webhook de pagos: se reintentará');
          return reply.status(503).send({ recibido: false });
        }
      },
    );
};

/**
 * The sale: GET /eventos/{id}/reservas/{reservaId}/resumen (what make/cargo will charge, best
 * automatic promotion applied), POST /eventos/{id}/cotizar (the same for a selection not yet
 * held), the sale's calls under /pagos (ventaRoutes), the tickets e-mail resends under /correos
 * (reenvio.routes.ts) and, at the site root, the gateway's webhook. Uses the gateway ('pagos'),
 * the availability publisher ('reservas') and the mailer ('correo').
 */
export const ventasModule: RouteModule = {
  name: 'ventas',
  dependencies: ['pagos', 'reservas', 'correo'],
  siteRoutes: pagosWebhookPlugin,
  plugin: async (app) => {
    app.get(
      '/eventos/:id/reservas/:reservaId/resumen',
      {
        schema: {
          tags: ['pagos'],
          summary: 'Totales de una reserva como se cobrarán',
          params: z.object({ id: idParamSchema, reservaId: reservaIdSchema }),
          response: { 200: resumenReservaSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return resumenReserva(app.db, request.params.id, request.params.reservaId, await callerOf(request), app.config.pagosDiferidos);
      },
    );
    app.post(
      '/eventos/:id/cotizar',
      {
        schema: {
          tags: ['pagos'],
          summary: 'Totales de una selección antes de reservarla (mismo cálculo que resumen)',
          params: z.object({ id: idParamSchema }),
          body: cotizarSchema,
          response: { 200: cotizacionSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return cotizar(app.db, request.params.id, request.body);
      },
    );
    await app.register(ventaRoutes, { prefix: '/pagos' });
    await app.register(reenvioRoutes(ventaDeps(app)), { prefix: '/correos' });
  },
};
