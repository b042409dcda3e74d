/**
 * The waiting room under an on-sale crowd, on PostgreSQL:  pnpm --filter @taquilla/api bench:queue
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL, and `haproxy` on PATH (or HAPROXY=<path>;
 * apt-get install -y haproxy). A fresh seeded database; one general-admission section of the
 * seed cut to BENCH_SEATS (5,000) places, every other place of its event blocked; two API
 * processes (queue-bench-server.ts) on it behind HAProxy with the shipped
 * platform/deploy/haproxy.cfg (`haproxyConfig`), as production runs them: the balancer's cache
 * answers the event's shared answer. BENCH_DIRECT=1: no balancer, the buyers alternate between
 * the two processes (for the comparison).
 *
 * BENCH_BUYERS (20,000) simulated buyers arrive evenly over BENCH_JOIN_SECONDS (60), each from its
 * own address (through the balancer a loopback address of its own, 127.x.y.z, which HAProxy
 * forwards in X-Forwarded-For; directly a forged X-Forwarded-For; TRUST_PROXY=1) with its own
 * cookies: it asks for the ALTCHA challenge, solves it (BENCH_POW, 100: the bench measures the server, not the buyers' CPUs),
 * joins, then waits as the waiting page does: with its number in line it reads the event's shared
 * answer (GET …/sala_espera/fila) on the interval the page works out, and asks for its personal
 * answer when its number is reached, the line changes (sold out, paused) or a minute has passed
 * (`desdeFila`, the page's own code); before the draw it asks for its personal answer on the
 * server's hint. Once admitted it holds one place (reservar_generales) with its pass. The sale starts BENCH_START_SECONDS (30) after the
 * first arrival, so the first half is in the draw, at BENCH_RATE (3,000) buyers a minute.
 *
 * Prints: joining p50/p99 (the POST that gives the place), admissions per minute against the
 * set rate (from the admission times in the database, start to sell-out), places held twice
 * (from the database), admitted buyers left without a hold or 'agotado', how long after the
 * sell-out the last buyer still waiting was told, and how many of the buyers' requests for the
 * shared answer reached the processes (their own Prometheus counters).
 */
