import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/rows';
import { pickEvento } from './reservas';
import { buildSaleApp, saleKit } from './sale';
import type { SandboxApp } from './sandbox';

/** Sandbox test cards: a credit Mastercard that takes 3 and 6 months only, and a debit card (no plan). */
export const MASTERCARD_3_6 = '5555555555554444';
export const DEBIT = '4000000000000002';

interface DiferidosApp {
  t: SandboxApp;
  ev: Awaited<ReturnType<typeof pickEvento>>;
  jwtSecret: string;
}

/**
 * The app of a deferred-payment test file (meses sin intereses, cash, SPEI) on the Openpay
 * sandbox: built before the file's first test, closed after its last (read `h`'s fields inside
 * tests), on an event 30 days away whose plans are 3, 6 and 9 months from $1.00 and 12 only from
 * $10,000,000.00, with the default deadlines. With the sale's steps (`saleKit`) and these payments'.
 */
export function diferidosAppPerFile() {
  const h = {} as DiferidosApp;
  beforeAll(async () => {
    const t = await buildSaleApp();
    const ev = await pickEvento(t.database.db, 40);
    await t.database.db.execute(sql`update eventos set fecha = now() + interval '30 days',
      planes_msi = ${JSON.stringify([
        { meses: 3, minimo: 100 },
        { meses: 6, minimo: 100 },
        { meses: 9, minimo: 100 },
        { meses: 12, minimo: 1_000_000_000 },
      ])}::jsonb,
      plazo_efectivo_minutos = null, plazo_spei_minutos = null where id = ${ev.eventoId}`);
    Object.assign(h, { t, ev, jwtSecret: t.app.config.jwtSecret });
  });
  afterAll(async () => h.t?.close());
  const kit = saleKit(() => ({ t: h.t, eventoId: h.ev.eventoId, seccionId: h.ev.seccionId }));

  /** make/cargo (with a session `token`) or make/cargo_invitado with a new token of `card`, in `meses` months (null: in one go). */
  async function payMsi(reservaId: string, card: string, meses: number | null, token?: string) {
    const { total } = await kit.resumen(reservaId, token);
    const body = { reservaId, source_id: await kit.cardToken(card), device_session_id: 'dev-1', amount: total, meses };
    return kit.post(token ? '/pagos/make/cargo' : '/pagos/make/cargo_invitado', body, token);
  }

  /** make/referencia (with a session `token`) or make/referencia_invitado for the hold's total. */
  async function referencia(reservaId: string, metodo: 'efectivo' | 'spei', token?: string) {
    const { total } = await kit.resumen(reservaId, token);
    return kit.post(token ? '/pagos/make/referencia' : '/pagos/make/referencia_invitado', { reservaId, metodo, amount: total }, token);
  }

  /** The sandbox's till / bank page: pay the reference or let it expire (fires the webhook). */
  async function sandboxTill(chargeId: string, accion: 'pagar' | 'vencer') {
    const res = await h.t.app.inject({
      method: 'POST',
      url: `/sandbox/pagos/${chargeId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `accion=${accion}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }

  /** The e-mails queued for `to`, oldest first. */
  const mailsTo = (to: string) =>
    queryRows<{ subject: string; html: string; text: string; attachments: { filename: string; contentType: string; cid?: string; base64: string }[] | null }>(
      h.t.database.db,
      sql`select subject, html, text, attachments from email_outbox where "to" = ${to} order by created_at`,
    );

  return { h, ...kit, payMsi, referencia, sandboxTill, mailsTo };
}
