import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * The deployment description (platform/deploy/) read by the fleet test, so the test runs what
 * compose.yaml and haproxy.cfg say rather than a copy of them.
 */
export const DEPLOY_DIR = path.resolve(import.meta.dirname, '..', '..', 'platform', 'deploy');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  build?: { target?: string };
}

export function readCompose(): { services: Record<string, ComposeService> } {
  return parse(fs.readFileSync(path.join(DEPLOY_DIR, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
}

/**
 * What the fleet on one machine changes in the compose file's API settings, and why:
 * - addresses: PostgreSQL, Redis, the object store, the public URL and the listen host are this
 *   machine's (loopback), and the database is a fresh one per run;
 * - secrets: a random JWT secret and the run's own API key and store keys;
 * - NODE_ENV=test: the sales of the `kill -9` check pay through the Openpay sandbox
 *   (platform/openpay-sandbox, started by the fleet test; Openpay cannot be reached from here),
 *   whose keys and loopback URL (`openpay`) replace compose's Openpay settings; SMTP is dropped;
 * - SHUTDOWN_DRAIN_SECONDS=2 (compose: 10): the balancer here checks every 300 ms, as in
 *   compose, and a shorter drain keeps the rolling restart quick;
 * - METRICS_PORT, METRICS_HOST: each replica gets a loopback port of its own (fleet-setup.ts;
 *   three processes on one machine cannot share compose's one port);
 * - LOG_LEVEL=warn: the run's output stays readable.
 * Anything else is taken as compose says it; a compose setting that still needs a value from
 * the shell (`${…}`) and is not in this list makes the run fail, so the twin cannot drift.
 */
export function fleetEnvironment(opts: {
  databaseUrl: string;
  apiKey: string;
  publicUrl: string;
  origin: Record<string, string>;
  openpay?: Record<string, string>;
}): Record<string, string> {
  const compose = readCompose().services.api1?.environment;
  if (!compose) throw new Error('compose.yaml: el servicio api1 no tiene environment');
  const dropped = ['OPENPAY_MERCHANT_ID', 'OPENPAY_PRIVATE_KEY', 'OPENPAY_PUBLIC_KEY', 'OPENPAY_PRODUCTION', 'SMTP_URL', 'METRICS_PORT', 'METRICS_HOST'];
  const replaced: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: opts.publicUrl,
    API_KEY: opts.apiKey,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    RATE_LIMIT_PREFIX: `flota-${process.pid}`,
    SHUTDOWN_DRAIN_SECONDS: '2',
    LOG_LEVEL: 'warn',
    ...opts.origin,
    ...opts.openpay,
  };
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(compose)) {
    if (dropped.includes(key)) continue;
    if (key in replaced) continue;
    if (String(value).includes('${'))
      throw new Error(`compose.yaml: ${key} (${value}) necesita un valor que la prueba de flota no conoce: añádelo en api/fleet/deploy-files.ts`);
    env[key] = String(value);
  }
  return { ...env, ...replaced };
}

/** haproxy.cfg with this run's listen address and replicas in place of compose's `api1`/`api2`. */
export function haproxyConfig(opts: { bind: string; servers: string[] }): string {
  const text = fs.readFileSync(path.join(DEPLOY_DIR, 'haproxy.cfg'), 'utf8');
  const lines = text.split('\n');
  const firstServer = lines.findIndex((l) => /^\s+server api\d/.test(l));
  if (firstServer < 0) throw new Error('haproxy.cfg: no hay líneas `server api…`');
  const indent = /^\s+/.exec(lines[firstServer]!)![0];
  const servers = opts.servers.map((address, i) => `${indent}server api${i + 1} ${address} check`);
  const kept = lines.filter((l) => !/^\s+server api\d/.test(l));
  kept.splice(firstServer, 0, ...servers);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder in the compose file, not a template
  return kept.join('\n').replace('"${TAQUILLA_BIND}"', opts.bind);
}

/**
 * HAProxy (`bin`) with haproxy.cfg (`haproxyConfig`) on 127.0.0.1:`port` in front of `servers`,
 * resolved once it answers `/readyz` and every server has had time for two health checks
 * (`inter 300ms rise 2`); `stop` ends it. The fleet test and the waiting-room bench use it.
 */
export async function startBalancer(opts: { bin: string; port: number; servers: string[] }): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig({ bind: `127.0.0.1:${opts.port}`, servers: opts.servers }));
  const child = spawn(opts.bin, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  let running = true;
  const ended = new Promise<string>((resolve) => {
    child.once('error', (err) => resolve(`HAProxy (${opts.bin}): ${err.message} — apt-get install -y haproxy`));
    child.once('exit', (code, signal) => resolve(`HAProxy terminó (${code ?? signal})`));
  }).finally(() => (running = false));
  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      await ended;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${opts.port}`;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const answers = async () => {
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  };
  const ready = async () => {
    const deadline = Date.now() + 30_000;
    while (!(await answers())) {
      if (Date.now() > deadline) throw new Error('el balanceador no respondió /readyz en 30 s');
      await sleep(100);
    }
    await sleep(1_000);
  };
  try {
    await Promise.race([
      ready(),
      ended.then((why) => {
        throw new Error(why);
      }),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
