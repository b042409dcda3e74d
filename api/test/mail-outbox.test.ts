import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './support/app';
import type { Database } from '../src/db/client';
import { backoffMs } from '../src/mail/mailer';
import { claimDue, insertMail, markFailed, markSent, outboxLagSeconds } from '../src/mail/outbox';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 180_000);
afterAll(async () => {
  await database.close();
  await drop();
});

const mail = (to: string) => ({ to, subject: 'Prueba', html: '<p>hola</p>', text: 'hola' });

describe('outbox claiming (the worker runs in every instance)', () => {
  it('concurrent claims never hand the same message to two workers; a lease hides it from the next pass', async () => {
    const tag = `claim-${Date.now()}`;
    for (let i = 0; i < 12; i++) await insertMail(database.db, mail(`${tag}-${i}@ejemplo.mx`), 'pendiente');
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => claimDue(database.db, { limit: 5, leaseMs: 60_000 })));
    const mine = [...a!, ...b!, ...c!].filter((r) => r.to.startsWith(tag));
    const ids = mine.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(12);
    expect(mine.every((r) => r.attempts === 1)).toBe(true);
    const again = await claimDue(database.db, { limit: 50, leaseMs: 60_000 });
    expect(again.filter((r) => r.to.startsWith(tag))).toEqual([]);
  });

  it("local messages are never claimed; sent ones are done; failures back off or end 'fallido'", async () => {
    const tag = `estado-${Date.now()}`;
    await insertMail(database.db, mail(`${tag}-local@ejemplo.mx`), 'local');
    const retry = await insertMail(database.db, mail(`${tag}-retry@ejemplo.mx`), 'pendiente');
    const done = await insertMail(database.db, mail(`${tag}-done@ejemplo.mx`), 'pendiente');
    const dead = await insertMail(database.db, mail(`${tag}-dead@ejemplo.mx`), 'pendiente');
    const claimed = (await claimDue(database.db, { limit: 50, leaseMs: 0 })).filter((r) => r.to.startsWith(tag));
    expect(claimed.map((r) => r.to).sort()).toEqual([`${tag}-dead@ejemplo.mx`, `${tag}-done@ejemplo.mx`, `${tag}-retry@ejemplo.mx`]);
    await markSent(database.db, done);
    await markFailed(database.db, retry, '451 ocupado', 60_000);
    await markFailed(database.db, dead, '550 no existe', null);
    const result = await database.db.execute(
      sql`SELECT "to", status, error, next_attempt_at > now() + interval '50 seconds' AS later FROM email_outbox WHERE "to" LIKE ${`${tag}%`} ORDER BY "to"`,
    );
    const rows = (result as unknown as { rows: Array<{ to: string; status: string; error: string | null; later: boolean }> }).rows;
    expect(rows.map((r) => [r.to.slice(tag.length + 1), r.status, r.error, r.later])).toEqual([
      ['dead@ejemplo.mx', 'fallido', '550 no existe', false],
      ['done@ejemplo.mx', 'enviado', null, false],
      ['local@ejemplo.mx', 'local', null, false],
      ['retry@ejemplo.mx', 'pendiente', '451 ocupado', true],
    ]);
  });

  it('the outbox lag is the age of the oldest due message; a message with attachments is claimed with them', async () => {
    const tag = `lag-${Date.now()}`;
    const attachments = [{ filename: 'boleto.pdf', contentType: 'application/pdf', base64: 'JVBERg==' }];
    const id = await insertMail(database.db, { ...mail(`${tag}@ejemplo.mx`), attachments }, 'pendiente');
    await database.db.execute(sql`UPDATE email_outbox SET next_attempt_at = now() - interval '120 seconds' WHERE id = ${id}`);
    expect(await outboxLagSeconds(database.db)).toBeGreaterThanOrEqual(119);
    const [claimed] = await claimDue(database.db, { limit: 1, leaseMs: 60_000, onlyId: id });
    expect(claimed).toMatchObject({ id, attempts: 1, attachments });
    expect(await claimDue(database.db, { limit: 1, leaseMs: 60_000, onlyId: id })).toEqual([]);
  });

  it('backoff doubles from 30 s and stops growing at an hour', () => {
    for (let i = 0; i < 50; i++) {
      expect(backoffMs(1)).toBeGreaterThanOrEqual(24_000);
      expect(backoffMs(1)).toBeLessThanOrEqual(36_000);
      expect(backoffMs(3)).toBeGreaterThanOrEqual(96_000);
      expect(backoffMs(30)).toBeLessThanOrEqual(3_600_000 * 1.2);
    }
  });
});
