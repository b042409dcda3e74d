import type { FastifyRequest } from 'fastify';

/**
 * Origin of the storefront for links in e-mails: PUBLIC_URL when set (set it in production —
 * a request's Host header is chosen by whoever sends the request), else this request's origin
 * (the API serves the storefront on the same origin).
 */
export function publicUrlFor(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  return `${request.protocol}://${request.host}`;
}
