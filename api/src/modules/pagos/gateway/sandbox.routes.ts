import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { errorHandler } from '../../../plugins/error-handler';
import { GatewayError, type OpenpayErrorBody } from './gateway.errors';
import { bankMessagePage, bankPage, referencePage, referenceSearchPage } from './sandbox.bank-page';
import { barcodePng } from '../../ventas/referencia.documento';
import { SANDBOX_BROWSER_SCRIPT } from './sandbox.script';
import { SANDBOX_MERCHANT_ID, SANDBOX_PATHS, SANDBOX_PUBLIC_KEY, SandboxGateway } from './sandbox.gateway';

/** Where the bank page returns the browser: the charge's redirect_url with ?id=<charge>. */
function returnUrl(redirectUrl: string, chargeId: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('id', chargeId);
  return url.href;
}

function openpayError(reply: FastifyReply, error: GatewayError, requestId: string): FastifyReply {
  const status = error.httpStatus ?? 500;
  const body: OpenpayErrorBody = {
    category: status >= 500 ? 'internal' : 'request',
    description: error.description || error.message,
    http_code: status,
    error_code: error.errorCode ?? 1000,
    request_id: requestId,
  };
  return reply.status(status).send(body);
}

function publicKeyOf(authorization: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match) return null;
  return Buffer.from(match[1]!, 'base64').toString('utf8').replace(/:$/, '');
}

/**
 * The sandbox's browser-facing side, at the site root outside /api/v1 (no API key: it stands
 * in for Openpay's own servers): the OpenPay.js twin, the token endpoint it posts cards to, and
 * the 3-D Secure bank page. Registered only while the sandbox is the gateway, never in
 * production. Card data reaches only the token endpoint, which keeps the last four digits;
 * request bodies are never logged.
 */
