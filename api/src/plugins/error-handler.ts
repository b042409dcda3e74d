import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, ERRORS, PROMO_ERROR_CODES, reasonPhrase, type ErrorCode } from '../lib/errors';
import { databaseFailure } from '../lib/safe-error';
import { POOL_WAIT_TIMEOUT } from '../db/pool';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
  code?: string;
  isPromoError?: true;
}

/** SQLSTATEs that only bad input causes (a character PostgreSQL text cannot hold). */
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P05']);

/** Connection-level database failures: the client may retry, so 503 rather than 500. */
const DATABASE_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);

function body(status: number, message: string | string[], code?: string): ErrorBody {
  return code ? { statusCode: status, error: reasonPhrase(status), message, code } : { statusCode: status, error: reasonPhrase(status), message };
}

/** Fastify's own 4xx errors (parsing, content type, size) → Spanish messages. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON_INVALIDO',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON_INVALIDO',
  FST_ERR_CTP_BODY_TOO_LARGE: 'CUERPO_DEMASIADO_GRANDE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'TIPO_CONTENIDO_NO_SOPORTADO',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'SOLICITUD_INVALIDA',
  FST_ERR_RATE_LIMIT: 'DEMASIADAS_SOLICITUDES',
};

/**
 * True when a validation message is zod's generic locale text ('Demasiado pequeño: …') rather
 * than one a schema wrote for people ('Debes ingresar un correo válido'): re-render the issue
 * with the active locale and compare.
 */
function isGenericMessage(v: NonNullable<FastifyError['validation']>[number]): boolean {
  const localeError = z.config().localeError;
  if (!localeError) return false;
  const issue = { ...(v.params as Record<string, unknown>), code: v.keyword, path: [] };
  const out = localeError(issue as never);
  return (typeof out === 'string' ? out : out?.message) === v.message;
}

/**
 * Validation issues as one Spanish line each. Messages the shared form schemas wrote are shown
 * to buyers as they are (no technical path); zod's generic ones and any path or query issue
 * name their field ('cantidad: Demasiado pequeño…', 'id: El identificador …').
 */
function validationMessages(error: FastifyError): string[] {
  const context = error.validationContext ?? '';
  const lines = (error.validation ?? []).map((v) => {
    const message = v.message ?? 'valor inválido';
    const field = (v.instancePath ?? '').split('/').filter(Boolean).join('.');
    if (!field || (context === 'body' && !isGenericMessage(v))) return message;
    return `${field}: ${message}`;
  });
  return [...new Set(lines)];
}

/** Every 429 and 503 says when to come back (the rate limiter sets its own exact value). */
function retryAfter(reply: FastifyReply, status: number): void {
  if ((status === 429 || status === 503) && !reply.hasHeader('retry-after')) reply.header('retry-after', status === 429 ? '60' : '5');
}

let busySince = 0;
let busyCount = 0;

/**
 * Every database connection stayed busy for DB_POOL_WAIT_MS (an on-sale beyond what the database
 * serves): 503 SERVICIO_OCUPADO with Retry-After, so the buyer is told to try again instead of
 * waiting without end, and the requests already queued get the connections. Logged once per
 * 10 s with how many were answered so, not once per request (that would flood the log when it
 * matters most).
 */
function poolBusy(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  busyCount++;
  const now = Date.now();
  if (now - busySince >= 10_000) {
    request.log.warn({ respuestas503: busyCount }, 'Todas las conexiones a la base de datos siguen ocupadas tras DB_POOL_WAIT_MS: se responde 503');
    busySince = now;
    busyCount = 0;
  }
  retryAfter(reply, 503);
  return reply.status(503).send(body(503, ERRORS.SERVICIO_OCUPADO.message, 'SERVICIO_OCUPADO'));
}

export function errorHandler(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status0 = error instanceof DomainError ? error.status : typeof error.statusCode === 'number' ? error.statusCode : 500;
  retryAfter(reply, status0);
  if (error instanceof DomainError) {
    if (error.status >= 500) request.log.error({ err: error }, 'domain error');
    const answer = body(error.status, error.details ?? error.message, error.code);
    // Spec §8: a payment refused because of its promotion tells the browser to drop the discount.
    return reply.status(error.status).send(PROMO_ERROR_CODES.has(error.code) ? { ...answer, isPromoError: true } : answer);
  }
  if (error.validation) {
    return reply.status(400).send(body(400, validationMessages(error), 'VALIDACION'));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
    return reply.status(500).send(body(500, ERRORS.ERROR_INTERNO.message, 'ERROR_INTERNO'));
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) {
    const def = ERRORS[mapped];
    return reply.status(def.status).send(body(def.status, def.message, mapped));
  }
  const db = databaseFailure(error);
  const sqlState = db?.code ?? error.code;
  if (sqlState === POOL_WAIT_TIMEOUT) return poolBusy(request, reply);
  if (sqlState && BAD_INPUT_SQLSTATES.has(sqlState)) {
    return reply.status(400).send(body(400, ERRORS.SOLICITUD_INVALIDA.message, 'SOLICITUD_INVALIDA'));
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // A client error we did not name: keep the status, never the (English, internal) text.
    return reply.status(status).send(body(status, ERRORS.SOLICITUD_INVALIDA.message, 'SOLICITUD_INVALIDA'));
  }
  if (db) request.log.error({ db }, 'database error');
  else request.log.error({ err: error }, 'unhandled error');
  const unavailable = status === 503 || (sqlState !== undefined && DATABASE_UNAVAILABLE.has(sqlState));
  const code = unavailable ? 'SERVICIO_NO_DISPONIBLE' : 'ERROR_INTERNO';
  const s = unavailable ? 503 : 500;
  retryAfter(reply, s);
  return reply.status(s).send(body(s, ERRORS[code].message, code));
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send(body(404, ERRORS.RUTA_NO_ENCONTRADA.message, 'RUTA_NO_ENCONTRADA'));
}
