import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The payment provider (Openpay): openpay.js and its device-data collector come from js. and
 * resources.openpay.mx (script, iframe, beacons); the browser tokenises cards against its API.
 * Its 3-D Secure pages are top-level redirects, which the CSP does not govern.
 */
export const PAYMENT_ORIGINS = ['https://js.openpay.mx', 'https://resources.openpay.mx', 'https://sandbox-api.openpay.mx', 'https://api.openpay.mx'] as const;

/** Where a developer's remote dev server runs when overrides are allowed (never in production). */
const DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

export interface SecurityHeadersOptions {
  /** Origins remotes are served from besides our own (a CDN), from REMOTE_ORIGINS. */
  remoteOrigins: string[];
  /** ALLOW_REMOTE_OVERRIDES: lets the browser load remotes from loopback dev servers. */
  allowRemoteOverrides: boolean;
  /** HSTS and upgrade-insecure-requests only where the site is served over HTTPS. */
  production: boolean;
  /** Answers under this path are the API's JSON and get API_CSP. */
  apiPrefix: string;
}

/** The storefront's Content-Security-Policy directives (helmet syntax). */
function cspDirectives(opts: SecurityHeadersOptions): Record<string, string[] | null> {
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

/**
 * The API's policy: its answers are JSON, never a document, so nothing may load or frame them
 * (OWASP's REST Security cheat sheet), in ~40 bytes instead of the storefront's ~600.
 */
const API_CSP: Record<string, string[]> = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/**
 * helmet on every response: a strict CSP (the storefront's, or API_CSP under the API prefix),
 * no framing, nosniff, a referrer policy, HSTS in production. helmet's middleware is built once
 * per policy at start; @fastify/helmet rebuilds it (options normalised, every CSP directive
 * parsed and validated) on each request (docs/decisions/0010-api-answers-headers-and-listing-text.md).
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, opts) => {
    const common: HelmetOptions = {
      // Openpay's scripts and the remote origin are cross-origin without CORP headers.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
    };
    const storefront = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) } });
    const api = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: API_CSP } });
    const apiPath = `${opts.apiPrefix}/`;
    app.addHook('onRequest', (request, reply, done) => {
      // helmet 8 throws on a bad header instead of passing it on, so its callback only continues.
      (request.url.startsWith(apiPath) ? api : storefront)(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
