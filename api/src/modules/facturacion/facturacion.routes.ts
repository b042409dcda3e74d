import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema, idParamSchema } from '@taquilla/shared/schemas/common';
import { compraFacturableSchema, comprasFacturablesSchema, facturaEmitidaSchema, solicitarFacturaSchema } from '@taquilla/shared/schemas/facturas';
import { reservaIdSchema } from '@taquilla/shared/schemas/reservas';
import { publicUrlFor } from '../../mail/public-url';
import { registerRateLimit } from '../../plugins/rate-limit';
import { ipLimit } from '../auth/auth.limits';
import { requireVerifiedUser } from '../auth/auth.guard';
import type { RouteModule } from '../types';
import { archivoFactura, estadoFactura, facturasDeEvento, solicitarFactura, type FacturacionDeps, type Propietario } from './facturacion.service';
import { LocalPac } from './local-pac';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};
const tags = ['facturas'];
const formatoSchema = z.enum(['xml', 'pdf'], { error: 'El formato debe ser xml o pdf.' });
const invitadoParams = z.object({ invitadoId: z.uuid({ error: 'El invitado no es válido.' }), reservaId: reservaIdSchema });

const usuario = (request: FastifyRequest): Propietario => ({ usuarioId: request.user!.id, email: request.user!.email.toLowerCase() });

async function enviarArchivo(reply: FastifyReply, archivo: { uuid: string; contenido: string | Buffer }, formato: 'xml' | 'pdf') {
  reply
    .header('content-type', formato === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="factura-${archivo.uuid}.${formato}"`);
  return reply.send(archivo.contenido);
}

/**
 * Facturas (CFDI 4.0 on request), all under /facturas: the signed-in buyer's purchases
 * (/compras/{reservaId}, and /eventos/{id} for Mis compras), and a guest's through the ids the
 * tickets e-mail's link carries (/invitado/{invitadoId}/{reservaId}). Each answer, file
 * downloads included, is about the caller's own purchase (else 404) and never cached.
 */
export const facturacionModule: RouteModule = {
  name: 'facturacion',
  dependencies: ['correo'],
  prefix: '/facturas',
  plugin: async (app) => {
    await registerRateLimit(app, app.config.rateLimit);
    const config = app.config.facturacion;
    // Stamping costs a PAC call: per client IP, on top of "one invoice per purchase".
    const perIp = ipLimit({ max: config.solicitudesPorIp, windowMs: 10 * 60_000 });
    const provider = config.proveedor === 'local' ? new LocalPac() : null;
    const mailer = app.mailer;
    const deps = (request: FastifyRequest): FacturacionDeps => ({
      db: app.db,
      config,
      provider,
      mailer,
      publicUrl: publicUrlFor(request, app.config.publicUrl),
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // The signed-in buyer (a verified session; 401 before any validation).
    await app.register(async (cuenta) => {
      cuenta.addHook('preValidation', requireVerifiedUser);
      cuenta.get(
        '/eventos/:id',
        {
          schema: {
            tags,
            summary: 'Compras del comprador para un evento y sus facturas',
            params: z.object({ id: idParamSchema }),
            response: { 200: comprasFacturablesSchema, ...errors },
          },
        },
        async (request) => facturasDeEvento(deps(request), (request.params as { id: number }).id, usuario(request)),
      );
      cuenta.get(
        '/compras/:reservaId',
        {
          schema: {
            tags,
            summary: 'Una compra del comprador y su factura',
            params: z.object({ reservaId: reservaIdSchema }),
            response: { 200: compraFacturableSchema, ...errors },
          },
        },
        async (request) => estadoFactura(deps(request), (request.params as { reservaId: string }).reservaId, usuario(request)),
      );
      cuenta.post(
        '/compras/:reservaId',
        {
          config: perIp,
          schema: {
            tags,
            summary: 'Pedir la factura (CFDI 4.0) de una compra',
            params: z.object({ reservaId: reservaIdSchema }),
            body: solicitarFacturaSchema,
            response: { 200: facturaEmitidaSchema, ...errors },
          },
        },
        async (request) =>
          solicitarFactura(
            deps(request),
            (request.params as { reservaId: string }).reservaId,
            usuario(request),
            request.body as z.infer<typeof solicitarFacturaSchema>,
          ),
      );
      cuenta.get(
        '/compras/:reservaId/:formato',
        {
          schema: {
            tags,
            summary: 'Descargar el XML o el PDF de la factura',
            params: z.object({ reservaId: reservaIdSchema, formato: formatoSchema }),
            response: errors,
          },
        },
        async (request, reply) => {
          const { reservaId, formato } = request.params as { reservaId: string; formato: 'xml' | 'pdf' };
          return enviarArchivo(reply, await archivoFactura(deps(request), reservaId, usuario(request), formato), formato);
        },
      );
    });

    // A guest, with the ids of the tickets e-mail's link (the same capability the resend uses).
    const invitado = (p: { invitadoId: string }): Propietario => ({ invitadoId: p.invitadoId });
    app.get(
      '/invitado/:invitadoId/:reservaId',
      { schema: { tags, summary: 'La compra de un invitado y su factura', params: invitadoParams, response: { 200: compraFacturableSchema, ...errors } } },
      async (request) => {
        const params = request.params as z.infer<typeof invitadoParams>;
        return estadoFactura(deps(request), params.reservaId, invitado(params));
      },
    );
    app.post(
      '/invitado/:invitadoId/:reservaId',
      {
        config: perIp,
        schema: {
          tags,
          summary: 'Pedir la factura de la compra de un invitado',
          params: invitadoParams,
          body: solicitarFacturaSchema,
          response: { 200: facturaEmitidaSchema, ...errors },
        },
      },
      async (request) => {
        const params = request.params as z.infer<typeof invitadoParams>;
        return solicitarFactura(deps(request), params.reservaId, invitado(params), request.body as z.infer<typeof solicitarFacturaSchema>);
      },
    );
    app.get(
      '/invitado/:invitadoId/:reservaId/:formato',
      {
        schema: {
          tags,
          summary: 'Descargar el XML o el PDF de la factura de un invitado',
          params: invitadoParams.extend({ formato: formatoSchema }),
          response: errors,
        },
      },
      async (request, reply) => {
        const params = request.params as z.infer<typeof invitadoParams> & { formato: 'xml' | 'pdf' };
        return enviarArchivo(reply, await archivoFactura(deps(request), params.reservaId, invitado(params), params.formato), params.formato);
      },
    );
  },
};
