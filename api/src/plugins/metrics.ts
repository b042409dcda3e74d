import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { Pool } from '../db/pool';
import type { DbOrTx } from '../db/client';
import { registerBusinessCounters } from '../lib/business-metrics';
import { outboxLagSeconds } from '../mail/outbox';
import { holdExpiryLagSeconds } from '../modules/reservas/reservas.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus registry (served on METRICS_PORT by `startMetricsServer`). */
    metrics: client.Registry;
    /** Servers answering `/metrics` for this app, closed with it. */
    metricsServers: Set<http.Server>;
  }
}

export interface MetricsOptions {
  /** The PostgreSQL pool behind `app.db`, for its connection counts (none on PGlite). */
  pool?: Pool;
  /** Open availability streams in this process. */
  sseClients?: () => number;
}

/**
 * Prometheus metrics of one API process (prom-client, a registry per app):
 * - `taquilla_http_request_duration_seconds{method,route,status_code}` — latency histogram per
 *   route pattern (unmatched URLs fold into `sin-ruta`, so a scan cannot explode the series);
 * - `taquilla_http_refusals_total{route,status_code}` — 409s (a place taken, a used-up
 *   promotion…), 429s (limits) and 503s (busy: the pool, a full process's availability
 *   streams) by route;
 * - `taquilla_db_pool_connections{state}` — PostgreSQL pool: total, idle, waiting;
 * - `taquilla_sse_clients` — availability streams open here;
 * - `taquilla_holds_total{kind}`, `taquilla_sales_total`, `taquilla_refunds_total{reason}` —
 *   counted by the services once the hold, sale or refund committed (lib/business-metrics.ts);
 * - `taquilla_browser_events_total{remote,version,kind}` — telemetry events accepted from the
 *   shell's beacons (modules/telemetria), by remote, version and kind;
 * - `taquilla_release_decisions_total{remote,action}` — automatic rollbacks and canary aborts
 *   made by this process's release judge;
 * - `taquilla_mail_outbox_lag_seconds`, `taquilla_hold_expiry_lag_seconds` — read from the
 *   database at scrape time (the oldest unsent e-mail due; the oldest hold still 'activa' past
 *   its expiry), so every process reports the same fleet-wide figure;
 * - Node's own (event loop lag, heap, GC) with the `taquilla_` prefix.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, opts) => {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: 'taquilla_' });
    const duration = new client.Histogram({
      name: 'taquilla_http_request_duration_seconds',
      help: 'Tiempo de respuesta HTTP por ruta',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const refusals = new client.Counter({
      name: 'taquilla_http_refusals_total',
      help: 'Respuestas 409 (conflicto), 429 (límite) y 503 (ocupado) por ruta',
      labelNames: ['route', 'status_code'],
      registers: [registry],
    });
    registerBusinessCounters(app.db, {
      holds: new client.Counter({
        name: 'taquilla_holds_total',
        help: 'Reservas hechas, por tipo (asientos, generales)',
        labelNames: ['kind'],
        registers: [registry],
      }),
      sales: new client.Counter({ name: 'taquilla_sales_total', help: 'Cargos convertidos en boletos', registers: [registry] }),
      refunds: new client.Counter({
        name: 'taquilla_refunds_total',
        help: 'Cargos completados reembolsados, por motivo',
        labelNames: ['reason'],
        registers: [registry],
      }),
      browserEvents: new client.Counter({
        name: 'taquilla_browser_events_total',
        help: 'Eventos de telemetría del navegador aceptados, por remoto, versión y tipo',
        labelNames: ['remote', 'version', 'kind'],
        registers: [registry],
      }),
      releaseDecisions: new client.Counter({
        name: 'taquilla_release_decisions_total',
        help: 'Reversiones y abortos de canario automáticos, por remoto y acción',
        labelNames: ['remote', 'action'],
        registers: [registry],
      }),
    });
    const pool = opts.pool;
    new client.Gauge({
      name: 'taquilla_db_pool_connections',
      help: 'Conexiones del pool de PostgreSQL por estado',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    const sseClients = opts.sseClients;
    new client.Gauge({
      name: 'taquilla_sse_clients',
      help: 'Flujos de disponibilidad abiertos en este proceso',
      registers: [registry],
      collect() {
        this.set(sseClients?.() ?? 0);
      },
    });
    const lagGauge = (name: string, help: string, read: (db: DbOrTx) => Promise<number>) =>
      new client.Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          try {
            this.set(await read(app.db));
          } catch (err) {
            app.log.warn({ err, metric: name }, 'metrics: could not read from the database');
          }
        },
      });
    lagGauge('taquilla_mail_outbox_lag_seconds', 'Antigüedad del correo pendiente más viejo ya debido', outboxLagSeconds);
    lagGauge('taquilla_hold_expiry_lag_seconds', 'Cuánto lleva vencida la reserva activa más vieja aún no marcada como expirada', holdExpiryLagSeconds);

    app.decorate('metrics', registry);
    app.decorate('metricsServers', new Set<http.Server>());
    app.addHook('onClose', async () => {
      await Promise.all([...app.metricsServers].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'sin-ruta';
      const status = String(reply.statusCode);
      duration.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
      if (reply.statusCode === 409 || reply.statusCode === 429 || reply.statusCode === 503) refusals.inc({ route, status_code: status });
    });
  },
  { name: 'metrics' },
);

/**
 * `/metrics` on its own port (METRICS_PORT, METRICS_HOST default 127.0.0.1): the scraper reaches
 * it on the private network, the public balancer never routes to it, and it needs no API key.
 * Closed with the app.
 */
export async function startMetricsServer(app: FastifyInstance, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Solo /metrics\n');
      return;
    }
    app.metrics.metrics().then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  app.metricsServers.add(server);
  return server;
}
