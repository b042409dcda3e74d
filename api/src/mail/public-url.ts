import type { FastifyRequest } from 'fastify';

/**
 * A Host header that names this machine: a loopback name and an optional port, nothing else.
 * Anything more (`localhost:1@evil.example`, `localhost/x`, `http://localhost`, `localhost:1:2`)
 * does not match, so no part of the header other than the name and the port is ever used.
 */
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/i;

/**
 * The origin of a request that names this machine, rebuilt from its parsed name and port; null
 * for any other Host (another name, a user-info part, a path, a scheme, a port out of range).
 */
function loopbackOrigin(protocol: string, host: string): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null;
  const match = LOOPBACK_HOST.exec(host);
  if (!match) return null;
  const hostname = match[1]!.toLowerCase();
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  return `${protocol}://${hostname}${port === undefined ? '' : `:${port}`}`;
}

/**
 * Origin of the storefront for links in e-mails, /config.json and the 3-D Secure return: PUBLIC_URL
 * when set (production refuses to start without it). Otherwise the request's own origin, but
 * only when its Host names this machine (the header is chosen by whoever sends the request, and
 * a reset link must never point at a host we do not own). Any other Host gets
 * `http://localhost:<PORT>`.
 */
export function publicUrlFor(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  return loopbackOrigin(request.protocol, request.host) ?? `http://localhost:${request.server.config.port}`;
}
