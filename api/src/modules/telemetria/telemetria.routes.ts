import { z } from 'zod';
import fp from 'fastify-plugin';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { loteTelemetriaSchema, VITALES, type EventoTelemetria } from '@taquilla/shared/schemas/telemetria';
import { openOrigin, type Origin } from '@taquilla/platform/origin';
import type { Registry } from '@taquilla/platform/registry';
import { abortCanary, rollbackRemote } from '@taquilla/platform/ops';
import { businessCounters } from '../../lib/business-metrics';
import { DomainError } from '../../lib/errors';
import { apiKeyFromQuery } from '../../plugins/api-key-from-query';
import { registerRateLimit } from '../../plugins/rate-limit';
import { clientAddress } from '../reservas/reservas.client';
import type { RouteModule } from '../types';
import { startReleaseJudge, type JudgeActions, type ReleaseJudge } from './telemetria.judge';
import { recordBatch, summary } from './telemetria.repository';

/** A beacon is small: 40 events of ~100 bytes. */
const BODY_LIMIT = 16 * 1024;
/** How long the versions the registry knows are kept before it is read again. */
const REGISTRY_CACHE_MS = 1000;
const BEACON_PATH = /^\/api\/v1\/telemetria(?:\?|$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Service 'telemetria': the remote origin it reads and the release judge (tests and the bench run it now with `.run()`). */
    telemetria: { origin: Origin; judge: ReleaseJudge };
  }
}

/** `navigator.sendBeacon` cannot set headers: a beacon carries the (public) API key as `?apiKey=`. */
const beaconApiKeyFromQuery = apiKeyFromQuery('beacon-api-key-from-query', 'POST', BEACON_PATH);

/**
 * The versions of each remote the registry knows (history, and a canary's), read at most once a
 * second; `fresh` reads it again now (a version released within that second is not refused).
 */
function knownVersions(origin: Origin): (fresh?: boolean) => Promise<Registry> {
  let cached: { at: number; registry: Promise<Registry> } | null = null;
  return (fresh = false) => {
    if (fresh || !cached || Date.now() - cached.at >= REGISTRY_CACHE_MS) {
      const registry = origin.readRegistry();
      cached = { at: Date.now(), registry };
      registry.catch(() => {
        cached = null;
      });
    }
    return cached.registry;
  };
}

function isKnown(registry: Registry, e: EventoTelemetria): boolean {
  const entry = registry.remotes[e.remoto];
  return !!entry && (entry.history.some((h) => h.version === e.version) || entry.canary?.version === e.version);
}

const resumenSchema = z.object({
  horas: z.number(),
  versiones: z.array(
    z.object({
      remoto: z.string(),
      version: z.string(),
      sesiones: z.number(),
      sesionesConError: z.number(),
      errores: z.number(),
      tasaError: z.number(),
      vitales: z.object(Object.fromEntries(VITALES.map((v) => [v, z.number().nullable()])) as Record<(typeof VITALES)[number], z.ZodNullable<z.ZodNumber>>),
    }),
  ),
});

/**
 * Browser telemetry (the shell's beacons) and the release judge:
 * - POST /telemetria — one batch, validated strictly (shape, and every remote and version must be
 *   in the registry): a bad batch is a Spanish 400 and nothing of it is stored; limited per client
 *   address (TELEMETRIA_MAX_POR_IP a minute) on the shared rate limiter;
 * - GET /telemetria/resumen?horas=24 — sessions, errors, error rate and vitals p75 per remote and
 *   version (what `pnpm status` prints);
 * - the release judge (telemetria.judge.ts), every JUICIO_CADA_MS.
 */
/**
 * Service 'telemetria': the remote origin (`app.remoteOriginConfig`) opened once, the release
 * judge started on it (every JUICIO_CADA_MS), and the root hook that takes a beacon's API key
 * from `?apiKey=`.
 */
const telemetriaServices = fp(
  async (app) => {
    const cfg = app.config.telemetria;
    const origin = await openOrigin(app.remoteOriginConfig);
    const actions: JudgeActions = {
      async rollback(remote, to, { expectCurrent, reason }) {
        await rollbackRemote(remote, to, { origin, actor: cfg.actor, reason, expectCurrent });
      },
      async abortCanary(remote, { reason }) {
        await abortCanary(origin, remote, { actor: cfg.actor, reason });
      },
    };
    const judge = startReleaseJudge({ db: app.db, dbKind: app.dbKind, origin, log: app.log, actions }, cfg);
    app.decorate('telemetria', { origin, judge });
    await app.register(beaconApiKeyFromQuery);
    app.addHook('onClose', async () => {
      judge.stop();
      await origin.close();
    });
  },
  { name: 'telemetria' },
);

export const telemetriaModule: RouteModule = {
  name: 'telemetria',
  services: telemetriaServices,
  dependencies: ['telemetria'],
  plugin: async (app) => {
    const cfg = app.config.telemetria;
    const registry = knownVersions(app.telemetria.origin);

    await registerRateLimit(app, cfg.limitStore);
    // sendBeacon posts a string as text/plain (a CORS-safelisted type: no preflight); its text is JSON.
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new DomainError('JSON_INVALIDO'), undefined);
      }
    });

    app.post(
      '/telemetria',
      {
        bodyLimit: BODY_LIMIT,
        config: { rateLimit: { max: cfg.perIp.max, timeWindow: cfg.perIp.windowMs, keyGenerator: (request) => `telemetria:${clientAddress(request.ip)}` } },
        schema: {
          tags: ['telemetria'],
          summary: 'Lote de telemetría del navegador (sendBeacon; la clave de la API va en ?apiKey=)',
          body: loteTelemetriaSchema,
          response: {
            202: z.object({ aceptados: z.number() }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { eventos } = request.body;
        const unknownIn = (known: Registry) => [...new Set(eventos.filter((e) => !isKnown(known, e)).map((e) => `${e.remoto} ${e.version}`))];
        let unknown = unknownIn(await registry());
        if (unknown.length) unknown = unknownIn(await registry(true));
        if (unknown.length) {
          throw new DomainError('TELEMETRIA_INVALIDA', `La telemetría nombra versiones que no están publicadas: ${unknown.join(', ')}.`);
        }
        await recordBatch(app.db, eventos);
        const counters = businessCounters(app.db);
        for (const e of eventos) counters?.browserEvents.inc({ remote: e.remoto, version: e.version, kind: e.tipo });
        return reply.status(202).send({ aceptados: eventos.length });
      },
    );

    app.get(
      '/telemetria/resumen',
      {
        schema: {
          tags: ['telemetria'],
          summary: 'Sesiones, errores, tasa de error y p75 de Web Vitals por remoto y versión',
          querystring: z.object({
            horas: z.coerce
              .number({ error: 'horas debe ser un número.' })
              .int('horas debe ser un número entero.')
              .min(1)
              .max(24 * 90)
              .default(24),
          }),
          response: { 200: resumenSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => ({ horas: request.query.horas, versiones: await summary(app.db, request.query.horas) }),
    );
  },
};
