import type { FastifyServerOptions } from 'fastify';

/**
 * pino options: passwords, tokens, card data and e-mail addresses never reach a log line.
 * Headers and bodies are not logged by default; the redaction is the second belt. URLs can
 * carry tokens (verification / reset links), so long opaque path segments are masked, and
 * addresses (`/correos/forgot-password/<correo>`, `/sold-tickets-email/<correo>/…`), so any
 * e-mail in a URL is replaced by `[correo]`.
 */
const REDACT_PATHS = [
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

/** A piece of a URL between two of / ? # & =: a path segment, a query name or value. */
const URL_PIECE = /[^/?#&=]+/g;
/** An @ with something on both sides, as it is, escaped (%40) or escaped twice (%2540). */
const AT_SIGN = /.(?:@|%40|%2540)./i;

/**
 * A URL as logged: every piece that holds an e-mail address (escaped or not, a list of them
 * too) becomes `[correo]`, long opaque segments and token parameters `[redacted]`. Piece by
 * piece, so its time grows with the URL's length, whatever the URL holds.
 */
export function maskUrl(url: string): string {
  return url
    .replace(URL_PIECE, (piece) => (AT_SIGN.test(piece) ? '[correo]' : piece))
    .replace(/\/[A-Za-z0-9_\-.]{24,}(?=[/?#]|$)/g, '/[redacted]')
    .replace(/([?&](?:token|code|apiKey)=)[^&#]*/gi, '$1[redacted]');
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
