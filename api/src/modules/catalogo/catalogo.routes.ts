import { z } from 'zod';
import { apiErrorSchema, idParamSchema } from '@taquilla/shared/schemas/common';
import {
  categoriasResponseSchema,
  detalleSeccionResponseSchema,
  eventoDetalleSchema,
  eventosGetAllQuerySchema,
  eventosGetAllResponseSchema,
  filasPorSeccionResponseSchema,
} from '@taquilla/shared/schemas/catalogo';
import type { RouteModule } from '../types';
import { CatalogoCache } from './catalogo.cache';
import { sendPrecompressed } from '../../lib/precompressed';
import { getCategorias, getDetalleSeccion, getEventoDetalle, getEventosWeb, listadoValidUntil } from './catalogo.service';
import { catalogoServices } from './catalogo.signal';
import { SeccionSnapshots } from './seccion-snapshots';

/** The seat snapshot's caching: shared caches (a CDN) may keep it 2 s; a changed one gets a new ETag. */
const SNAPSHOT_CACHE_CONTROL = 'public, max-age=2';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const eventoParams = z.object({ id: idParamSchema });

/**
 * Catalogue reads (spec section 7, "Events"): thin handlers, logic in ./catalogo.service. Each
 * answer is serialised by its declared response schema. The listing is served from this
 * process's CatalogoCache (the home page's hot read, dropped on any catalogue change); a
 * section's seats from a versioned snapshot compressed once (SeccionSnapshots, brought up to
 * date by the availability stream's deltas); the other reads that carry seat or place state go
 * to the database every time.
 */
export const catalogoModule: RouteModule = {
  name: 'catalogo',
  services: catalogoServices,
  dependencies: ['catalogo', 'reservas'],
  plugin: async (app) => {
    const catalogo = app.catalogo;
    const listado = new CatalogoCache(catalogo, () => getEventosWeb(app.db), listadoValidUntil);
    app.addHook('onClose', async () => listado.close());
    // Each copy's answer, made once by the route's own response serializer (the
    // declared schema, validated outside production) and then sent as text to every request.
    const listadoText = new WeakMap<object, string>();
    const snapshots = new SeccionSnapshots(app.db, app.log, () => app.disponibilidad.hub, catalogo);
    app.addHook('onClose', async () => snapshots.close());

    app.get(
      '/categorias/get_all',
      { schema: { tags: ['catálogo'], summary: 'Categorías de eventos', response: { 200: categoriasResponseSchema, 401: apiErrorSchema } } },
      async () => getCategorias(app.db),
    );

    app.get(
      '/eventos/get_all',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Próximos eventos visibles en la web',
          querystring: eventosGetAllQuerySchema,
          response: { 200: eventosGetAllResponseSchema, ...errors },
        },
      },
      async (_request, reply) => {
        const { value, etag } = await listado.get();
        let text = listadoText.get(value);
        if (text === undefined) listadoText.set(value, (text = reply.getSerializationFunction('200')!(value)));
        // A string with a JSON type is sent as it is: the text above is already this route's answer.
        return reply
          .header('etag', etag)
          .type('application/json; charset=utf-8')
          .send(text as never);
      },
    );

    app.get(
      '/eventos/:id/detalle',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Detalle de un evento con el mapa del recinto',
          params: eventoParams,
          response: { 200: eventoDetalleSchema, ...errors },
        },
      },
      async (request) => getEventoDetalle(app.db, request.params.id),
    );

    app.get(
      '/eventos/:id/detalle_seccion/false/web',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Secciones del evento con precios y disponibilidad por categoría',
          params: eventoParams,
          response: { 200: detalleSeccionResponseSchema, ...errors },
        },
      },
      async (request) => getDetalleSeccion(app.db, request.params.id),
    );

    app.get(
      '/eventos/:id/:seccionId/filas_por_seccion',
      {
        schema: {
          tags: ['catálogo'],
          summary: 'Filas y asientos de una sección con su estado',
          params: z.object({ id: idParamSchema, seccionId: idParamSchema }),
          response: { 200: filasPorSeccionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const snapshot = await snapshots.get(request.params.id, request.params.seccionId, reply.getSerializationFunction('200')!);
        // Shared by every buyer: a CDN may keep it a moment (the live deltas bring it up to date).
        reply.header('cache-control', SNAPSHOT_CACHE_CONTROL);
        return sendPrecompressed(request, reply, snapshot, 'application/json; charset=utf-8');
      },
    );
  },
};