import { desdeFila, PERSONAL_CADA_MS } from '@taquilla/shared/sala-espera';
import type { EstadoSala, FilaSala } from '@taquilla/shared/schemas/sala-espera';
import type { Challenge } from 'altcha-lib';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { startBalancer } from '../fleet/deploy-files';
import { freePort } from '../test/support/api-process';
import { answeredByProcesses } from '../test/support/metrics';
import { benchBaseUrl, scratchDatabase, seededSection, startReadyChild } from './bench-lib';
import { altchaBody, API_KEY, ops, queueServerEnv, request, type Target, warmUp } from './queue-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = benchBaseUrl();
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20_000);
const SEATS = Number(process.env.BENCH_SEATS ?? 5_000);
const JOIN_SECONDS = Number(process.env.BENCH_JOIN_SECONDS ?? 60);
const START_SECONDS = Number(process.env.BENCH_START_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 3_000);
const POW = String(process.env.BENCH_POW ?? 100);
const PORTS = [Number(process.env.BENCH_PORT ?? 3471), Number(process.env.BENCH_PORT ?? 3471) + 1];
const DIRECT = process.env.BENCH_DIRECT === '1';
const WARM = Number(process.env.BENCH_WARM ?? 1_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

const { url, drop } = await scratchDatabase(base, 'queue');
const stops: (() => Promise<void>)[] = [];
try {
  const { eventoId, seccionId } = await seededSection(
    url,
    sql`select l.evento_id, l.seccion_id, count(*)::int as n from evento_lugares_generales l join eventos e on e.id = l.evento_id
         where e.mostrar_web and e.fecha > now() group by 1, 2 having count(*) >= ${SEATS} order by 3 desc limit 1`,
  );
  const database = await openDatabase({ url, poolSize: 2 });
  const db = database.db;
  await db.execute(sql`update evento_asientos set estado = 'bloqueado' where evento_id = ${eventoId}`);
  await db.execute(sql`update evento_lugares_generales set estado = 'bloqueado' where evento_id = ${eventoId} and (seccion_id <> ${seccionId} or id not in (
      select id from evento_lugares_generales where evento_id = ${eventoId} and seccion_id = ${seccionId} order by id limit ${SEATS}))`);
  // Buyers may take as many as they like here; the line is what is measured.
  await db.execute(sql`update eventos set limite_de_asientos = 100 where id = ${eventoId}`);

  const env = {
    BENCH_DB_URL: url,
    ...queueServerEnv(POW),
    HOLD_MAX_PER_IP: '0',
    HOLD_CANCEL_MAX_PER_IP: '0',
    HOLD_SWEEP_SECONDS: '1',
    SSE_MAX_STREAMS: '0',
  };
  const metrics: string[] = [];
  for (const port of PORTS) {
    const metricsPort = await freePort();
    metrics.push(`http://127.0.0.1:${metricsPort}/metrics`);
    stops.push(await startReadyChild(path.join(here, 'queue-bench-server.ts'), { ...env, PORT_APP: String(port), PORT_METRICS: String(metricsPort) }));
  }
  const balancer = DIRECT
    ? null
    : await startBalancer({ bin: process.env.HAPROXY ?? 'haproxy', port: await freePort(), servers: PORTS.map((p) => `127.0.0.1:${p}`) });
  if (balancer) stops.unshift(balancer.stop);

  // Directly: a pool of connections per process, shared by the buyers. Through the balancer each
  // buyer has connections of its own (its own address), in an Agent of its own as a browser has
  // its own pool (`buyerAgent`); an idle one is closed after a second (a browser keeps it up to
  // the balancer's 10 s, but 20,000 open connections fit neither this process's descriptor limit
  // nor the balancer's maxconn), so a poll seconds later opens a new one. One Agent for every
  // buyer would stall this process: Node's Agent looks for a timed-out socket among the free
  // lists of all its addresses, so each idle close scanned ~20,000 lists (event loop blocked for
  // up to 16 s at a time, the buyers' latencies with it).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const buyerAgent = () => new http.Agent({ keepAlive: true, timeout: 1_000 });
  // The shared answer through the balancer: over one pool of kept-alive connections. It carries
  // nothing of the buyer (no cookie, no address rule) and the balancer answers it from its cache,
  // so which connection asks changes nothing but the TCP handshakes: a browser keeps its
  // connection between polls (2–7 s, within the balancer's 10 s keep-alive), and a new connection
  // per poll, as the 1 s idle close above would make it, measured this box's kernel and generator.
  const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const lbPort = balancer ? Number(new URL(balancer.url).port) : 0;
  const processes = PORTS.map((port) => ({ port, agent }));
  const [warmEvento] = await queryRows<{ id: number }>(db, sql`select id from eventos where id <> ${eventoId} and fecha > now() order by id limit 1`);
  await warmUp(processes, warmEvento!.id, WARM);

  const t0 = Date.now() + 2000;
  const inicio = new Date(t0 + START_SECONDS * 1000);
  const opened = await ops(processes[0]!, { eventoId, accion: 'abrir', inicio: inicio.toISOString(), ritmoPorMinuto: RATE });
  if (!opened.ok) throw new Error(`abrir: ${opened.status} ${opened.text}`);

  let requests = 0;
  let sharedRequests = 0;
  let personalPolls = 0;
  // The generator's own event-loop delay: a busy generator adds it to every latency it measures.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();

  const joinMs: number[] = [];
  /** Each join's second since the first arrival, beside its time: where in the sale the slow ones are. */
  const joinAt: number[] = [];
  let joinErrors = 0;
  let held = 0;
  const heldAt: number[] = [];
  let heldAgotado = 0;
  let holdOther = 0;
  let admitted = 0;
  const toldAt: number[] = [];
  /** Buyers who stopped with neither a hold nor 'agotado' (an unexpected state, or three failed tries). */
  let otherErrors = 0;
  /** What failed, by call and HTTP status or network error code: an answer of the system, or the generator's own connection. */
  const failures = new Map<string, number>();
  const fail = (what: string, why: string | number) => failures.set(`${what} ${why}`, (failures.get(`${what} ${why}`) ?? 0) + 1);

  async function buyer(i: number): Promise<void> {
    // Its address: through the balancer its connections' own, directly a forged header.
    const to: Target = DIRECT
      ? processes[i % 2]!
      : { port: lbPort, agent: buyerAgent(), localAddress: `127.${10 + ((i >> 16) & 255)}.${(i >> 8) & 255}.${i & 255}` };
    const forwarded: Record<string, string> = DIRECT ? { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } : {};
    const jar = new Map<string, string>();
    const shared: Target = DIRECT ? to : { port: lbPort, agent: sharedAgent };
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await request(
        p.endsWith('/sala_espera/fila') ? shared : to,
        method,
        `/api/v1${p}`,
        {
          'x-api-key': API_KEY,
          ...forwarded,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        },
        body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
      );
      requests++;
      for (const c of res.setCookie) {
        const [pair] = c.split(';');
        const k = pair!.indexOf('=');
        jar.set(pair!.slice(0, k), pair!.slice(k + 1));
      }
      return res;
    };
    // As the page does: a call that fails on the network is asked again after a second (three tries).
    const retried = async (what: string, method: string, p: string, body?: unknown) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await call(method, p, body);
          if (!res.ok && res.status !== 409) fail(what, res.status);
          return res;
        } catch (err) {
          fail(what, (err as NodeJS.ErrnoException).code ?? 'error');
          if (attempt === 3) throw err;
          await sleep(1000);
        }
      }
    };
    await sleep(t0 + (i * JOIN_SECONDS * 1000) / BUYERS - Date.now());
    const challenge = (await retried('reto', 'GET', `/eventos/${eventoId}/sala_espera/reto`)).json() as Challenge;
    const body = await altchaBody(challenge);
    const start = performance.now();
    const joined = await retried('unirse', 'POST', `/eventos/${eventoId}/sala_espera`, body);
    joinMs.push(performance.now() - start);
    joinAt.push((Date.now() - t0) / 1000);
    if (!joined.ok) {
      joinErrors++;
      return;
    }
    let estado = joined.json() as EstadoSala;
    let personal = { estado, at: Date.now() };
    for (;;) {
      if (estado.estado === 'admitido') {
        admitted++;
        const res = await retried('apartar', 'POST', `/eventos/${eventoId}/reservar_generales`, {
          seccionId,
          cantidadAsientos: 1,
          nombre: 'Comprador Banco',
          correo: `b${i}@ejemplo.mx`,
        });
        if (res.status === 201) {
          held++;
          heldAt.push(Date.now());
        } else if (res.status === 409) heldAgotado++;
        else holdOther++;
        return;
      }
      if (estado.estado === 'agotado') {
        toldAt.push(Date.now());
        return;
      }
      if (estado.estado !== 'antes' && estado.estado !== 'esperando') {
        otherErrors++;
        return;
      }
      // The page's own schedule: the hint of its last answer.
      await sleep(estado.siguienteConsultaMs);
      // With a number in line: the shared answer, until the personal one is due (the page's rule).
      let view: EstadoSala | null = null;
      if (personal.estado.estado === 'esperando' && Date.now() - personal.at < PERSONAL_CADA_MS) {
        const res = await retried('compartida', 'GET', `/eventos/${eventoId}/sala_espera/fila`);
        sharedRequests++;
        if (res.ok) view = desdeFila(personal.estado, res.json() as FilaSala);
      }
      if (view) {
        estado = view;
        continue;
      }
      const res = await retried('personal', 'GET', `/eventos/${eventoId}/sala_espera`);
      personalPolls++;
      if (!res.ok) {
        await sleep(2000);
        continue;
      }
      estado = res.json() as EstadoSala;
      personal = { estado, at: Date.now() };
    }
  }

  console.log(
    `bench:queue — ${BUYERS} compradores en ${JOIN_SECONDS} s, ${SEATS} lugares, ritmo ${RATE}/min, inicio a los ${START_SECONDS} s; 2 procesos API ${DIRECT ? 'sin balanceador (BENCH_DIRECT=1)' : 'detrás de HAProxy (platform/deploy/haproxy.cfg)'}; PostgreSQL`,
  );
  const began = Date.now();
  await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i).catch(() => void otherErrors++)));
  lag.disable();
  const seconds = (Date.now() - began) / 1000;

  const [soldOut] = await queryRows<{ agotado: Date | string | null }>(db, sql`select agotado_en as agotado from salas_espera where evento_id = ${eventoId}`);
  const soldOutAt = soldOut?.agotado ? new Date(soldOut.agotado).getTime() : NaN;
  // Sold out: the later of the last hold's answer and the moment the room recorded it.
  const lastHoldAt = heldAt.length ? Math.max(...heldAt) : soldOutAt;
  const [rate] = await queryRows<{ n: number; primero: Date | string; ultimo: Date | string }>(
    db,
    sql`select count(*)::int as n, min(admitido_en) as primero, max(admitido_en) as ultimo from sala_espera_lugares where evento_id = ${eventoId} and admitido_en is not null`,
  );
  const spanMin = (new Date(rate!.ultimo).getTime() - new Date(rate!.primero).getTime()) / 60_000;
  // Admissions after the first, over the time between the first and the last admission.
  const perMinute = (Number(rate!.n) - 1) / spanMin;
  const [twice] = await queryRows<{ dobles: number; apartados: number }>(
    db,
    sql`select (count(*) - count(distinct reserva_id))::int as dobles, count(*)::int as apartados
          from evento_lugares_generales where evento_id = ${eventoId} and seccion_id = ${seccionId} and reserva_id is not null and hold_expires_at > now()`,
  );
  const tellLag = toldAt.length ? (Math.max(...toldAt) - Math.max(Number.isNaN(soldOutAt) ? 0 : soldOutAt, lastHoldAt)) / 1000 : NaN;
  console.log(
    `unirse (POST, ${joinMs.length}): p50 ${pct(joinMs, 50).toFixed(1)} ms · p99 ${pct(joinMs, 99).toFixed(1)} ms · errores ${joinErrors}  (meta p99 ≤ 200 ms)`,
  );
  // The join's p99 by 5-second window of the arrivals, so a tail is placed in the sale (the draw at the start, …).
  const windows = new Map<number, number[]>();
  joinAt.forEach((at, i) => {
    const w = Math.floor(at / 5) * 5;
    windows.set(w, [...(windows.get(w) ?? []), joinMs[i]!]);
  });
  console.log(
    `unirse, p99 por ventana de 5 s (s desde la primera llegada; inicio a los ${START_SECONDS} s): ${[...windows]
      .sort((a, b) => a[0] - b[0])
      .map(([w, ms]) => `${w}: ${pct(ms, 99).toFixed(0)}`)
      .join(' · ')} ms`,
  );
  console.log(
    `admisión: ${perMinute.toFixed(0)}/min contra ${RATE}/min fijado (${((perMinute / RATE - 1) * 100).toFixed(1)} %; meta ±5 %) — ${rate!.n} admitidos en ${(spanMin * 60).toFixed(1)} s`,
  );
  console.log(
    `apartados: ${held} con lugar, ${heldAgotado} 'agotado', ${holdOther} otra respuesta, de ${admitted} admitidos (meta: todos con lugar o 'agotado'); lugares apartados en la base ${twice!.apartados}; lugares de más en una reserva ${twice!.dobles}; respuestas 201 sin un lugar propio: ${held - twice!.apartados}`,
  );
  console.log(
    `peticiones: ${requests} en ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s; consultas: ${sharedRequests} a la respuesta compartida, ${personalPolls} personales); retraso del generador p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms · p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms · máx ${(lag.max / 1e6).toFixed(0)} ms`,
  );
  console.log(`agotado: ${toldAt.length} avisados; el último ${tellLag.toFixed(1)} s después de agotarse (meta ≤ 10 s); compradores perdidos ${otherErrors}`);
  console.log(
    `fallos (llamada, estado HTTP o error de red del generador; reintentados hasta 3 veces): ${
      failures.size
        ? [...failures]
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => `${k}: ${n}`)
            .join(' · ')
        : 'ninguno'
    }`,
  );
  const reached = await answeredByProcesses(metrics, '/api/v1/eventos/:id/sala_espera/fila');
  console.log(
    `respuesta compartida: ${sharedRequests} pedidas por los compradores, ${reached} llegaron a los procesos (contadas por ellos)${DIRECT ? ' — sin balanceador' : ''}`,
  );
  await database.close();
} finally {
  for (const stop of stops) await stop();
  await drop();
}
