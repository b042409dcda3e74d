import type { FastifyReply } from 'fastify';

/**
 * The hot catalogue answers are assembled as JSON inside PostgreSQL (string concatenation /
 * string_agg; get_all from the trigger-kept eventos.listado_json) and passed through as text:
 * measured under autocannon, mapping rows in JS and re-serialising them cost more than the
 * query itself. Route tests hold the text byte-identical to JSON.stringify of the TypeScript
 * DTO mapping and parse every answer with the shared zod schemas.
 */


/** Sends JSON text built by the database as is (no parse / stringify round trip). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').serializer((payload: unknown) => payload as string).send(json);
}
