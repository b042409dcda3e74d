import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrorSchema, idParamSchema } from '@taquilla/shared/schemas/common';
import {
  cancelarResponseSchema,
  cancelarSchema,
  invitadoSchema,
  mejoresLugaresRespuestaSchema,
  mejoresLugaresSchema,
  reservaCreadaSchema,
  reservaDetalleSchema,
  reservaIdSchema,
  reservarGeneralesSchema,
  reservarInvitadoSchema,
  reservarSchema,
  type ReservaCreada,
} from '@taquilla/shared/schemas/reservas';
import { DomainError } from '../../lib/errors';
import { registerRateLimit } from '../../plugins/rate-limit';
import { requireVerifiedUser } from '../auth/auth.guard';
import { passForHold } from '../sala-espera/sala-espera.routes';
import type { RouteModule } from '../types';
import { DisponibilidadHub } from './disponibilidad.hub';
import { DisponibilidadPublisher } from './disponibilidad.publisher';
import { disponibilidadStream, sseApiKeyFromQuery, StreamSlots } from './disponibilidad.sse';
import { clientAddress, holdClient, type HoldClient } from './reservas.client';
import { startExpiryJob } from './reservas.job';
import type { HoldConfig } from './reservas.config';
import type { Comprador } from './apartados.repository';
import { cancelarReserva, getReserva, HoldCapError, reservarAsientos, reservarGenerales, reservarMejores } from './reservas.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const eventoParams = z.object({ id: idParamSchema });
const created = { 201: reservaCreadaSchema, ...errors, 429: apiErrorSchema };

declare module 'fastify' {
  interface FastifyInstance {
    /** Service 'reservas': live availability of this app (reservasServices). */
    disponibilidad: {
      /** The LISTEN fan-out to open streams and seat watchers (catalog snapshots, landing pages). */
      hub: DisponibilidadHub;
      /** Announces committed seat changes; other modules queue theirs, e.g. ventas after a sale. */
      publisher: DisponibilidadPublisher;
      /** The stream caps (their counts, for diagnostics and tests). */
      slots: StreamSlots;
    };
  }
}

/**
 * Service 'reservas': the availability hub, publisher and stream caps (`app.disponibilidad`),
 * the hold expiry job, and the root hook that takes the stream's API key from `?apiKey=`
 * (EventSource sends no headers).
 */
const reservasServices = fp(
  async (app) => {
    const cfg = app.config.holds;
    const hub = new DisponibilidadHub(app.db, app.dbKind, app.log);
    const publisher = new DisponibilidadPublisher(app.db, app.log);
    const slots = new StreamSlots(cfg.streams);
    app.decorate('disponibilidad', { hub, publisher, slots });
    const stopJob = startExpiryJob(app.db, publisher, cfg, app.log);
    await app.register(sseApiKeyFromQuery);
    app.addHook('preClose', async () => hub.endStreams());
    app.addHook('onClose', async () => {
      stopJob();
      await publisher.close();
      await hub.close();
    });
  },
  { name: 'reservas' },
);

function guest(nombre: string, correo: string): Comprador {
  return { nombre, correo: correo.toLowerCase() };
}

/**
 * reservar_generales serves both buyers: a session (any token sent must be valid and verified)
 * or a guest's name and e-mail.
 */
async function compradorGenerales(request: FastifyRequest, body: { nombre?: string; correo?: string }): Promise<Comprador> {
  if (request.user || request.tokenRejected) {
    await requireVerifiedUser(request);
    return { usuarioId: request.user!.id };
  }
  const parsed = invitadoSchema.safeParse({ nombre: body.nombre, correo: body.correo });
  if (!parsed.success) throw new DomainError('DATOS_INVITADO', undefined, [...new Set(parsed.error.issues.map((i) => i.message))]);
  return guest(parsed.data.nombre, parsed.data.correo);
}

/**
 * Attempts per client address (`clientAddress`, an IPv6 address by its /64), checked on request,
 * before the body is parsed or the database is asked, so a flood costs little; a refusal is 429
 * DEMASIADOS_INTENTOS with Retry-After and changes nothing, and every attempt counts, whatever
 * its outcome. Holds (HoldConfig.perIp): @fastify/rate-limit's own handler, created once and set
 * on the three hold routes so they share one counter (a route's `config.rateLimit` would count
 * each route apart). Cancellations (HoldConfig.cancelPerIp) have a counter of their own, so a
 * buyer who used up the hold attempts can still give places back. Answers each route group's
 * `onRequest` option, or nothing when its limit is off.
 */
async function attemptLimits(app: FastifyInstance, cfg: HoldConfig): Promise<Record<'hold' | 'cancel', { onRequest?: preHandlerAsyncHookHandler }>> {
  const limits = { hold: {}, cancel: {} };
  if (cfg.perIp.max === 0 && cfg.cancelPerIp.max === 0) return limits;
  await registerRateLimit(app, cfg.limitStore);
  const limit = (name: string, max: number) =>
    max === 0 ? {} : { onRequest: app.rateLimit({ keyGenerator: (request) => `${name}:${clientAddress(request.ip)}`, max, timeWindow: cfg.perIp.windowMs }) };
  return { hold: limit('reservar', cfg.perIp.max), cancel: limit('cancelar', cfg.cancelPerIp.max) };
}

/**
 * A hold's answer (201, with the browser's hold token in `tokenReserva`), or its refusal; a
 * refusal for the places the client already holds says in Retry-After when its first hold ends.
 */
