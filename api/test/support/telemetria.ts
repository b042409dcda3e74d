import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TEST_API_KEY } from './app';

/** Release history for a test origin folder: `<remote>/<version>/mf-manifest.json` and `remotes.json`. */
export function writeRegistry(
  origin: string,
  remotes: Record<string, { current: string; versions: string[]; changedAt: string; canary?: { version: string; percent: number; startedAt: string } }>,
) {
  const registry = { remotes: {} as Record<string, unknown> };
  for (const [name, r] of Object.entries(remotes)) {
    for (const v of r.versions) {
      fs.mkdirSync(path.join(origin, name, v), { recursive: true });
      fs.writeFileSync(path.join(origin, name, v, 'mf-manifest.json'), '{}');
    }
    registry.remotes[name] = {
      current: r.current,
      changedAt: r.changedAt,
      history: r.versions.map((version) => ({ version, entry: `${name}/${version}/mf-manifest.json`, publishedAt: r.changedAt })),
      ...(r.canary ? { canary: r.canary } : {}),
    };
  }
  fs.writeFileSync(path.join(origin, 'remotes.json'), JSON.stringify(registry));
}

let ip = 0;
/** A client address of its own per call, so the per-address limit of one test never touches another. */
export const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/** A beacon as the browser sends it: text/plain body, no API key header, `?apiKey=`. */
export function beacon(app: FastifyInstance, body: unknown, opts: { ip?: string; raw?: string; apiKey?: string | null } = {}) {
  const key = opts.apiKey === undefined ? TEST_API_KEY : opts.apiKey;
  return app.inject({
    method: 'POST',
    url: `/api/v1/telemetria${key === null ? '' : `?apiKey=${encodeURIComponent(key)}`}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: opts.raw ?? JSON.stringify(body),
    remoteAddress: opts.ip ?? nextIp(),
  });
}

/** `n` sessions of remote@version, `conError` of which saw a render error. */
export async function sessions(app: FastifyInstance, remoto: string, version: string, n: number, conError: number) {
  for (let i = 0; i < n; i++) {
    const eventos: unknown[] = [{ tipo: 'sesion', remoto, version }];
    if (i < conError) eventos.push({ tipo: 'sesion-con-error', remoto, version }, { tipo: 'error-render', remoto, version, modulo: 'EventList' });
    const res = await beacon(app, { eventos });
    expect(res.statusCode, res.body).toBe(202);
  }
}
