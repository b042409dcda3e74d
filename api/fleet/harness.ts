import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/rows';
import { httpCall, type HttpAnswer } from '../test/support/api-process';
import { API_KEY, type Fleet, sleep } from './fleet-setup';

/** What every check of the fleet test (fleet/checks/*.ts) is given. */
export interface FleetCheck {
  /** The running fleet: its replicas, the balancer, the database. */
  fleet: Fleet;
  /** Adds a row to the figures table printed at the end. */
  figure(name: string, value: string): void;
}

/** A check answers a one-line detail or throws (with `must`) why it failed. */
export type CheckRun = (ctx: FleetCheck) => Promise<string>;

export const REPLICAS = 3;

export function must(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** An HTTP call to `base` (a replica or the balancer); the API's paths carry the fleet's key. */
export function call<T = Record<string, unknown>>(
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
export const clientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

export async function withRetries<T>(attempt: () => Promise<HttpAnswer<T>>, retryable = (a: HttpAnswer<T>) => a.status >= 502): Promise<HttpAnswer<T>> {
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

/** The web event section with the most free seats (at least `min`), and those seats in order. */
export async function sectionWithSeats(fleet: Fleet, min: number): Promise<{ eventoId: number; seccionId: number; seats: number[] }> {
  const [row] = await queryRows<{ evento_id: number; seccion_id: number }>(
    fleet.database.db,
    sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
         where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' and ea.reserva_id is null
         group by 1, 2 having count(*) >= ${min} order by count(*) desc limit 1`,
  );
  must(row, `ninguna sección con ${min} asientos libres`);
  const seats = await queryRows<{ id: number }>(
    fleet.database.db,
    sql`select id from evento_asientos where evento_id = ${row.evento_id} and seccion_id = ${row.seccion_id} and estado = 'disponible' and reserva_id is null order by id`,
  );
  return { eventoId: row.evento_id, seccionId: row.seccion_id, seats: seats.map((s) => s.id) };
}
