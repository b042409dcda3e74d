import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { DEPLOY_DIR, fleetEnvironment, haproxyConfig, readCompose, startBalancer } from '../fleet/deploy-files';
import { freePort } from './support/api-process';

/**
 * What can be checked of the deployment description on a machine that cannot pull images: the
 * compose file parses, its commands are the Dockerfile's and the fleet test's, the fleet test can
 * take its settings, and HAProxy accepts the balancer's configuration.
 */
const dockerfile = fs.readFileSync(path.join(DEPLOY_DIR, 'Dockerfile'), 'utf8');
const HAPROXY = '/usr/sbin/haproxy';

/** A stand-in replica: counts the requests per path; each answer says its number. */
function stubReplica(answer: (req: http.IncomingMessage, n: number) => { headers: Record<string, string>; body: Buffer | string }) {
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.end('ok');
    const n = (counts.get(req.url!) ?? 0) + 1;
    counts.set(req.url!, n);
    const { headers, body } = answer(req, n);
    res.writeHead(200, { 'x-request-id': `peticion-${n}-abcdefgh`, ...headers }).end(body);
  });
  return { server, counts };
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('platform/deploy', () => {
  it('compose.yaml parses: database, cache, object store, migration, two API replicas, a proxy', () => {
    const { services } = readCompose();
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 's3', 'migrate', 'api1', 'api2', 'proxy', 'ops']));
    expect(services.api1!.command).toEqual(['node', 'api/dist/main.mjs']);
    expect(services.api2!.command).toEqual(services.api1!.command);
    expect(services.migrate!.command).toEqual(['node', 'api/dist/migrate.mjs']);
    expect(services.migrate!.environment).toEqual(services.api1!.environment);
    expect(services.api1!.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1' });
  });

  it('the Dockerfile builds the folder assemble.mjs lays out, runs as non-root and starts what compose and the fleet test start', () => {
    expect(dockerfile).toMatch(/node platform\/deploy\/assemble\.mjs \/server/);
    expect(dockerfile).toMatch(/COPY --from=build \/server \/app/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "api\/dist\/main\.mjs"\]$/m);
    const fleet = fs.readFileSync(path.resolve(DEPLOY_DIR, '../../api/fleet/fleet-setup.ts'), 'utf8');
    expect(fleet).toContain("'platform/deploy/assemble.mjs'");
    expect(fleet).toContain("['api/dist/main.mjs']");
    expect(fleet).toContain("['api/dist/migrate.mjs']");
  });

  it('the fleet test takes every compose API setting it does not know to replace as it is', () => {
    const origin = { ORIGIN_S3_ENDPOINT: 'http://127.0.0.1:2', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' };
    const env = fleetEnvironment({ databaseUrl: 'postgres://x@127.0.0.1/y', apiKey: 'k', publicUrl: 'http://127.0.0.1:1', origin });
    expect(env).toMatchObject({ TRUST_PROXY: '1', STOREFRONT: '1', DATABASE_URL: 'postgres://x@127.0.0.1/y', NODE_ENV: 'test' });
    expect(Object.values(env).some((v) => v.includes('${'))).toBe(false);
    expect(env.OPENPAY_PRIVATE_KEY).toBeUndefined();
  });

  it('the API accepts the settings compose and the fleet test give it (one configuration, api/src/config/)', () => {
    const origin = { ORIGIN_S3_BUCKET: 'taquilla-remotes', ORIGIN_S3_ENDPOINT: 'http://127.0.0.1:2', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' };
    const env = fleetEnvironment({ databaseUrl: 'postgres://x@127.0.0.1/y', apiKey: 'k', publicUrl: 'http://127.0.0.1:1', origin });
    expect(readConfig(env)).toMatchObject({
      port: 3000,
      storefront: { enabled: true },
      rateLimit: { redisUrl: expect.any(String) },
      shutdown: { drainSeconds: 2 },
    });
    // compose.yaml's own values, each `${VAR:-default}` at its default (`${VAR:?…}`: a value of the right kind).
    const compose = Object.fromEntries(
      Object.entries(readCompose().services.api1!.environment!).map(([k, v]) => [
        k,
        String(v)
          .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
          .replace(/\$\{\w+:\?[^}]*\}/g, 'x'.repeat(48)),
      ]),
    );
    expect(readConfig(compose)).toMatchObject({
      production: true,
      port: 3000,
      trustProxy: expect.any(Function),
      shutdown: { drainSeconds: 10 },
      metrics: { port: 9464, host: '0.0.0.0' },
    });
  });

  it('HAProxy accepts the balancer configuration the fleet test writes', () => {
    const cfg = haproxyConfig({ bind: '127.0.0.1:18080', servers: ['127.0.0.1:18081', '127.0.0.1:18082', '127.0.0.1:18083'] });
    expect(cfg.match(/^\s+server api\d 127\.0\.0\.1:1808\d check$/gm)).toHaveLength(3);
    expect(cfg).toContain('option httpchk GET /readyz');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-haproxy-')), 'haproxy.cfg');
    fs.writeFileSync(file, cfg);
    const check = spawnSync('/usr/sbin/haproxy', ['-c', '-f', file], { encoding: 'utf8' });
    if (check.error && !process.env.CI) return; // no HAProxy on this machine (CI installs it: .ci/run)
    expect(check.status, check.stdout + check.stderr).toBe(0);
    // compose's own copy, with compose's environment.
    const composed = spawnSync('/usr/sbin/haproxy', ['-c', '-f', path.join(DEPLOY_DIR, 'haproxy.cfg')], {
      encoding: 'utf8',
      env: { ...process.env, TAQUILLA_BIND: ':8080', API1_ADDR: '127.0.0.1:3001', API2_ADDR: '127.0.0.1:3002' },
    });
    expect(composed.status, composed.stdout + composed.stderr).toBe(0);
  });

  it("the balancer's cache keeps only the shared answers' paths, at most a second, never an answer with Set-Cookie, each encoding for the clients that accept it", async () => {
    if (!fs.existsSync(HAPROXY) && !process.env.CI) return; // no HAProxy on this machine (CI installs it: .ci/run)
    const fila = '/api/v1/eventos/7/sala_espera/fila';
    const personal = '/api/v1/eventos/7/sala_espera';
    const conCookie = '/api/v1/eventos/8/sala_espera/fila';
    const asientos = '/api/v1/eventos/7/3/filas_por_seccion';
    // Every answer says it may be kept a minute: what limits it is the balancer's configuration.
    const { server, counts } = stubReplica((req, n) => {
      const headers: Record<string, string> = { 'cache-control': 'public, max-age=60', etag: `W/"${req.url}-${n}"` };
      if (req.url === conCookie) headers['set-cookie'] = `tq_navegador=${n}; HttpOnly`;
      if (req.url === asientos) {
        headers.vary = 'Accept-Encoding';
        if (String(req.headers['accept-encoding'] ?? '').includes('gzip'))
          return { headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(`n=${n}`) };
      }
      return { headers, body: `n=${n}` };
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const balancer = await startBalancer({ bin: HAPROXY, port: await freePort(), servers: [`127.0.0.1:${(server.address() as AddressInfo).port}`] });
    try {
      const lb = (p: string, headers?: Record<string, string>) => get(`${balancer.url}${p}`, headers);
      const burst = async (p: string) => {
        const answers = [];
        for (let i = 0; i < 5; i += 1) answers.push(await lb(p));
        return answers;
      };

      // The shared answer: five asks in a row reach the replica once (twice if a second turned meanwhile).
      const shared = await burst(fila);
      expect(counts.get(fila)).toBeLessThanOrEqual(2);
      expect(shared.some((a) => a.headers.age !== undefined)).toBe(true);
      expect(shared.every((a) => a.headers['x-request-id'] === undefined)).toBe(true);
      // ...and is kept at most a second though the answer allowed sixty.
      const seen = counts.get(fila)!;
      await new Promise((r) => setTimeout(r, 1_100));
      await lb(fila);
      expect(counts.get(fila)).toBe(seen + 1);

      // A personal path is never kept, whatever its headers say; nor is an answer that sets a cookie.
      const own = await burst(personal);
      expect(counts.get(personal)).toBe(5);
      expect(own.map((a) => a.body.toString())).toEqual(['n=1', 'n=2', 'n=3', 'n=4', 'n=5']);
      const cookies = await burst(conCookie);
      expect(counts.get(conCookie)).toBe(5);
      expect(cookies.map((a) => a.headers['set-cookie']?.[0])).toEqual([1, 2, 3, 4, 5].map((n) => `tq_navegador=${n}; HttpOnly`));

      // Vary: Accept-Encoding: a client that sent none gets the plain copy, not the gzip one kept for another.
      const gz = await lb(asientos, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await lb(asientos);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toMatch(/^n=\d$/);
      const again = await lb(asientos, { 'accept-encoding': 'gzip, br' });
      expect(again.headers['content-encoding']).toBe('gzip');
    } finally {
      await balancer.stop();
      server.close();
    }
  });
});
