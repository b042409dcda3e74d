/**
 * The fleet test: `pnpm --filter @taquilla/api fleet` (part of `npm test` when HAProxy is
 * installed and TEST_DATABASE_URL is set). Runs, on this machine, what platform/deploy/compose.yaml
 * describes: the server folder the image holds (platform/deploy/assemble.mjs), its migration step
 * (`node api/dist/migrate.mjs`), three API processes (`node api/dist/main.mjs`) with the compose
 * file's settings, on PostgreSQL, Redis and the remotes' origin, behind HAProxy with the compose
 * file's haproxy.cfg. Then checks, as a buyer, ops and the balancer would:
 *
 * 1. a release is served by every process within 2 s;
 * 2. no chunk request 404s, whichever process answers;
 * 3. a hold through one process reaches availability streams on the other two;
 * 4. `kill -9` of one process during a storm of holds and sales: no confirmed sale lost, nothing
 *    sold twice, buyers carry on through the others;
 * 5. a rolling restart (SIGTERM one at a time) drops no request;
 * and prints holds per second through three processes against one on the same database.
 * Prints one line per check, the figures, then `N passed, N failed`; exit code 1 on a failure.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { agent, httpCall, type HttpAnswer } from '../test/support/api-process';
import { CARDS, cardToken } from '../test/support/http-sale';
import { API_KEY, backInRotation, type Cleanups, type Fleet, type Replica, sleep, startFleet, status, waitFor } from './fleet-setup';

const REPLICAS = 3;
const results: { name: string; ok: boolean; detail: string }[] = [];
const figures: [string, string][] = [];
const cleanups: Cleanups = [];

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function check(name: string, run: () => Promise<string>): Promise<void> {
  const started = Date.now();
  try {
    const detail = await run();
    results.push({ name, ok: true, detail });
    log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) ${detail}`);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, detail });
    log(`✖ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) ${detail}`);
  }
}

function must(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------- HTTP helpers

function call<T = Record<string, unknown>>(
  base: string,
  opts: { method?: string; path: string; body?: unknown; headers?: Record<string, string>; localAddress?: string },
): Promise<HttpAnswer<T>> {
  const headers = { ...(opts.path.startsWith('/api/v1/') ? { 'x-api-key': API_KEY } : {}), ...opts.headers };
  return httpCall<T>(base, { ...opts, headers });
}

/**
 * A buyer's own address: each buyer connects from a loopback address of its own, which the
 * balancer forwards (X-Forwarded-For, TRUST_PROXY=1), so the per-client limits count each buyer
 * as they would on the internet. (A forged X-Forwarded-For is not trusted through the balancer.)
 */
const clientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function withRetries<T>(attempt: () => Promise<HttpAnswer<T>>, retryable = (a: HttpAnswer<T>) => a.status >= 502): Promise<HttpAnswer<T>> {
  let last: unknown;
  for (let i = 0; i < 8; i += 1) {
    try {
      const answer = await attempt();
      if (!retryable(answer)) return answer;
      last = new Error(`HTTP ${answer.status}`);
    } catch (err) {
      last = err;
    }
    await sleep(150 * (i + 1));
  }
  throw last;
}

// ---------------------------------------------------------------------------------- data

// Set once the fleet is up (main).
let fleet: Fleet;
let replicas: Replica[] = [];
let lb = '';
let database: Database;

