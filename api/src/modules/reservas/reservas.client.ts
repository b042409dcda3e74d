import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The request header that carries a browser's hold token: an opaque random value the API hands
 * out with the first hold (answer field `tokenReserva`) and the browser sends with every later
 * hold. Only a hold made with the same token replaces a guest's live hold (decision 0018).
 */
const HOLD_TOKEN_HEADER = 'x-reserva-token';

/** A token as the API issues them (32 random bytes, base64url), or one a client made as strong. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{32,128}$/;

/** Who makes a hold: the client's address and its hold token (the token's hash is what is stored). */
export interface HoldClient {
  /** The token the answer hands back: the one the request carried, or a new one. */
  token: string;
  /** `clientAddress(request.ip)`. */
  ip: string;
  /** SHA-256 of the token, base64url: the browser's identity in the database. */
  dispositivo: string;
}

/**
 * The address limits count: `request.ip` (the buyer's address behind TRUST_PROXY), an
 * IPv4-mapped IPv6 address as its IPv4, and any other IPv6 address as its /64 — one subscriber
 * usually gets a whole /64 and could otherwise take a new address for every hold. Anything that
 * is not an IP (a malformed X-Forwarded-For behind a trusted proxy) is counted as it is.
 */
export function clientAddress(ip: string): string {
  if (!isIP(ip.split('%')[0]!)) return ip.slice(0, 100);
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/64`).toString()}/64`;
}

/** The request's hold token when it is well formed; otherwise a new one (a first hold, or a token that is not ours). */
function holdToken(request: FastifyRequest): string {
  const sent = request.headers[HOLD_TOKEN_HEADER];
  return typeof sent === 'string' && TOKEN_FORMAT.test(sent) ? sent : randomBytes(32).toString('base64url');
}

export function holdClient(request: FastifyRequest): HoldClient {
  const token = holdToken(request);
  return { token, ip: clientAddress(request.ip), dispositivo: createHash('sha256').update(token).digest('base64url') };
}
