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
  webhookSchema,
} from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { reservaIdSchema } from '@taquilla/shared/schemas/reservas';
import { readMailConfig } from '../../mail/config';
import { Mailer } from '../../mail/mailer';
import { publicUrlFor } from '../../mail/public-url';
import { requireVerifiedUser } from '../auth/auth.guard';
import { createPaymentGateway } from '../pagos/gateway/gateway.factory';
import type { PaymentGateway } from '../pagos/gateway/gateway.types';
import { disponibilidadPublisher } from '../reservas/disponibilidad.notify';
import { passForCharge } from '../sala-espera/sala-espera.routes';
import type { RouteModule } from '../types';
import { callerOf } from './ventas.access';
import { reenvioRoutes } from './reenvio.routes';
import { aplicarPromo, checkCargo, cotizar, makeCargo, resumenReserva, webhook, type Caller, type VentaDeps } from './ventas.service';
import { makeReferencia, referenciaPdfDe, startAvisoVencidas } from './ventas.referencia';
import { readPagosDiferidosConfig } from '../pagos/pagos.config';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };
const chargeIdSchema = z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, pagoMessages.CHARGE_INVALID);

/** 3-D Secure on every charge when PAGOS_USE_3DS=1 (the sandbox's 3DS test card asks for it regardless). */
export function use3dsFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PAGOS_USE_3DS === '1' || env.PAGOS_USE_3DS === 'true';
}

/**
 * The sale (spec §7 "Payments": make/cargo, check/cargo, aplicar-promo) plus the gateway's
 * webhook, mounted inside the pagos plugin so a GatewayError answers with its Spanish message.
 */
export async function ventaRoutes(app: FastifyInstance, opts: { gateway: PaymentGateway | null; sandboxPublicUrl: string | undefined }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ventaDeps(app, opts.gateway, opts.sandboxPublicUrl);
  // Checkout of a queued event needs the browser's waiting-room pass (decision 0031).
  const pase = passForCharge(app);
  // Buyers whose cash/SPEI reference expired unpaid are told so, once (its own mailer: enqueue only).
  const avisos = new Mailer(app.db, readMailConfig(), app.log);
  const stopAvisos = startAvisoVencidas(app.db, avisos, readPagosDiferidosConfig(), app.log);
  app.addHook('onClose', async () => {
    stopAvisos();
    await avisos.close();
  });

  r.post(
    '/make/cargo',
    { preHandler: [requireVerifiedUser, pase], schema: { tags: ['pagos'], summary: 'Pagar una reserva (comprador con sesión)', body: makeCargoSchema, response: { 200: makeCargoResponseSchema, ...errors } } },
    async (request) => makeCargo(deps(request), request.body, { user: request.user! }),
  );

  r.post(
    '/make/cargo_invitado',
    { preHandler: pase, schema: { tags: ['pagos'], summary: 'Pagar una reserva de invitado', body: makeCargoSchema, response: { 200: makeCargoResponseSchema, ...errors } } },
    async (request) => makeCargo(deps(request), { ...request.body, usuarioOpenpayId: null, guardarTarjeta: false }, {}),
  );

  r.post(
    '/check/cargo/:chargeId',
    {
      preHandler: requireVerifiedUser,
      schema: { tags: ['pagos'], summary: 'Estado de un cargo (tras 3-D Secure); vende si está pagado', params: z.object({ chargeId: chargeIdSchema }), body: checkCargoSchema, response: { 200: checkCargoResponseSchema, ...errors } },
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

  // Cash at a store ('Pago en efectivo') and SPEI: a reference to pay by its deadline (ventas.referencia.ts).
  r.post(
    '/make/referencia',
    { preHandler: requireVerifiedUser, schema: { tags: ['pagos'], summary: 'Referencia de pago en efectivo o SPEI (comprador con sesión)', body: makeReferenciaSchema, response: { 200: makeReferenciaResponseSchema, ...errors } } },
    async (request) => makeReferencia(deps(request), request.body, { user: request.user! }),
  );
  r.post(
    '/make/referencia_invitado',
    { schema: { tags: ['pagos'], summary: 'Referencia de pago en efectivo o SPEI de un invitado', body: makeReferenciaSchema, response: { 200: makeReferenciaResponseSchema, ...errors } } },
    async (request) => makeReferencia(deps(request), request.body, {}),
  );
  r.get(
    '/referencia/:reservaId/pdf',
    { schema: { tags: ['pagos'], summary: 'La referencia de pago de la reserva, en PDF', params: z.object({ reservaId: reservaIdSchema }) } },
    async (request, reply) => {
      const { pdf, filename } = await referenciaPdfDe(app.db, request.params.reservaId, await callerOf(request));
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(Buffer.from(pdf));
    },
  );

  r.post(
    '/aplicar-promo',
    { schema: { tags: ['pagos'], summary: 'Totales de la reserva con un código de descuento', body: aplicarPromoSchema, response: { 200: aplicarPromoResponseSchema, ...errors } } },
    async (request) => aplicarPromo(app.db, request.body, await callerOf(request)),
  );
}

/** What each sale call needs, per request (the storefront's origin comes from the request when PUBLIC_URL is unset). */
export function ventaDeps(app: FastifyInstance, gateway: PaymentGateway | null, sandboxPublicUrl: string | undefined): (request: FastifyRequest) => VentaDeps {
  // Only enqueues and hands over; the accounts module's worker retries what is still pending.
  const mailer = new Mailer(app.db, readMailConfig(), app.log);
  app.addHook('onClose', async () => mailer.close());
  const diferidos = readPagosDiferidosConfig();
  return (request) => ({
    diferidos,
    db: app.db,
    gateway,
    publisher: disponibilidadPublisher(app.db),
    use3ds: use3dsFromEnv(),
    publicUrl: publicUrlFor(request, app.config.publicUrl),
    apiOrigin: publicUrlFor(request, sandboxPublicUrl),
    mailer,
  });
}

/**
 * POST /webhooks/pagos — the gateway's notification, at the site root: a gateway cannot send
 * our API key. Only a charge id we already know is acted on, and its state is re-fetched from
 * the gateway, so a forged call can do no more than a check. 503 asks the gateway to retry.
 */
export const pagosWebhookPlugin: FastifyPluginAsync = async (app) => {
  const config = app.config.pagos;
  const deps = ventaDeps(app, createPaymentGateway(config, app.db, app.log), config.proveedor === 'sandbox' ? config.publicUrl : undefined);
  app.withTypeProvider<ZodTypeProvider>().post(
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
 * GET /eventos/{id}/reservas/{reservaId}/resumen (what make/cargo will charge, best automatic
 * promotion applied), POST /eventos/{id}/cotizar (the same for a selection not yet held) and the tickets e-mail resends under /correos (reenvio.routes.ts).
 */
export const ventasModule: RouteModule = {
  name: 'ventas',
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
        return resumenReserva(app.db, request.params.id, request.params.reservaId, await callerOf(request));
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
    await app.register(reenvioRoutes(ventaDeps(app, null, undefined)), { prefix: '/correos' });
  },
};
