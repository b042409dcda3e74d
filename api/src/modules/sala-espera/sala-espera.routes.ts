import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema, idParamSchema } from '@taquilla/shared/schemas/common';
import { estadoSalaSchema, filaSalaSchema, opsSalaSchema, unirseSalaSchema } from '@taquilla/shared/schemas/sala-espera';
import { DomainError } from '../../lib/errors';
import type { RouteModule } from '../types';
import type { SalaEsperaConfig } from './sala-espera.config';
import { olvidarNumeros, olvidarSala } from './sala-espera.cache';
import { filaCompartida, type FilaBytes } from './sala-espera.fila';
import { startAdmissionJob } from './sala-espera.job';
import { applyOps, recentAuditoria, resumenSalas } from './sala-espera.ops.repository';
import { estadoSala, requirePass, requirePassForReserva, reto, unirse, type SalaDeps } from './sala-espera.service';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const eventoParams = z.object({ id: idParamSchema });
/** The shared answer (`/fila`) is the same for everyone and at most a second old: shared caches may keep it that second. */
const FILA_CACHE_CONTROL = 'public, max-age=1';

/** The waiting room's dependencies for an app (also what the hold and checkout guards use). */
function salaDeps(app: FastifyInstance, cfg: SalaEsperaConfig = app.config.salaEspera): SalaDeps {
  return { db: app.db, cfg, secret: app.config.jwtSecret, secure: app.config.production || (app.config.publicUrl ?? '').startsWith('https:') };
}

/**
 * preHandler for the hold routes (`/eventos/:id/reservar…`): a queued event's hold needs the
 * browser's pass; a hold made with it extends the pass to the hold's life plus the payment's time.
 */
export function passForHold(app: FastifyInstance, holdMinutes: number) {
  const deps = salaDeps(app);
  return async (request: FastifyRequest) => requirePass(deps, request, (request.params as { id: number }).id, holdMinutes + deps.cfg.extraMinutos);
}

/** preHandler for make/cargo: the hold's event, when queued, needs the browser's pass. */
export function passForCharge(app: FastifyInstance) {
  const deps = salaDeps(app);
  return async (request: FastifyRequest) => requirePassForReserva(deps, request, (request.body as { reservaId: string }).reservaId);
}

/** Ops calls carry OPS_TOKEN; without one configured, outside production, only from this machine. */
function checkOps(cfg: SalaEsperaConfig, request: FastifyRequest): void {
  const sent = request.headers['x-ops-token'];
  if (cfg.opsToken) {
    if (sent !== cfg.opsToken) throw new DomainError('OPS_NO_AUTORIZADO');
    return;
  }
  const loopback =
    request.socket.remoteAddress === '127.0.0.1' || request.socket.remoteAddress === '::1' || request.socket.remoteAddress === '::ffff:127.0.0.1';
  if (cfg.production || !loopback) throw new DomainError('OPS_NO_AUTORIZADO');
}

const resumenSchema = z.object({
  salas: z.array(
    z.object({
      eventoId: z.number(),
      nombre: z.string(),
      inicio: z.string(),
      ritmoPorMinuto: z.number().nullable(),
      pausada: z.boolean(),
      esperando: z.number(),
      admitidos: z.number(),
      expirados: z.number(),
      agotados: z.number(),
      vendidos: z.number(),
    }),
  ),
  cambios: z.array(
    z.object({ eventoId: z.number(), en: z.string(), accion: z.string(), detalle: z.string(), actor: z.string(), motivo: z.string().nullable() }),
  ),
});

/** The shared answer's bytes with its ETag (304 when the client has them); no cookie read or set. */
function sendFila(request: FastifyRequest, reply: FastifyReply, fila: FilaBytes): FastifyReply {
  // The same bytes for every buyer: a CDN or balancer in front may keep them a second.
  reply.header('cache-control', FILA_CACHE_CONTROL).header('etag', fila.etag).type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === fila.etag) return reply.code(304).send();
  return reply.send(fila.body);
}