async function sectionWithSeats(min: number, skipEventos: number[] = []): Promise<{ eventoId: number; seccionId: number; seats: number[] }> {
  const [row] = await queryRows<{ evento_id: number; seccion_id: number }>(
    database.db,
    sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
         where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' and ea.reserva_id is null
           ${
             skipEventos.length
               ? sql`and e.id not in (${sql.join(
                   skipEventos.map((id) => sql`${id}`),
                   sql`, `,
                 )})`
               : sql``
           }
         group by 1, 2 having count(*) >= ${min} order by count(*) desc limit 1`,
  );
  must(row, `ninguna sección con ${min} asientos libres`);
  const seats = await queryRows<{ id: number }>(
    database.db,
    sql`select id from evento_asientos where evento_id = ${row.evento_id} and seccion_id = ${row.seccion_id} and estado = 'disponible' and reserva_id is null order by id`,
  );
  return { eventoId: row.evento_id, seccionId: row.seccion_id, seats: seats.map((s) => s.id) };
}

// ---------------------------------------------------------------------------------- checks

async function releaseReachesEveryProcess(): Promise<string> {
  const registry = (await (await fetch(`${replicas[0]!.base}/remotes/remotes.json`)).json()) as { remotes: Record<string, { current: string }> };
  const [major, minor] = registry.remotes.catalog!.current.split('.');
  const version = `${major}.${minor}.${Date.now() % 100_000}`;
  fleet.release('catalog', version);
  const waits = await Promise.all(
    replicas.map((r) =>
      waitFor(
        `réplica ${r.index} con catalog ${version}`,
        async () =>
          ((await (await fetch(`${r.base}/remotes/remotes.json`)).json()) as { remotes: Record<string, { current: string }> }).remotes.catalog?.current ===
          version,
        10_000,
        25,
      ),
    ),
  );
  const slowest = Math.max(...waits);
  figures.push(['Release → las 3 réplicas la sirven', `${slowest} ms (mínimo exigido ≤ 2000 ms)`]);
  must(slowest <= 2_000, `la más lenta tardó ${slowest} ms`);
  return `catalog ${version}: ${waits.map((w) => `${w} ms`).join(', ')}`;
}

async function chunksNever404(): Promise<string> {
  let fetched = 0;
  const missing: string[] = [];
  for (let load = 0; load < 12; load += 1) {
    const page = await fetch(`${lb}/eventos`, { headers: { accept: 'text/html' } });
    must(page.status === 200, `/eventos → ${page.status}`);
    await page.text();
    const registry = (await (await fetch(`${lb}/remotes/remotes.json`)).json()) as {
      remotes: Record<string, { current: string; history: { version: string; entry: string }[] }>;
    };
    for (const [name, remote] of Object.entries(registry.remotes)) {
      const entry = remote.history.find((h) => h.version === remote.current)!.entry;
      const manifestUrl = `${lb}/remotes/${entry}`;
      const manifest = (await (await fetch(manifestUrl)).json()) as {
        metaData: { remoteEntry: { name: string; path: string } };
        exposes: { assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[];
      };
      const dir = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
      const files = new Set([path.posix.join(manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name)]);
      for (const e of manifest.exposes) for (const f of [...e.assets.js.sync, ...e.assets.js.async, ...e.assets.css.sync, ...e.assets.css.async]) files.add(f);
      for (const f of files) {
        const code = await status(`${dir}${f.replace(/^\//, '')}`);
        fetched += 1;
        if (code !== 200) missing.push(`${name}/${f} → ${code}`);
      }
    }
  }
  must(missing.length === 0, `${missing.length} de ${fetched}: ${missing.slice(0, 5).join('; ')}`);
  return `${fetched} archivos de los remotos por el balanceador, 0 fallidos`;
}

function openStream(base: string, eventoId: number, onEvent: (event: string, data: unknown) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v1/eventos/${eventoId}/disponibilidad?apiKey=${API_KEY}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) onEvent(event, JSON.parse(data));
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

async function holdReachesOtherProcesses(): Promise<string> {
  const { eventoId, seats } = await sectionWithSeats(20);
  const seat = seats[0]!;
  const seen: number[] = [];
  let sent = 0;
  const closes = await Promise.all(
    replicas.slice(1).map((r) =>
      openStream(r.base, eventoId, (event, data) => {
        const asientos = (data as { asientos?: { id: number }[] }).asientos ?? [];
        if (event === 'asientos' && asientos.some((a) => a.id === seat)) seen.push(Date.now() - sent);
      }),
    ),
  );
  try {
    await sleep(300);
    sent = Date.now();
    const held = await call(replicas[0]!.base, {
      path: `/api/v1/eventos/${eventoId}/reservarInvitado`,
      body: { asientosReserva: [{ id: seat }], nombre: 'Flota Uno', correo: `flota.${randomUUID().slice(0, 8)}@ejemplo.mx` },
      localAddress: clientAddress(),
    });
    must(held.status === 201, `la reserva respondió ${held.status}: ${JSON.stringify(held.body)}`);
    await waitFor('el aviso en las otras réplicas', async () => seen.length >= REPLICAS - 1, 5_000, 20);
  } finally {
    for (const close of closes) close();
  }
  figures.push(['Reserva en una réplica → flujos de las otras dos', `${Math.max(...seen)} ms`]);
  return `asiento ${seat}: ${seen.map((ms) => `${ms} ms`).join(', ')}`;
}

interface Outcome {
  reservaId: string;
  seats: number[];
  confirmed: boolean;
}

