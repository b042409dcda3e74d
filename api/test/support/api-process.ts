import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Not ../helpers (it imports vitest): the benchmarks start these processes too.
import { DEFAULT_API_KEY as TEST_API_KEY } from '../../src/config';

/**
 * Real API processes (tsx src/main.ts) for the `*.pg.test.ts` files: several processes on one
 * PostgreSQL database, called over HTTP as browsers and the gateway would.
 */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CONCURRENCY_JWT_SECRET = 'secreto-de-concurrencia-0123456789-abcdef';

export interface ApiProcess {
  base: string;
  child: ChildProcess;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts one API process on `url` and waits for its health check. Production mode by default
 * (what a production start requires is set); `env` adds or overrides (the payment sandbox,
 * for one, never runs with NODE_ENV=production).
 */
export async function startApiProcess(url: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STOREFRONT: '0',
      NODE_ENV: 'production',
      // What a production start requires (src/production-check.ts).
      PUBLIC_URL: 'https://taquilla.example',
      LOG_LEVEL: 'warn',
      JWT_SECRET: CONCURRENCY_JWT_SECRET,
      API_KEY: TEST_API_KEY,
      MAIL_WORKER: '0',
      HOLD_SWEEP_SECONDS: '1',
      // Every buyer of these tests comes from 127.0.0.1: the per-IP hold limits have their own
      // tests (test/reservas.limits.test.ts, test/security/hoarding.test.ts).
      HOLD_MAX_PER_IP: '0',
      HOLD_CANCEL_MAX_PER_IP: '0',
      HOLD_MAX_PLACES_PER_IP: '0',
      // Stopped at the end of each file: no balancer to drain for (lifecycle.pg.test.ts sets one).
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/v1/health`, { headers: { 'x-api-key': TEST_API_KEY } }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child };
    if (Date.now() > deadline) throw new Error('API process did not start in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs `tsx src/main.ts` with only `env` (plus PATH, a fresh PGlite folder, no storefront, any
 * port) until it exits or 60 s pass: how a start that should be refused ends.
 */
export function runServerOnce(env: Record<string, string | undefined>, entry = 'src/main.ts'): SpawnSyncReturns<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-prod-'));
  try {
    return spawnSync(process.execPath, [path.join(API_DIR, 'node_modules/tsx/dist/cli.mjs'), entry], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH, STOREFRONT: '0', PORT: '0', PGLITE_DIR: path.join(tmp, 'db'), ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** SIGTERM to each process, resolved once all have exited. */
export async function stopApiProcesses(processes: ApiProcess[]): Promise<void> {
  for (const p of processes) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))));
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
}

/**
 * One HTTP call. `path` under the site root (`/api/v1/…` sends the API key too); a string body
 * is sent as given (a form), anything else as JSON. A non-JSON answer comes back as `{ text }`.
 */
export function httpCall<T = Record<string, unknown>>(
  base: string,
  opts: { method?: string; path: string; body?: unknown; token?: string; headers?: Record<string, string>; localAddress?: string },
): Promise<HttpAnswer<T>> {
  const data = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${opts.path}`,
      {
        method: opts.method ?? (data === undefined ? 'GET' : 'POST'),
        agent,
        // A loopback address of its own (127.x.y.z) is how one machine plays many clients.
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
        headers: {
          ...(data === undefined
            ? {}
            : {
                'content-type': typeof opts.body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
                'content-length': Buffer.byteLength(data),
              }),
          ...(opts.path.startsWith('/api/v1/') ? { 'x-api-key': TEST_API_KEY } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** POST under /api/v1 with a JSON body (and a session token when given). */
export function postJson<T = { reservaId?: string; message?: unknown }>(base: string, url: string, body: unknown, token?: string): Promise<HttpAnswer<T>> {
  return httpCall<T>(base, { path: `/api/v1${url}`, body, token });
}
