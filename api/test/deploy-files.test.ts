import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { DEPLOY_DIR, fleetEnvironment, haproxyConfig, readCompose } from '../fleet/deploy-files';

/**
 * What can be checked of the deployment description on a machine that cannot pull images: the
 * compose file parses, its commands are the Dockerfile's and the fleet test's, the fleet test can
 * take its settings, and HAProxy accepts the balancer's configuration.
 */
const dockerfile = fs.readFileSync(path.join(DEPLOY_DIR, 'Dockerfile'), 'utf8');

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
});
