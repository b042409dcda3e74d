import { createHash } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/rows';
import { agent } from '../../test/support/api-process';
import { answeredByProcesses } from '../../test/support/metrics';
import { solve } from '../../test/support/sala-espera';
import { API_KEY, type Fleet, sleep } from '../fleet-setup';
import { call, type CheckRun, clientAddress, must, sectionWithSeats } from '../harness';

/**
 * The balancer's cache (platform/deploy/haproxy.cfg, `cache compartidas`): the answers that are
 * the same for every buyer reach the replicas about once a second however many ask, each with
 * bytes that match its ETag; a change is seen through it within about two seconds; anything
 * personal always reaches a replica. Counted from the replicas' side (their Prometheus counters).
 */

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET under /api/v1 through `base`, its body as bytes (still encoded: the test decodes it). */
function get(base: string, path: string, opts: { headers?: Record<string, string>; localAddress?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/v1${path}`,
      { agent, headers: { 'x-api-key': API_KEY, ...opts.headers }, ...(opts.localAddress ? { localAddress: opts.localAddress } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** HAProxy adds `Age` to what it serves from its cache; the API never sends one. */
const fromCache = (a: Raw) => a.headers.age !== undefined;

/** Both ETags of these answers end in the first 22 characters of the plain bytes' SHA-1 (base64url). */
function matchesEtag(a: Raw): boolean {
  const encoding = a.headers['content-encoding'];
  const plain = encoding === 'br' ? brotliDecompressSync(a.body) : encoding === 'gzip' ? gunzipSync(a.body) : a.body;
  return String(a.headers.etag ?? '').slice(-23, -1) === createHash('sha1').update(plain).digest('base64url').slice(0, 22);
}

const FILA = '/api/v1/eventos/:id/sala_espera/fila';
/** What the replicas themselves answered on `route` (their Prometheus counters). */
const servedByReplicas = (fleet: Fleet, route: string) =>
  answeredByProcesses(
    fleet.replicas.map((r) => r.metrics),
    route,
  );
const PERSONAL = '/api/v1/eventos/:id/sala_espera';

/** One browser: its own address and cookie jar. */
class Browser {
  readonly address = clientAddress();
  readonly jar = new Map<string, string>();
  private keep(answer: { headers: http.IncomingHttpHeaders }) {
    for (const c of answer.headers['set-cookie'] ?? []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  private get cookie(): Record<string, string> {
    return this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
  async estado(lb: string, eventoId: number): Promise<Raw> {
    const answer = await get(lb, `/eventos/${eventoId}/sala_espera`, { headers: this.cookie, localAddress: this.address });
    this.keep(answer);
    return answer;
  }
  async join(lb: string, eventoId: number): Promise<void> {
    const reto = await call(lb, { path: `/api/v1/eventos/${eventoId}/sala_espera/reto`, headers: this.cookie, localAddress: this.address });
    this.keep(reto);
    const joined = await call(lb, {
      path: `/api/v1/eventos/${eventoId}/sala_espera`,
      body: { altcha: await solve(reto.body as never) },
      headers: this.cookie,
      localAddress: this.address,
    });
    must(joined.status === 200, `unirse a la fila → ${joined.status}: ${JSON.stringify(joined.body)}`);
    this.keep(joined);
  }
}

async function ops(fleet: Fleet, body: Record<string, unknown>): Promise<void> {
  const res = await call(fleet.replicas[0]!.base, { path: '/api/v1/sala_espera/ops', body: { actor: 'flota', ...body } });
  must(res.status === 200, `ops ${String(body.accion)} → ${res.status}: ${JSON.stringify(res.body)}`);
}

/** GETs of `path` through the balancer from `workers` connections for `ms`: the answers and how many reached the replicas. */
async function burst(fleet: Fleet, path: string, workers: number, ms: number): Promise<{ answers: Raw[]; reached: number; seconds: number }> {
  const before = await servedByReplicas(fleet, FILA);
  const answers: Raw[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() - started < ms) answers.push(await get(fleet.lb, path));
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  return { answers, reached: (await servedByReplicas(fleet, FILA)) - before, seconds };
}

/** The waiting room's shared answer comes from the balancer's cache; the personal answer never does. */
export const sharedAnswerFromBalancerCache: CheckRun = async ({ fleet, figure }) => {
  const [evento] = await queryRows<{ id: number }>(fleet.database.db, sql`select id from eventos where mostrar_web and fecha > now() order by id desc limit 1`);
  must(evento, 'ningún evento web futuro');
  const eventoId = evento.id;
  const path = `/eventos/${eventoId}/sala_espera/fila`;
  await ops(fleet, { eventoId, accion: 'abrir', inicio: new Date(Date.now() + 3_600_000).toISOString(), ritmoPorMinuto: 60 });
  try {
    // One page after another on one connection: one answer a second reaches a replica (the
    // cache's second turns while it asks), every answer's bytes are those its ETag names.
    const one = await burst(fleet, path, 1, 2_000);
    const bad = one.answers.filter((a) => a.status !== 200 || !matchesEtag(a) || a.headers['set-cookie'] !== undefined);
    must(bad.length === 0, `${bad.length} respuestas mal: ${bad.map((a) => `${a.status} ${String(a.headers.etag)}`).join('; ')}`);
    must(
      one.reached <= Math.ceil(one.seconds) + 1,
      `${one.answers.length} peticiones seguidas en ${one.seconds.toFixed(1)} s llegaron ${one.reached} veces a las réplicas (sin caché: todas)`,
    );
    const etag = String(one.answers.at(-1)!.headers.etag);
    const conditional = await get(fleet.lb, path, { headers: { 'if-none-match': etag } });
    must(conditional.status === 304 || conditional.headers.etag !== etag, `If-None-Match con la ETag vigente → ${conditional.status}`);

    // A crowd: many connections at once. A miss is not shared (HAProxy 2.6 sends on every request
    // that arrives while the answer is on its way), so a few per second get through, not one.
    const crowd = await burst(fleet, path, 32, 2_000);
    must(
      crowd.answers.every((a) => a.status === 200 && matchesEtag(a)),
      'una respuesta de la multitud no es la que nombra su ETag',
    );
    must(crowd.reached * 10 < crowd.answers.length, `${crowd.answers.length} peticiones de 32 conexiones llegaron ${crowd.reached} veces a las réplicas`);
    figure(
      'Respuesta compartida de la fila por el balanceador',
      `1 conexión: ${one.answers.length} peticiones → ${one.reached} a las réplicas; 32 conexiones: ${crowd.answers.length} → ${crowd.reached} (${(crowd.seconds).toFixed(1)} s)`,
    );

    // Two browsers asking for their own answer in turn: each gets its own, every time from a replica.
    const [a, b] = [new Browser(), new Browser()];
    await a.join(fleet.lb, eventoId);
    const before = await servedByReplicas(fleet, PERSONAL);
    for (let i = 0; i < 5; i += 1) {
      for (const [browser, expected] of [
        [a, 'antes'],
        [b, 'sin_lugar'],
      ] as const) {
        const answer = await browser.estado(fleet.lb, eventoId);
        const estado = (JSON.parse(answer.body.toString('utf8')) as { estado: string }).estado;
        must(answer.status === 200 && estado === expected, `la respuesta personal de un navegador fue ${answer.status} '${estado}', se esperaba '${expected}'`);
        must(!fromCache(answer), 'una respuesta personal salió de la caché del balanceador');
        must(answer.headers['cache-control'] === 'no-store', `respuesta personal con Cache-Control ${String(answer.headers['cache-control'])}`);
      }
    }
    const personal = (await servedByReplicas(fleet, PERSONAL)) - before;
    must(personal >= 10, `10 respuestas personales, ${personal} contadas por las réplicas`);

    // Ops pause the line through one replica: the balancer shows it within about two seconds
    // (≤ 1 s in another replica's copy of the room, then ≤ 1 s in the cache).
    await ops(fleet, { eventoId, accion: 'pausar' });
    const paused = Date.now();
    for (;;) {
      const answer = await get(fleet.lb, path);
      if ((JSON.parse(answer.body.toString('utf8')) as { pausada: boolean }).pausada) break;
      must(Date.now() - paused <= 2_500, 'la pausa no se ve por el balanceador en 2,5 s');
      await sleep(50);
    }
    const seen = Date.now() - paused;
    figure('Pausa de la fila → visible por el balanceador', `${seen} ms (exigido ≤ 2500 ms)`);
    return `${one.answers.length + crowd.answers.length} respuestas compartidas, ${one.reached + crowd.reached} llegaron a las réplicas; 10 personales, todas a una réplica; pausa vista en ${seen} ms`;
  } finally {
    await ops(fleet, { eventoId, accion: 'cerrar' });
  }
};

/**
 * The seat snapshot (Vary: Accept-Encoding) from the balancer's cache: each client gets the copy
 * the API would send it (brotli, gzip or plain), never one it did not ask for.
 */
export const seatSnapshotFromBalancerCache: CheckRun = async ({ fleet, figure }) => {
  const { eventoId, seccionId } = await sectionWithSeats(fleet, 1);
  const path = `/eventos/${eventoId}/${seccionId}/filas_por_seccion`;
  const route = '/api/v1/eventos/:id/:seccionId/filas_por_seccion';
  // Accept-Encoding → the encoding the API sends for it.
  const cases: [string | undefined, string | undefined][] = [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
    ['identity', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ];
  const hits = new Map<string, number>();
  const before = await servedByReplicas(fleet, route);
  let asked = 0;
  for (let round = 0; round < 3; round += 1) {
    for (const [accept, encoding] of cases) {
      const answer = await get(fleet.lb, path, { headers: accept === undefined ? {} : { 'accept-encoding': accept } });
      asked += 1;
      const label = accept ?? '(sin Accept-Encoding)';
      must(answer.status === 200, `${label} → ${answer.status}`);
      must(
        answer.headers['content-encoding'] === encoding,
        `${label} → Content-Encoding ${String(answer.headers['content-encoding'])}, se esperaba ${String(encoding)}`,
      );
      must(matchesEtag(answer), `${label}: los bytes no son los que nombra la ETag ${String(answer.headers.etag)}`);
      if (fromCache(answer)) hits.set(label, (hits.get(label) ?? 0) + 1);
    }
  }
  const reached = (await servedByReplicas(fleet, route)) - before;
  const missing = cases.map(([accept]) => accept ?? '(sin Accept-Encoding)').filter((label) => !hits.has(label));
  must(missing.length === 0, `nunca servido desde la caché: ${missing.join(', ')}`);
  figure('Asientos de una sección por el balanceador (3 codificaciones)', `${asked} peticiones → ${reached} a las réplicas`);
  return `${asked} peticiones en ${cases.length} variantes de Accept-Encoding, ${reached} llegaron a las réplicas, cada una con su codificación`;
};
