import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * GET and HEAD answers carry a weak ETag (a repeat GET with If-None-Match gets 304 and no body);
 * every answer is compressed with brotli or gzip when the client accepts it and it is over 1 KB.
 * The ETag is computed on the uncompressed body (its hook runs first), so it is the same whatever
 * the encoding. Brotli at quality 4: the default 11 costs ~100× the CPU for a few % fewer bytes on
 * a 560 KB seat map. Hijacked replies (the SSE stream) bypass both.
 */
export const compressionPlugin = fp(
  async (app) => {
    // @fastify/etag compares If-None-Match with the answer about to be sent, after the route ran:
    // on a POST that is after the action (an idempotent cancel repeated with the first answer's
    // tag would get 304 and no body). Other methods ignore the header (RFC 9110 §13.2.1: our
    // POST routes are actions, not representations) and their answers carry no ETag.
    const conditional = (method: string) => method === 'GET' || method === 'HEAD';
    app.addHook('onRequest', async (request) => {
      if (!conditional(request.method)) delete request.headers['if-none-match'];
    });
    await app.register(etag, { weak: true });
    app.addHook('onSend', async (request, reply) => {
      if (!conditional(request.method)) reply.removeHeader('etag');
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