/** The virtual waiting room of events "en venta con fila" (decision 0031). */
export const salaEsperaModule: RouteModule = {
  name: 'sala-espera',
  plugin: async (app) => {
    const cfg = app.config.salaEspera;
    const deps = salaDeps(app, cfg);
    const stop = startAdmissionJob(app.db, cfg, app.log);
    app.addHook('onClose', async () => stop());

    app.get(
      '/eventos/:id/sala_espera',
      {
        schema: {
          tags: ['sala de espera'],
          summary: 'La sala de espera del evento vista por este navegador (fija la cookie del pase al ser admitido)',
          params: eventoParams,
          response: { 200: estadoSalaSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return estadoSala(deps, request.params.id, request, reply);
      },
    );

    app.get(
      '/eventos/:id/sala_espera/fila',
      {
        schema: {
          tags: ['sala de espera'],
          summary: 'La fila del evento, igual para todos: admitidos hasta, pausa, agotado, ritmo (sin cookies; caché de 1 s)',
          params: eventoParams,
          response: { 200: filaSalaSchema, ...errors },
        },
      },
      async (request, reply) => {
        const fila = await filaCompartida(app.db, request.params.id, reply.getSerializationFunction('200')!);
        if (!fila) throw new DomainError('EVENTO_NO_ENCONTRADO');
        return sendFila(request, reply, fila);
      },
    );

    app.get(
      '/eventos/:id/sala_espera/reto',
      { schema: { tags: ['sala de espera'], summary: 'Reto ALTCHA (prueba de trabajo) para entrar a la fila', params: eventoParams } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reto(deps, request.params.id);
      },
    );

    app.post(
      '/eventos/:id/sala_espera',
      {
        schema: {
          tags: ['sala de espera'],
          summary: 'Entrar a la fila con la solución del reto (un lugar por navegador)',
          params: eventoParams,
          body: unirseSalaSchema,
          response: { 200: estadoSalaSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return unirse(deps, request.params.id, request.body.altcha, request, reply);
      },
    );

    app.get(
      '/sala_espera/resumen',
      {
        schema: {
          tags: ['sala de espera'],
          summary: 'Cada fila: esperando, admitidos, vendidos, ritmo; últimos cambios (para status)',
          response: { 200: resumenSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { salas: await resumenSalas(app.db), cambios: await recentAuditoria(app.db, 10) };
      },
    );

    app.post(
      '/sala_espera/ops',
      {
        schema: {
          tags: ['sala de espera'],
          summary: 'Operación: abrir, pausar, reanudar, cambiar ritmo o cerrar la fila de un evento (auditada)',
          body: opsSalaSchema,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        checkOps(cfg, request);
        const b = request.body;
        switch (b.accion) {
          case 'abrir':
            if (!b.inicio) throw new DomainError('SOLICITUD_INVALIDA', undefined, ['Indica el inicio de la venta (--inicio).']);
            await applyOps(app.db, b.eventoId, { accion: 'abrir', inicio: new Date(b.inicio), ritmoPorMinuto: b.ritmoPorMinuto ?? null }, b.actor, b.motivo);
            break;
          case 'ritmo':
            if (b.ritmoPorMinuto === undefined) throw new DomainError('SOLICITUD_INVALIDA', undefined, ['Indica el ritmo (compradores por minuto) o "auto".']);
            await applyOps(app.db, b.eventoId, { accion: 'ritmo', ritmoPorMinuto: b.ritmoPorMinuto }, b.actor, b.motivo);
            break;
          default:
            await applyOps(app.db, b.eventoId, { accion: b.accion }, b.actor, b.motivo);
        }
        olvidarSala(app.db, b.eventoId);
        olvidarNumeros(app.db, b.eventoId);
        return { ok: true as const };
      },
    );
  },
};