async function answerHold(reply: FastifyReply, client: HoldClient, held: Promise<ReservaCreada>): Promise<FastifyReply> {
  try {
    return reply.status(201).send({ ...(await held), tokenReserva: client.token });
  } catch (err) {
    if (err instanceof HoldCapError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** Holds (spec §7 reservar, reservarInvitado, reservar_generales, cancelar), reading a hold back, and live availability. */
export const reservasModule: RouteModule = {
  name: 'reservas',
  services: reservasServices,
  dependencies: ['reservas'],
  plugin: async (app) => {
    const cfg = app.config.holds;
    const { hub, publisher, slots } = app.disponibilidad;
    const limited = await attemptLimits(app, cfg);
    // A queued event's holds need the browser's waiting-room pass (decision 0031).
    const pase = passForHold(app, cfg.holdMinutes);

    app.post(
      '/eventos/:id/reservar',
      {
        ...limited.hold,
        preHandler: [requireVerifiedUser, pase],
        schema: {
          tags: ['reservas'],
          summary: 'Reservar asientos (comprador con sesión y correo verificado)',
          params: eventoParams,
          body: reservarSchema,
          response: created,
        },
      },
      async (request, reply) => {
        const ids = request.body.asientosReserva.map((a) => a.id);
        const client = holdClient(request);
        return answerHold(reply, client, reservarAsientos(app.db, cfg, publisher, request.params.id, ids, { usuarioId: request.user!.id }, client));
      },
    );

    app.post(
      '/eventos/:id/reservarInvitado',
      {
        ...limited.hold,
        preHandler: pase,
        schema: { tags: ['reservas'], summary: 'Reservar asientos como invitado', params: eventoParams, body: reservarInvitadoSchema, response: created },
      },
      async (request, reply) => {
        const { asientosReserva, nombre, correo } = request.body;
        const client = holdClient(request);
        return answerHold(
          reply,
          client,
          reservarAsientos(
            app.db,
            cfg,
            publisher,
            request.params.id,
            asientosReserva.map((a) => a.id),
            guest(nombre, correo),
            client,
          ),
        );
      },
    );

    app.post(
      '/eventos/:id/reservar_generales',
      {
        ...limited.hold,
        preHandler: pase,
        schema: { tags: ['reservas'], summary: 'Reservar lugares de admisión general', params: eventoParams, body: reservarGeneralesSchema, response: created },
      },
      async (request, reply) => {
        const comprador = await compradorGenerales(request, request.body);
        const { seccionId, cantidadAsientos } = request.body;
        const client = holdClient(request);
        return answerHold(reply, client, reservarGenerales(app.db, cfg, publisher, request.params.id, seccionId, cantidadAsientos, comprador, client));
      },
    );

    app.post(
      '/eventos/:id/mejores_lugares',
      {
        ...limited.hold,
        preHandler: pase,
        schema: {
          tags: ['reservas'],
          summary: 'Mejores lugares disponibles: el servidor elige y aparta los mejores asientos juntos de una categoría, o propone separarlos',
          params: eventoParams,
          body: mejoresLugaresSchema,
          response: { 200: mejoresLugaresRespuestaSchema, 201: mejoresLugaresRespuestaSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const comprador = await compradorGenerales(request, request.body);
        const { categoria, seccionId, cantidad, separados, sillaDeRuedas } = request.body;
        const client = holdClient(request);
        try {
          const answer = await reservarMejores(
            app.db,
            cfg,
            publisher,
            { eventoId: request.params.id, comprador, categoria, seccionId: seccionId ?? null, cantidad, separados, sillaDeRuedas },
            client,
          );
          return answer.reservado ? reply.status(201).send({ ...answer, tokenReserva: client.token }) : reply.status(200).send(answer);
        } catch (err) {
          if (err instanceof HoldCapError) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        }
      },
    );

    app.post(
      '/eventos/:id/cancelar',
      {
        ...limited.cancel,
        schema: {
          tags: ['reservas'],
          summary: 'Cancelar una reserva (idempotente)',
          params: eventoParams,
          body: cancelarSchema,
          response: { 200: cancelarResponseSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request) => cancelarReserva(app.db, publisher, request.params.id, request.body.reservaId, request.user),
    );

    app.get(
      '/eventos/:id/reservas/:reservaId',
      {
        schema: {
          tags: ['reservas'],
          summary: 'Una reserva de su dueño (cuenta o quien tenga el id de una reserva de invitado)',
          params: z.object({ id: idParamSchema, reservaId: reservaIdSchema }),
          response: { 200: reservaDetalleSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getReserva(app.db, request.params.id, request.params.reservaId, request.user);
      },
    );

    app.get(
      '/eventos/:id/disponibilidad',
      {
        schema: {
          tags: ['reservas'],
          summary: 'Disponibilidad en vivo (text/event-stream): eventos asientos y general',
          description:
            'Con límite de flujos por cliente (429) y por proceso (503), ambos con Retry-After: el cliente consulta la sección periódicamente mientras tanto.',
          params: eventoParams,
          querystring: z.object({
            apiKey: z.string().optional(),
            /** With `desde`: the section whose changes since that version come first (the seat page's snapshot). */
            seccion: idParamSchema.optional(),
            desde: z.coerce.number().int().nonnegative().optional(),
          }),
        },
      },
      async (request, reply) => {
        const { seccion, desde } = request.query;
        const since = seccion !== undefined && desde !== undefined ? { seccionId: seccion, desde } : undefined;
        return disponibilidadStream(app.db, hub, slots, cfg, request.params.id, request, reply, since);
      },
    );
  },
};
