import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenpaySandbox } from '@taquilla/openpay-sandbox';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { CONCURRENCY_JWT_SECRET, postJson, startApiProcess, type ApiProcess } from './support/api-process';
import { cardToken, CARDS, holdSeats, makeCargo, totalOf, type Buyer } from './support/http-sale';
import { pgScratchDatabase, shutDown } from './support/pg-scratch';
import { createUser } from './support/reservas';

/**
 * One invoice per purchase across processes: 2 API processes on one PostgreSQL database, each
 * purchase's 'Emitir factura' sent 10 times at once, alternating between them. Exactly one
 * answer issues it; the database holds one 'emitida' row and one invoice e-mail per purchase.
 */
const PURCHASES = 6;
const TRIES = 10;

let scratch: Awaited<ReturnType<typeof pgScratchDatabase>> | undefined;
let database: Database;
let servers: ApiProcess[] = [];
let sandbox: Awaited<ReturnType<typeof startOpenpaySandbox>> | undefined;
const sales: Array<{ reservaId: string; token: string; email: string }> = [];

beforeAll(async () => {
  scratch = await pgScratchDatabase('facturas');
  database = scratch.database;
  const db = database.db;
  const [pick] = await queryRows<{ evento_id: number; seccion_id: number }>(
    db,
    sql`select ea.evento_id, ea.seccion_id from evento_asientos ea join eventos e on e.id = ea.evento_id
         where e.mostrar_web and e.fecha > now() and ea.estado = 'disponible' and ea.hold_expires_at is null
         group by 1, 2 having count(*) >= ${PURCHASES} order by 1, 2 limit 1`,
  );
  const seats = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from evento_asientos where evento_id = ${pick!.evento_id} and seccion_id = ${pick!.seccion_id} and estado = 'disponible' and hold_expires_at is null order by id limit ${PURCHASES}`,
    )
  ).map((r) => r.id);
  // One Openpay sandbox (platform/openpay-sandbox) for both processes, as Openpay is one; card payments need no webhook.
  sandbox = await startOpenpaySandbox();
  const gateway = {
    OPENPAY_MERCHANT_ID: sandbox.merchantId,
    OPENPAY_PRIVATE_KEY: sandbox.privateKey,
    OPENPAY_PUBLIC_KEY: sandbox.publicKey,
    OPENPAY_API_URL: sandbox.url,
  };
  servers = await Promise.all([0, 1].map(() => startApiProcess(scratch!.url, { NODE_ENV: 'test', FACTURA_SOLICITUDES_POR_IP: '1000', ...gateway })));
  const base = servers[0]!.base;
  for (const seat of seats) {
    const user = await createUser(db, CONCURRENCY_JWT_SECRET);
    const buyer: Buyer = { token: user.token, nombre: 'Comprador', correo: user.email };
    const held = await holdSeats(base, pick!.evento_id, buyer, [seat]);
    expect(held.status).toBe(201);
    const hold = { reservaId: held.body.reservaId!, esGeneral: false };
    const paid = await makeCargo(base, hold, buyer, await cardToken(sandbox.url, CARDS.APPROVED), await totalOf(base, pick!.evento_id, hold.reservaId, buyer));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    sales.push({ reservaId: hold.reservaId, token: user.token, email: user.email });
  }
}, 180_000);

afterAll(async () => {
  await shutDown(servers, scratch);
  await sandbox?.close();
}, 60_000);

describe('facturas across two API processes', () => {
  it(`${TRIES} requests at once per purchase, through both processes: one invoice each`, async () => {
    const body = { rfc: 'MAG041126GT8', razonSocial: 'Mi Agencia', regimenFiscal: '601', codigoPostal: '06600', usoCfdi: 'G03' };
    const answers = await Promise.all(
      sales.map((s) =>
        Promise.all(
          Array.from({ length: TRIES }, (_, i) => postJson<{ message: string }>(servers[i % 2]!.base, `/facturas/compras/${s.reservaId}`, body, s.token)),
        ),
      ),
    );
    for (const perSale of answers) {
      expect(perSale.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of perSale.filter((x) => x.status !== 200)) expect(a.status, JSON.stringify(a.body)).toBe(409);
    }
    const rows = await queryRows<{ reserva_id: string; n: number; emitidas: number }>(
      database.db,
      sql`select reserva_id, count(*)::int as n, count(*) filter (where estado = 'emitida')::int as emitidas from facturas group by 1`,
    );
    expect(rows).toHaveLength(PURCHASES);
    for (const r of rows) expect({ n: Number(r.n), emitidas: Number(r.emitidas) }).toEqual({ n: 1, emitidas: 1 });
    for (const s of sales) {
      const [mail] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from email_outbox where "to" = ${s.email} and subject like 'Tu factura de %'`,
      );
      expect(Number(mail!.n)).toBe(1);
    }
  });
});
