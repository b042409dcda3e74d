import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/plugins/metrics';
import { guest, openHoldsApp, type HoldsApp } from './support/reservas';

/** Prometheus metrics on their own port: latency per route, refusals, pool, streams, lags. */
let h: HoldsApp;
let metricsUrl: string;
beforeAll(async () => {
  h = await openHoldsApp();
  const server = await startMetricsServer(h.t.app, 0, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => h?.t.close());

async function scrape(): Promise<string> {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics', () => {
  it('counts requests per route pattern (never per raw URL) and the 409 refusals', async () => {
    const [seat] = await h.seats(1);
    const first = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: seat }], ...guest('uno') });
    expect(first.statusCode).toBe(201);
    const taken = await h.post(`/eventos/${h.ev.eventoId}/reservarInvitado`, { asientosReserva: [{ id: seat }], ...guest('dos') });
    expect(taken.statusCode).toBe(409);
    for (const id of [h.ev.eventoId, h.otro.eventoId]) expect((await h.t.request(`/api/v1/eventos/${id}/detalle`)).statusCode).toBe(200);
    await h.t.request('/api/v1/esto/no/existe/123');

    const text = await scrape();
    const route = '/api/v1/eventos/:id/detalle';
    expect(sample(text, 'taquilla_http_request_duration_seconds_count', { route, status_code: '200', method: 'GET' })).toBe(2);
    expect(sample(text, 'taquilla_http_request_duration_seconds_count', { route: '/api/v1/eventos/:id/reservarInvitado', status_code: '201' })).toBe(1);
    expect(sample(text, 'taquilla_http_refusals_total', { route: '/api/v1/eventos/:id/reservarInvitado', status_code: '409' })).toBe(1);
    expect(text).not.toContain('/esto/no/existe');
    expect(sample(text, 'taquilla_http_request_duration_seconds_count', { route: 'sin-ruta', status_code: '404' })).toBe(1);
    expect(text).toContain('taquilla_process_cpu_seconds_total');
  });

  it('reports the hold expiry lag and the mail outbox lag from the database', async () => {
    await h.t.database.db.execute(sql`update reservas set fecha_expiracion = now() - interval '90 seconds' where estado = 'activa'`);
    const text = await scrape();
    expect(sample(text, 'taquilla_hold_expiry_lag_seconds')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'taquilla_mail_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'taquilla_sse_clients')).toBe(0);
  });

  it('answers only /metrics on its port', async () => {
    expect((await fetch(`${metricsUrl}/api/v1/health`)).status).toBe(404);
  });
});
