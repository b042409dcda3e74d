import type { FastifyRequest } from 'fastify';

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Origin of the storefront for links in e-mails and /config.json: PUBLIC_URL when set
 * (production refuses to start without it). Otherwise the request's own origin, but only when
 * it names this machine: the Host header is chosen by whoever sends the request, and a reset
 * link must never point at a host we do not own. Any other Host gets `http://localhost:<port>`.
 */
export function publicUrlFor(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  if (LOOPBACK_HOSTNAMES.has(request.hostname.toLowerCase()) && (request.protocol === 'http' || request.protocol === 'https')) {
    return `${request.protocol}://${request.host}`;
  }
  return `http://localhost:${request.server.config.port}`;
}
