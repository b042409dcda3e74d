import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings of the client's Accept-Encoding we have copies for, best first. */
export function acceptedCopies(header: string | string[] | undefined): { encoding: 'br' | 'gzip'; suffix: string }[] {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return [
    ...(accepted.has('br') ? [{ encoding: 'br' as const, suffix: '.br' }] : []),
    ...(accepted.has('gzip') ? [{ encoding: 'gzip' as const, suffix: '.gz' }] : []),
  ];
}

/**
 * One answer compressed once, to be sent to many: the plain bytes, brotli and gzip copies and a
 * weak ETag of the plain bytes (the same in every process for the same content).
 */
export interface Precompressed {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * Brotli at quality 7 and gzip at level 9, on libuv's thread pool (the event loop keeps
 * serving): made once per change, not once per request, so smaller copies are worth a few
 * milliseconds more (~50 ms for a 5,400-seat section; the per-request compression of
 * compression.ts stays at quality 4; quality 11 would take seconds).
 */
export async function precompress(text: string, etagPrefix = ''): Promise<Precompressed> {
  const plain = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotliAsync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 7, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    gzipAsync(plain, { level: 9 }),
  ]);
  return { plain, br, gzip: gz, etag: `W/"${etagPrefix}${createHash('sha1').update(plain).digest('base64url').slice(0, 22)}"` };
}

/**
 * Sends the copy the client accepts (brotli, else gzip, else plain) with its ETag and
 * Vary: Accept-Encoding; a matching If-None-Match gets 304 (compression.ts's @fastify/etag does
 * that with the header set here, and @fastify/compress leaves an encoded body alone).
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, copy: Precompressed, type: string): FastifyReply {
  const [best] = acceptedCopies(request.headers['accept-encoding']);
  reply.header('etag', copy.etag).header('vary', 'Accept-Encoding').type(type);
  if (request.headers['if-none-match'] === copy.etag) return reply.code(304).send();
  if (best) reply.header('content-encoding', best.encoding);
  return reply.send(best ? copy[best.encoding] : copy.plain);
}
