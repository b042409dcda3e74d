import type { FastifyServerOptions } from 'fastify';

/**
 * pino options: passwords, tokens and card data never reach a log line. Headers and bodies
 * are not logged by default; the redaction is the second belt. URLs can carry tokens
 * (verification / reset links), so long opaque path segments are masked.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers["x-reserva-token"]',
  '*.password',
  '*.newPassword',
  '*.actualPassword',
  '*.token',
  '*.card_number',
  '*.cvv2',
  '*.cvv',
  '*.tarjeta',
  '*.source_id',
  '*.device_session_id',
  'body.password',
  'body.token',
];

export function maskUrl(url: string): string {
  return url.replace(/\/[A-Za-z0-9_\-.]{24,}(?=[/?#]|$)/g, '/[redacted]').replace(/([?&](?:token|code|apiKey)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { method: req.method, url: maskUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
