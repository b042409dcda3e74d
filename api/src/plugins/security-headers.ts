import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * The payment provider (Openpay): openpay.js and its device-data collector come from js. and
 * resources.openpay.mx (script, iframe, beacons); the browser tokenises cards against its API.
 * Its 3-D Secure pages are top-level redirects, which the CSP does not govern.
 */
export const PAYMENT_ORIGINS = [
  'https://js.openpay.mx',
  'https://resources.openpay.mx',
  'https://sandbox-api.openpay.mx',
  'https://api.openpay.mx',
] as const;

/** Where a developer's remote dev server runs when overrides are allowed (never in production). */
export const DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

export interface SecurityHeadersOptions {
  /** Origins remotes are served from besides our own (a CDN), from REMOTE_ORIGINS. */
  remoteOrigins: string[];
  /** ALLOW_REMOTE_OVERRIDES: lets the browser load remotes from loopback dev servers. */
  allowRemoteOverrides: boolean;
  /** HSTS and upgrade-insecure-requests only where the site is served over HTTPS. */
  production: boolean;
}

/** The storefront's Content-Security-Policy directives (helmet syntax). */
export function cspDirectives(opts: SecurityHeadersOptions): Record<string, string[] | null> {
  const remotes = [...opts.remoteOrigins, ...(opts.allowRemoteOverrides ? DEV_OVERRIDE_ORIGINS : [])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes, ...PAYMENT_ORIGINS],
    // React's style props go through the CSSOM, which style-src does not govern; no <style> elements.
    styleSrc: ["'self'", ...remotes],
    imgSrc: ["'self'", 'data:', ...remotes, ...PAYMENT_ORIGINS],
    fontSrc: ["'self'", ...remotes],
    connectSrc: ["'self'", ...remotes, ...PAYMENT_ORIGINS],
    frameSrc: [...PAYMENT_ORIGINS],
    formAction: ["'self'", ...PAYMENT_ORIGINS],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    scriptSrcAttr: ["'none'"],
    upgradeInsecureRequests: opts.production ? [] : null,
  };
}

/** helmet on every response: strict CSP, no framing, nosniff, a referrer policy. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) },
      // Openpay's scripts and the remote origin are cross-origin without CORP headers.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
