import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Every answer carries a weak ETag (a repeat GET with If-None-Match gets 304 and no body) and
 * is compressed with brotli or gzip when the client accepts it and it is over 1 KB. The ETag is
 * computed on the uncompressed body (its hook runs first), so it is the same whatever the
 * encoding. Brotli at quality 4: the default 11 costs ~100× the CPU for a few % fewer bytes on
 * a 560 KB seat map. Hijacked replies (the SSE stream) bypass both.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(etag, { weak: true });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
