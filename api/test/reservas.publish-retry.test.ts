import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { DisponibilidadHub, type AvailabilityEvent } from '../src/modules/reservas/disponibilidad.hub';
import { DisponibilidadPublisher } from '../src/modules/reservas/disponibilidad.publisher';
import { buildTestApp, type TestApp } from './support/app';
import { freeSeats, pickEvento } from './support/reservas';

/**
 * Live availability when a batch cannot be sent (the database down, or every connection busy
 * for DB_POOL_WAIT_MS): the batch is queued again and reaches the open maps once the database
 * answers, with the seats' state at that moment.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { HOLD_SWEEP_SECONDS: '0' } });
});
afterAll(async () => t?.close());

/** The app's database, except that its first `failures` transactions fail as a busy pool's would. */
function flakyDb(db: Db, failures: number): { db: Db; attempts: () => number } {
  let attempts = 0;
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver);
      return (...args: unknown[]) => {
        attempts++;
        if (attempts <= failures) return Promise.reject(Object.assign(new Error('timeout exceeded when trying to connect'), { code: 'POOL_WAIT_TIMEOUT' }));
        return (target.transaction as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, attempts: () => attempts };
}

describe('a batch that fails', () => {
  it('is sent again, later, and the open map gets the seat as it is then', async () => {
    const db = t.database.db;
    const ev = await pickEvento(db, 20);
    const [seat] = await freeSeats(db, ev.eventoId, ev.seccionId, 1);
    const events: AvailabilityEvent[] = [];
    const hub = new DisponibilidadHub(db, t.database.kind, t.app.log);
    const unsubscribe = await hub.subscribe(ev.eventoId, (e) => events.push(e));
    const flaky = flakyDb(db, 2);
    const publisher = new DisponibilidadPublisher(flaky.db, t.app.log);
    try {
      await db.execute(sql`update evento_asientos set hold_expires_at = now() + interval '5 minutes' where id = ${seat}`);
      publisher.queue({ asientos: [seat!] });
      const seen = () => events.some((e) => e.event === 'asientos' && e.data.asientos.some((a) => a.id === seat && a.estado === 'reservado'));
      await expect.poll(seen, { timeout: 5_000 }).toBe(true);
      expect(flaky.attempts()).toBe(3);
    } finally {
      await publisher.close();
      unsubscribe();
      await hub.close();
    }
  });
});