/** One buyer: hold 1–2 seats, pay with the approved card, through the balancer, retrying on 5xx or a dropped connection. */
async function buyer(eventoId: number, seats: number[]): Promise<Outcome | null> {
  const localAddress = clientAddress();
  const correo = `flota.${randomUUID().slice(0, 10)}@ejemplo.mx`;
  const held = await withRetries(() =>
    call<{ reservaId?: string }>(lb, {
      path: `/api/v1/eventos/${eventoId}/reservarInvitado`,
      body: { asientosReserva: seats.map((id) => ({ id })), nombre: 'Ana Flota', correo },
      localAddress,
    }),
  );
  if (held.status !== 201) return null; // taken by another buyer: a correct answer
  const reservaId = held.body.reservaId!;
  const resumen = await withRetries(() => call<{ total: number }>(lb, { path: `/api/v1/eventos/${eventoId}/reservas/${reservaId}/resumen`, localAddress }));
  must(resumen.status === 200, `resumen ${resumen.status}`);
  const token = await cardToken(fleet.sandboxUrl, CARDS.APPROVED).catch(async () => {
    await sleep(300);
    return cardToken(fleet.sandboxUrl, CARDS.APPROVED);
  });
  const paid = await withRetries(() =>
    call<{ cargo?: { pagado: boolean } }>(lb, {
      path: '/api/v1/pagos/make/cargo_invitado',
      body: { reservaId, esGeneral: false, tipoDispositivo: 'web', source_id: token, device_session_id: 'flota', amount: resumen.body.total },
      localAddress,
    }),
  );
  return { reservaId, seats, confirmed: paid.status === 200 && paid.body.cargo?.pagado === true };
}

async function killDuringStorm(): Promise<string> {
  const { eventoId, seats } = await sectionWithSeats(150);
  const victim = replicas[1]!;
  const outcomes: (Outcome | null)[] = [];
  const errors: string[] = [];
  let next = 0;
  // 120 purchases from 24 buyers at a time; every 10th wants a seat someone else wants too.
  const jobs = Array.from({ length: 120 }, (_, i) => (i % 10 === 9 ? [seats[i - 1]!] : [seats[i]!]));
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        outcomes.push(await buyer(eventoId, job));
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  const storm = Promise.all(Array.from({ length: 24 }, worker));
  await sleep(1_500);
  const killedAt = next;
  await fleet.stopReplica(victim, 'SIGKILL');
  await storm;
  await fleet.startReplica(victim);

  const confirmed = outcomes.filter((o): o is Outcome => o?.confirmed === true);
  const rows = await queryRows<{ id: string; estado: string; boletos: number; cantidad: number }>(
    database.db,
    sql`select r.id::text, r.estado, r.cantidad, (select count(*)::int from boletos b where b.reserva_id = r.id) as boletos
          from reservas r where r.id in (${sql.join(
            confirmed.map((o) => sql`${o.reservaId}`),
            sql`, `,
          )})`,
  );
  const lost = rows.filter((r) => r.estado !== 'vendida' || r.boletos !== r.cantidad).length + (confirmed.length - rows.length);
  const twice = await queryRows(
    database.db,
    sql`select evento_asiento_id from boletos where evento_id = ${eventoId} and evento_asiento_id is not null group by 1 having count(*) > 1`,
  );
  const unbacked = await queryRows(
    database.db,
    sql`select ea.id from evento_asientos ea left join boletos b on b.evento_asiento_id = ea.id where ea.evento_id = ${eventoId} and ea.estado = 'vendido' group by ea.id having count(b.id) <> 1`,
  );
  figures.push(['Ventas confirmadas perdidas tras `kill -9`', `${lost} de ${confirmed.length}`]);
  must(errors.length === 0, `${errors.length} compradores no pudieron seguir: ${errors.slice(0, 3).join('; ')}`);
  must(lost === 0, `${lost} ventas confirmadas no quedaron vendidas con sus boletos`);
  must(twice.length === 0 && unbacked.length === 0, `asientos vendidos dos veces: ${twice.length}; vendidos sin boleto: ${unbacked.length}`);
  must(confirmed.length >= 60, `solo ${confirmed.length} ventas confirmadas: la tormenta no probó nada`);
  return `${confirmed.length} ventas confirmadas (kill -9 tras ${killedAt} compras iniciadas), 0 perdidas, 0 vendidas dos veces`;
}

async function rollingRestartDropsNothing(): Promise<string> {
  const { eventoId } = await sectionWithSeats(10);
  let stop = false;
  let ok = 0;
  const failures: string[] = [];
  // What buyers ask for (not /readyz: a draining replica's 503 there is the signal, not a loss).
  const paths = ['/api/v1/eventos/get_all?tipoDispositivo=web', `/api/v1/eventos/${eventoId}/detalle`, '/eventos', '/remotes/remotes.json', '/livez'];
  const worker = async (w: number) => {
    for (let i = w; !stop; i += 1) {
      const p = paths[i % paths.length]!;
      try {
        const res = await call(lb, { path: p, headers: p === '/eventos' ? { accept: 'text/html' } : {} });
        if (res.status === 200) ok += 1;
        else failures.push(`${p} → ${res.status}`);
      } catch (err) {
        failures.push(`${p} → ${(err as Error).message}`);
      }
    }
  };
  const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  for (const r of replicas) {
    await fleet.stopReplica(r, 'SIGTERM');
    await fleet.startReplica(r);
    await backInRotation();
  }
  stop = true;
  await load;
  figures.push(['Peticiones perdidas en un reinicio escalonado', `${failures.length} de ${ok + failures.length}`]);
  must(failures.length === 0, `${failures.length} fallidas: ${failures.slice(0, 5).join('; ')}`);
  return `${ok} peticiones durante el reinicio de las ${REPLICAS} réplicas, 0 fallidas`;
}

