import formbody from '@fastify/formbody';
import bwipjs from 'bwip-js/node';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { openpayBrowserScript } from './openpay-js';
import { bankMessagePage, bankPage, referencePage, referenceSearchPage } from './pages';
import type { OpenpaySandbox } from './server';

/** Where the bank page returns the browser: the charge's redirect_url with ?id=<charge>. */
function returnUrl(redirectUrl: string, chargeId: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('id', chargeId);
  return url.href;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What Openpay serves browsers, relative to where the sandbox is mounted: OpenPay.js
 * (/openpay.js), the 3-D Secure bank page (/3ds/:id), and the stand-in for a store's till and a
 * bank app (/pagos), which pays a reference or lets it expire and notifies the shop's webhook.
 * Links in the pages are relative to the request's own path, so they work at any mount point.
 */
export function browserPages(
  sandbox: Pick<OpenpaySandbox, 'charges' | 'completeThreeDs' | 'payReference' | 'expireReference' | 'findCharge' | 'notify'>,
): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });
    const html = (reply: FastifyReply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const prefix = scope.prefix;
    const notFound = (reply: FastifyReply, title: string, text: string) => html(reply).status(404).send(bankMessagePage(title, text));

    scope.get('/openpay.js', async (_request, reply) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await openpayBrowserScript()),
    );

    scope.get<{ Params: { chargeId: string } }>('/3ds/:chargeId', async (request, reply) => {
      const charge = ID.test(request.params.chargeId) ? sandbox.charges.get(request.params.chargeId) : undefined;
      if (charge?.method !== 'card') return notFound(reply, 'Cargo no encontrado', 'El cargo que intentas autorizar no existe.');
      const redirectUrl = String(charge.redirect_url);
      if (charge.status !== 'charge_pending') {
        return html(reply).send(
          bankMessagePage('Pago ya procesado', 'Este pago ya fue autorizado o rechazado.', {
            href: returnUrl(redirectUrl, String(charge.id)),
            label: 'Volver a la tienda',
          }),
        );
      }
      // The form's 303 goes on to the shop's return page, which form-action must allow too.
      html(reply).header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(redirectUrl).origin}; frame-ancestors 'none'`,
      );
      return reply.send(bankPage(charge, `${prefix}/3ds/${charge.id}`));
    });

    scope.post<{ Params: { chargeId: string }; Body: { accion?: unknown } | undefined }>('/3ds/:chargeId', async (request, reply) => {
      const accion = request.body?.accion;
      if (accion !== 'autorizar' && accion !== 'rechazar')
        return html(reply).status(400).send(bankMessagePage('Solicitud inválida', 'Elige Autorizar o Rechazar.'));
      const pending = ID.test(request.params.chargeId) ? sandbox.charges.get(request.params.chargeId) : undefined;
      if (pending?.method !== 'card') return notFound(reply, 'Cargo no encontrado', 'El cargo que intentas autorizar no existe.');
      const before = pending.status;
      const charge = sandbox.completeThreeDs(String(pending.id), accion === 'autorizar')!;
      if (before === 'charge_pending') await sandbox.notify(String(charge.id));
      return reply.redirect(returnUrl(String(charge.redirect_url), String(charge.id)), 303);
    });

    // Cash references and SPEI transfers: the tester's till / bank app.
    const lookup = (key: string) => {
      const charge = ID.test(key) ? sandbox.findCharge(key) : undefined;
      return charge && charge.method !== 'card' ? charge : undefined;
    };

    scope.get<{ Querystring: { referencia?: string } }>('/pagos', async (request, reply) => {
      const key = String(request.query.referencia ?? '').replace(/\s/g, '');
      const charge = key ? lookup(key) : undefined;
      if (charge) return reply.redirect(`${prefix}/pagos/${charge.id}`, 303);
      return html(reply)
        .status(key ? 404 : 200)
        .send(referenceSearchPage(`${prefix}/pagos`, Boolean(key)));
    });

    scope.get<{ Params: { chargeId: string } }>('/pagos/:chargeId', async (request, reply) => {
      const charge = lookup(request.params.chargeId);
      if (!charge) return notFound(reply, 'Referencia no encontrada', 'La referencia que buscas no existe.');
      return html(reply).send(referencePage(charge, `${prefix}/pagos/${charge.id}`));
    });

    scope.post<{ Params: { chargeId: string }; Body: { accion?: unknown } | undefined }>('/pagos/:chargeId', async (request, reply) => {
      const accion = request.body?.accion;
      if (accion !== 'pagar' && accion !== 'vencer') return html(reply).status(400).send(bankMessagePage('Solicitud inválida', 'Elige pagar o dejar vencer.'));
      const found = lookup(request.params.chargeId);
      if (!found) return notFound(reply, 'Referencia no encontrada', 'La referencia que buscas no existe.');
      const charge = (accion === 'pagar' ? sandbox.payReference(String(found.id)) : sandbox.expireReference(String(found.id)))!;
      // The notification Openpay sends for the outcome, to the shop's webhook.
      await sandbox.notify(String(charge.id));
      const pagado = charge.status === 'completed';
      const vencido = charge.status === 'cancelled';
      return html(reply).send(
        bankMessagePage(
          pagado ? 'Pago recibido' : vencido ? 'Referencia vencida' : 'Sin cambios',
          pagado
            ? 'La tienda recibió el aviso del pago (charge.succeeded).'
            : vencido
              ? 'La tienda recibió el aviso de vencimiento (charge.cancelled).'
              : 'La referencia ya no estaba pendiente.',
          { href: `${prefix}/pagos/${charge.id}`, label: 'Ver la referencia' },
        ),
      );
    });

    scope.get<{ Params: { reference: string } }>('/codigo/:reference', async (request, reply) => {
      const match = /^(\d{6,30})\.png$/.exec(request.params.reference);
      if (!match) return reply.status(404).send();
      // What Openpay's barcode_url serves: the reference as a Code 128 image.
      const png = await bwipjs.toBuffer({ bcid: 'code128', text: match[1]!, scale: 2, height: 12, includetext: true });
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(png);
    });
  };
}
