import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@taquilla/shared/schemas/common';
import { DomainError } from '../lib/errors';
import { findPosterEvento } from '../modules/catalogo/catalogo.repository';
import { posterSvg } from '../seed/svg-kit';

/** Gradient pairs for generated artwork, picked by event id. */
const PALETTE: [string, string][] = [
  ['#7c3aed', '#db2777'],
  ['#b91c1c', '#f59e0b'],
  ['#0369a1', '#4338ca'],
  ['#059669', '#0ea5e9'],
  ['#ea580c', '#7c3aed'],
  ['#15803d', '#854d0e'],
  ['#7f1d1d', '#1f2937'],
  ['#1e40af', '#0891b2'],
];

/** URL template an import file may use for generated artwork; `{id}` becomes the event id. */
export const POSTER_URL_TEMPLATE = '/media/eventos/{id}/poster.svg';

/**
 * Generated event artwork at /media/eventos/:id/poster.svg (artist, venue and city on a
 * gradient). Public — an <img> cannot send the API key — and cacheable, so listings carry a
 * short URL instead of image bytes.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/media/eventos/:id/poster.svg',
      { schema: { tags: ['medios'], summary: 'Imagen generada de un evento', params: z.object({ id: idParamSchema }) } },
      async (request, reply) => {
        const { id } = request.params;
        const row = await findPosterEvento(app.db, id);
        if (!row) throw new DomainError('EVENTO_NO_ENCONTRADO');
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
          .send(posterSvg(row.artista, `${row.recinto} · ${row.ciudad}`, PALETTE[id % PALETTE.length]!));
      },
    );
}
