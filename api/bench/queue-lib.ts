/**
 * What the waiting-room benches share (queue-bench.ts, queue-cost.ts): the processes' settings,
 * a node:http call (not fetch: the load generator shares the two cores with what it measures,
 * and fetch costs several times more CPU per request), the ALTCHA answer, the ops call and the
 * warm-up.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import http from 'node:http';

export const API_KEY = 'taquilla-bench-key';
export const OPS_TOKEN = 'bench-ops-token';

/** The settings of a bench's API process (queue-bench-server.ts), besides its database and ports. */
export const queueServerEnv = (pow: string) => ({
  API_KEY,
  OPS_TOKEN,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  TRUST_PROXY: '1',
  SALA_ESPERA_POW_DIFICULTAD: pow,
});

export type Answer = { status: number; ok: boolean; setCookie: string[]; text: string; json: () => unknown };
export type Target = { port: number; localAddress?: string; agent: http.Agent };

/** One HTTP call to 127.0.0.1, its whole answer read. */
export function request(to: Target, method: string, p: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: to.port,
        localAddress: to.localAddress,
        method,
        path: p,
        headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers,
        agent: to.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({ status, ok: status >= 200 && status < 300, setCookie: res.headers['set-cookie'] ?? [], text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The `Cookie` header that an answer's Set-Cookie lines make. */
export const cookieOf = (answer: Answer) => answer.setCookie.map((c) => c.split(';')[0]).join('; ');

/** The join's body for a challenge: solved as the browser's widget does. */
export async function altchaBody(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return JSON.stringify({ altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') });
}

/** An ops call (abrir, cerrar, …) with the bench's ops token. */
export function ops(to: Target, body: Record<string, unknown>): Promise<Answer> {
  return request(
    to,
    'POST',
    '/api/v1/sala_espera/ops',
    { 'x-api-key': API_KEY, 'x-ops-token': OPS_TOKEN, 'content-type': 'application/json' },
    JSON.stringify({ actor: 'bench', ...body }),
  );
}

/**
 * Warm-up, not measured: the processes of an on-sale night have served for hours. Each target
 * serves `buyers` buyers of another event's room in turn (challenge, join, personal poll, shared
 * answer), so the JIT and the database pools are warm; that room is closed afterwards.
 */
export async function warmUp(targets: Target[], eventoId: number, buyers: number): Promise<void> {
  await ops(targets[0]!, { eventoId, accion: 'abrir', inicio: new Date(Date.now() + 3_600_000).toISOString(), ritmoPorMinuto: 3_000 });
  const base = `/api/v1/eventos/${eventoId}/sala_espera`;
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < buyers) {
        const i = next++;
        const to = targets[i % targets.length]!;
        const headers = { 'x-api-key': API_KEY, 'x-forwarded-for': `172.16.${(i >> 8) & 255}.${i & 255}` };
        const challenge = (await request(to, 'GET', `${base}/reto`, headers)).json() as Challenge;
        const joined = await request(to, 'POST', base, { ...headers, 'content-type': 'application/json' }, await altchaBody(challenge));
        await request(to, 'GET', base, { ...headers, cookie: cookieOf(joined) });
        await request(to, 'GET', `${base}/fila`, headers);
      }
    }),
  );
  await ops(targets[0]!, { eventoId, accion: 'cerrar' });
}
