import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { posterSvg } from '../seed/svg-kit';

const color = z.string().regex(/^[0-9a-fA-F]{6}$/, 'color hexadecimal de 6 dígitos sin #');
const posterQuery = z.object({
  t: z.string().trim().min(1).max(60),
  s: z.string().trim().max(80).default(''),
  a: color.default('7c3aed'),
  b: color.default('db2777'),
});

/**
 * Generated event artwork: `/media/poster.svg?t=<title>&s=<subtitle>&a=<hex>&b=<hex>`.
 * Public (an <img> cannot send the API key), stateless and cacheable, so listings carry a
 * short URL instead of image bytes.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/poster.svg',
    { schema: { tags: ['medios'], summary: 'Imagen generada de un evento', querystring: posterQuery } },
    async (request, reply) => {
      const { t, s, a, b } = request.query;
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(posterSvg(t, s, [`#${a}`, `#${b}`]));
    },
  );
}

export function posterUrl(title: string, subtitle: string, a: string, b: string): string {
  const q = new URLSearchParams({ t: title, s: subtitle, a: a.replace('#', ''), b: b.replace('#', '') });
  return `/media/poster.svg?${q.toString()}`;
}