export const sandboxBrowserPlugin: FastifyPluginAsync = async (app) => {
  const { gateway } = app.pagos;
  if (!(gateway instanceof SandboxGateway)) return;

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });

    // The sandbox's own refusals answer as Openpay's do (OpenPay.js reads error_code); anything
    // else (a refused character, a body that is not JSON, a database failure) goes to the one
    // error handler, as on every other route.
    scope.setErrorHandler(function (error: FastifyError, request, reply) {
      if (error instanceof GatewayError) return openpayError(reply, error, request.id);
      return errorHandler.call(this, error, request, reply);
    });

    scope.get(SANDBOX_PATHS.script, async (_request, reply) =>
      reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_BROWSER_SCRIPT),
    );

    scope.post<{ Params: { merchantId: string } }>('/sandbox/v1/:merchantId/tokens', { bodyLimit: 4096 }, async (request, reply) => {
      if (request.params.merchantId !== SANDBOX_MERCHANT_ID || publicKeyOf(request.headers.authorization) !== SANDBOX_PUBLIC_KEY) {
        throw new GatewayError(1002);
      }
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new GatewayError(1001);
      return reply.status(201).send(await gateway.createToken(body));
    });

    scope.get<{ Params: { chargeId: string } }>('/sandbox/3ds/:chargeId', async (request, reply) => {
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      let state: Awaited<ReturnType<typeof gateway.threeDsState>>;
      try {
        state = await gateway.threeDsState(request.params.chargeId);
      } catch (err) {
        if (err instanceof GatewayError && err.errorCode === 1005) {
          return reply.status(404).send(bankMessagePage('Cargo no encontrado', 'El cargo que intentas autorizar no existe.'));
        }
        throw err;
      }
      const { charge, redirectUrl } = state;
      if (charge.status !== 'charge_pending') {
        return reply.send(bankMessagePage('Pago ya procesado', 'Este pago ya fue autorizado o rechazado.', { href: returnUrl(redirectUrl, charge.id), label: 'Volver a la tienda' }));
      }
      // The form's 303 goes on to the shop's return page, which form-action must allow too.
      reply.header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(redirectUrl).origin}; frame-ancestors 'none'`);
      return reply.send(bankPage(charge, SANDBOX_PATHS.bankPage(charge.id)));
    });

    // Cash references and SPEI transfers: the tester's till / bank app.
    const html = (reply: FastifyReply) => reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const lookup = async (key: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(key) ? gateway.referenceState(key) : null);

    scope.get<{ Querystring: { referencia?: string } }>('/sandbox/pagos', async (request, reply) => {
      const key = String(request.query.referencia ?? '').replace(/\s/g, '');
      if (key) {
        const charge = await lookup(key);
        if (charge) return reply.redirect(SANDBOX_PATHS.referencePage(charge.id), 303);
      }
      return html(reply).status(key ? 404 : 200).send(referenceSearchPage('/sandbox/pagos', Boolean(key)));
    });

    scope.get<{ Params: { chargeId: string } }>('/sandbox/pagos/:chargeId', async (request, reply) => {
      const charge = await lookup(request.params.chargeId);
      if (!charge) return html(reply).status(404).send(bankMessagePage('Referencia no encontrada', 'La referencia que buscas no existe.'));
      return html(reply).send(referencePage(charge, SANDBOX_PATHS.referencePage(charge.id)));
    });

    scope.post<{ Params: { chargeId: string }; Body: { accion?: unknown } }>('/sandbox/pagos/:chargeId', async (request, reply) => {
      const accion = request.body?.accion;
      if (accion !== 'pagar' && accion !== 'vencer') return html(reply).status(400).send(bankMessagePage('Solicitud inválida', 'Elige pagar o dejar vencer.'));
      const found = await lookup(request.params.chargeId);
      if (!found) return html(reply).status(404).send(bankMessagePage('Referencia no encontrada', 'La referencia que buscas no existe.'));
      const charge = accion === 'pagar' ? await gateway.payReference(found.id) : await gateway.expireReference(found.id);
      // The notification Openpay sends for the outcome, to the shop's own webhook route.
      const type = charge.status === 'completed' ? 'charge.succeeded' : 'charge.cancelled';
      const hook = await app.inject({ method: 'POST', url: '/webhooks/pagos', payload: { type, event_date: new Date().toISOString(), transaction: { id: charge.id, status: charge.status, method: charge.method } } });
      if (hook.statusCode >= 300) request.log.warn({ status: hook.statusCode }, 'sandbox: el webhook no se aceptó');
      const pagado = charge.status === 'completed';
      return html(reply).send(
        bankMessagePage(
          pagado ? 'Pago recibido' : charge.status === 'cancelled' ? 'Referencia vencida' : 'Sin cambios',
          pagado ? 'La tienda recibió el aviso del pago (charge.succeeded).' : charge.status === 'cancelled' ? 'La tienda recibió el aviso de vencimiento (charge.cancelled).' : 'La referencia ya no estaba pendiente.',
          { href: SANDBOX_PATHS.referencePage(charge.id), label: 'Ver la referencia' },
        ),
      );
    });

    scope.get<{ Params: { reference: string } }>('/sandbox/codigo/:reference', async (request, reply) => {
      const match = /^(\d{6,30})\.png$/.exec(request.params.reference);
      if (!match) return reply.status(404).send();
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(await barcodePng(match[1]!));
    });

    scope.post<{ Params: { chargeId: string }; Body: { accion?: unknown } }>('/sandbox/3ds/:chargeId', async (request, reply) => {
      const accion = request.body?.accion;
      if (accion !== 'autorizar' && accion !== 'rechazar') {
        return reply.status(400).header('content-type', 'text/html; charset=utf-8').send(bankMessagePage('Solicitud inválida', 'Elige Autorizar o Rechazar.'));
      }
      try {
        const { charge, redirectUrl } = await gateway.completeThreeDs(request.params.chargeId, accion === 'autorizar');
        return reply.redirect(returnUrl(redirectUrl, charge.id), 303);
      } catch (err) {
        if (err instanceof GatewayError && err.errorCode === 1005) {
          return reply.status(404).header('content-type', 'text/html; charset=utf-8').send(bankMessagePage('Cargo no encontrado', 'El cargo que intentas autorizar no existe.'));
        }
        throw err;
      }
    });
  });
};