async function holdsPerSecond(
  base: string,
  eventoId: number,
  seats: number[],
  seconds: number,
): Promise<{ answered: number; held: number; statuses: Record<number, number> }> {
  const until = Date.now() + seconds * 1000;
  let answered = 0;
  let held = 0;
  const statuses: Record<number, number> = {};
  const worker = async () => {
    while (Date.now() < until) {
      const seat = seats[randomInt(0, seats.length)]!;
      try {
        const res = await call(base, {
          path: `/api/v1/eventos/${eventoId}/reservarInvitado`,
          body: { asientosReserva: [{ id: seat }], nombre: 'Ana Carga', correo: `carga.${randomUUID().slice(0, 10)}@ejemplo.mx` },
          localAddress: clientAddress(),
        });
        answered += 1;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 201) held += 1;
      } catch {
        // counted as not answered
      }
    }
  };
  await Promise.all(Array.from({ length: 48 }, worker));
  return { answered: answered / seconds, held: held / seconds, statuses };
}

async function throughput(): Promise<string> {
  const busy = await sectionWithSeats(1_000);
  const half = Math.floor(busy.seats.length / 2);
  const one = await holdsPerSecond(replicas[0]!.base, busy.eventoId, busy.seats.slice(0, half), 4);
  const three = await holdsPerSecond(lb, busy.eventoId, busy.seats.slice(half), 4);
  const ratio = three.answered / one.answered;
  figures.push([
    'Reservas/s: 3 réplicas (balanceador) vs 1',
    `${three.answered.toFixed(0)} vs ${one.answered.toFixed(0)} respuestas/s (${ratio.toFixed(2)}×; 201/s: ${three.held.toFixed(0)} vs ${one.held.toFixed(0)}) — 2 núcleos: las réplicas comparten la CPU`,
  ]);
  must(three.held > 0 && one.held > 0, `ninguna reserva lograda: ${JSON.stringify({ tres: three.statuses, una: one.statuses })}`);
  return `${ratio.toFixed(2)}× (${JSON.stringify({ tres: three.statuses, una: one.statuses })})`;
}

// ---------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const baseUrl = process.env.FLEET_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.error('fleet: define TEST_DATABASE_URL (p. ej. postgres://postgres@127.0.0.1:5432/test)');
    process.exit(2);
  }
  const haproxyBin = process.env.HAPROXY ?? '/usr/sbin/haproxy';
  if (!fs.existsSync(haproxyBin)) {
    console.error(`fleet: falta HAProxy (${haproxyBin}): apt-get install -y haproxy`);
    process.exit(2);
  }
  fleet = await startFleet({ baseUrl, haproxyBin, replicas: REPLICAS, cleanups });
  ({ replicas, lb, database } = fleet);

  await check('una release llega a las tres réplicas en ≤ 2 s', releaseReachesEveryProcess);
  await check('ningún archivo de los remotos da 404, responda la réplica que responda', chunksNever404);
  await check('una reserva en una réplica llega a los flujos de las otras', holdReachesOtherProcesses);
  await check('kill -9 durante una tormenta de reservas y ventas: nada perdido ni vendido dos veces', killDuringStorm);
  await check('reinicio escalonado (SIGTERM una a una): ninguna petición perdida', rollingRestartDropsNothing);
  await check('reservas/s con tres réplicas frente a una (cifra)', throughput);
}

async function cleanup(): Promise<void> {
  agent.destroy();
  for (const c of cleanups.reverse()) {
    try {
      await c();
    } catch (err) {
      console.error('fleet: limpieza:', err);
    }
  }
}

main()
  .catch((err: unknown) => {
    results.push({ name: 'preparar la flota', ok: false, detail: String(err) });
    console.error(err);
  })
  // biome-ignore lint/nursery/noMisusedPromises: finally() waits for the promise its callback returns
  .finally(async () => {
    await cleanup();
    if (figures.length) {
      log('\n| Cifra | Valor |\n|---|---|');
      for (const [k, v] of figures) log(`| ${k} | ${v} |`);
    }
    const failed = results.filter((r) => !r.ok).length;
    log(`\n${results.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
