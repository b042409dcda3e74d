import escapeHtml from 'escape-html';
import { formatDateTime, formatMoney } from '@taquilla/shared/format';

/** The sandbox's pages for browsers (Spanish, like a Mexican bank's), from a charge as Openpay answers it. */

type Json = Record<string, unknown>;
const esc = (value: string) => escapeHtml(value);
/** Openpay's amounts are pesos with two decimals; the shared formatter takes centavos. */
const money = (charge: Json) => formatMoney(Math.round(Number(charge.amount) * 100));

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#eef1f5;color:#1b1d24;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:24px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:20px;margin:0 0 4px} .banco{color:#0b5394;font-weight:700;letter-spacing:.5px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:16px 0} dt{color:#555} dd{margin:0;font-weight:600}
.acciones{display:flex;gap:12px;margin-top:20px} button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:2px solid #0b5394;cursor:pointer}
button:focus-visible{outline:3px solid #fdb900;outline-offset:2px}
.autorizar{background:#0b5394;color:#fff} .rechazar{background:#fff;color:#0b5394}
.nota{font-size:13px;color:#666;margin-top:16px}
</style></head><body><main>${body}</main></body></html>`;
}

export function bankPage(charge: Json, action: string): string {
  const c = charge.card as { brand: string; card_number: string; bank_name: string } | undefined;
  const card = c ? `${c.brand.toUpperCase()} •••• ${c.card_number.slice(-4)}` : '';
  return layout(
    'Verificación 3-D Secure',
    `<p class="banco">${esc(c?.bank_name ?? 'Banco de Pruebas')}</p>
<h1>Confirma tu compra</h1>
<p>Tu banco necesita que autorices este pago con tarjeta.</p>
<dl><dt>Comercio</dt><dd>Taquilla</dd><dt>Importe</dt><dd>${esc(money(charge))} MXN</dd>${card ? `<dt>Tarjeta</dt><dd>${esc(card)}</dd>` : ''}</dl>
<form method="post" action="${esc(action)}" class="acciones">
<button type="submit" name="accion" value="autorizar" class="autorizar">Autorizar</button>
<button type="submit" name="accion" value="rechazar" class="rechazar">Rechazar</button>
</form>
<p class="nota">Banco de pruebas de Taquilla: ningún cargo es real.</p>`,
  );
}

/**
 * The sandbox's stand-in for a store's till and a bank app: a tester pays a cash reference or a
 * SPEI transfer, or lets it expire, and the gateway's webhook fires as Openpay's would.
 */
export function referencePage(charge: Json, action: string): string {
  const i = charge.payment_method as { type: string; reference?: string; clabe?: string; bank?: string; name?: string };
  const store = i.type === 'store';
  const datos = store
    ? `<dt>Referencia</dt><dd>${esc(i.reference ?? '')}</dd>`
    : `<dt>CLABE</dt><dd>${esc(i.clabe ?? '')}</dd><dt>Banco</dt><dd>${esc(i.bank ?? '')}</dd><dt>Concepto</dt><dd>${esc(i.name ?? '')}</dd>`;
  const pendiente = charge.status === 'in_progress';
  const estado = pendiente ? 'Pendiente de pago' : charge.status === 'completed' ? 'Pagado' : charge.status === 'cancelled' ? 'Vencido' : String(charge.status);
  return layout(
    store ? 'Pago en tienda (pruebas)' : 'Transferencia SPEI (pruebas)',
    `<p class="banco">${store ? 'Tienda de pruebas' : 'Banco de Pruebas · SPEI'}</p>
<h1>${store ? 'Pagar referencia en efectivo' : 'Enviar transferencia SPEI'}</h1>
<dl><dt>Comercio</dt><dd>Taquilla</dd><dt>Importe</dt><dd>${esc(money(charge))} MXN</dd>${datos}<dt>Vence</dt><dd>${esc(typeof charge.due_ms === 'number' ? formatDateTime(new Date(charge.due_ms)) : '')}</dd><dt>Estado</dt><dd>${esc(estado)}</dd></dl>
${
  pendiente
    ? `<form method="post" action="${esc(action)}" class="acciones">
<button type="submit" name="accion" value="pagar" class="autorizar">${store ? 'Pagar en caja' : 'Enviar transferencia'}</button>
<button type="submit" name="accion" value="vencer" class="rechazar">Dejar vencer</button>
</form>`
    : ''
}
<p class="nota">Pasarela de pruebas de Taquilla: ningún pago es real. Pagar o dejar vencer envía a la tienda el mismo aviso (webhook) que enviaría Openpay.</p>`,
  );
}

/** Where a tester types a reference (or a charge id) to find it. */
export function referenceSearchPage(action: string, notFound: boolean): string {
  return layout(
    'Pagos de prueba',
    `<p class="banco">Pasarela de pruebas</p><h1>Pagar una referencia</h1>
${notFound ? '<p role="alert">No encontramos esa referencia.</p>' : ''}
<form method="get" action="${esc(action)}"><p><label for="referencia">Referencia de pago en efectivo o concepto SPEI</label></p>
<p><input id="referencia" name="referencia" required inputmode="numeric" autocomplete="off" style="font-size:16px;padding:10px;width:100%;box-sizing:border-box"></p>
<div class="acciones"><button type="submit" class="autorizar">Buscar</button></div></form>`,
  );
}

export function bankMessagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}`);
}
