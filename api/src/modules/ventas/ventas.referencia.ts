import type { InstruccionesPago, MakeReferenciaResponse } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { GatewayError } from '../pagos/gateway/gateway.errors';
import type { ChargeResult } from '../pagos/gateway/gateway.types';
import type { PagosDiferidosConfig } from '../pagos/pagos.config';
import { requireGateway } from '../pagos/pagos.service';
import type { Mailer } from '../../mail/mailer';
import { ownReserva, type Caller } from './ventas.access';
import { countBoletosComprador } from './boletos.repository';
import { type CargoRow, countCargos, type DetalleCargo, findCargoReferencia, insertCargo, listCargosPendientes } from './cargos.repository';
import { apartarHastaPago, otraReferenciaPendiente, takeReferenciasVencidas } from './referencias.repository';
import { findVentaEvento, findVentaReserva, lockFor, type VentaEventoRow, type VentaReserva } from './ventas.repository';
import { detalleDe, eventoDto, loadCart, promocionDeVenta, requireLive, totalsOf } from './ventas.cotizacion';
import type { VentaDeps } from './ventas.service';
import { referenciaEmail, referenciaPdf, vencidaEmail, type ReferenciaDocumento } from './referencia.documento';
import { settleCharge } from './ventas.settle';
import { venceReferencia, type MetodoDiferido } from './ventas.diferidos';

/**
 * Cash at a store ('Pago en efectivo') and SPEI (decision 0033; meses sin intereses: ventas.msi.ts).
 *
 * A cash or SPEI reference keeps the hold's places as 'pendiente de pago' until its deadline:
 * the hold's own expiry moves to the deadline, so the expiry job releases the places (live on
 * the map) if nobody paid. Paying fires the gateway's webhook, which settles the charge exactly
 * as a card's (ventas.settle.ts): sold once; a payment that arrives after the places were
 * released rebooks them if still free, else it is refunded.
 */

const METODO_GATEWAY = { efectivo: 'store', spei: 'bank_account' } as const;

function instruccionesDe(charge: ChargeResult): InstruccionesPago {
  const i = charge.instructions;
  if (i?.type === 'store') return { metodo: 'efectivo', referencia: i.reference, codigoBarrasUrl: i.barcodeUrl };
  if (i?.type === 'bank_account') return { metodo: 'spei', clabe: i.clabe, banco: i.bank, beneficiario: 'Taquilla', referencia: i.name };
  throw new GatewayError(null, { description: `el cargo ${charge.id} no trae instrucciones de pago` });
}

export interface MakeReferenciaInput {
  reservaId: string;
  metodo: MetodoDiferido;
  amount: number;
  promocion_id?: number | null;
  promocion_clave?: string | null;
}

/** The PDF route, relative to the API's base (/api/v1): the browser fetches it with its API key and session. */
function pdfPath(r: VentaReserva): string {
  return `/pagos/referencia/${r.id}/pdf`;
}

function documento(r: VentaReserva, evento: VentaEventoRow, row: CargoRow): ReferenciaDocumento {
  const ref = row.detalle!.referencia!;
  return { nombre: r.nombre, evento, instrucciones: ref.instrucciones, total: row.monto, vence: new Date(ref.vence) };
}

function answer(
  deps: VentaDeps,
  r: VentaReserva,
  evento: VentaEventoRow,
  row: CargoRow,
  pagado: boolean,
  status: ChargeResult['status'],
): MakeReferenciaResponse {
  const ref = row.detalle!.referencia!;
  const i = ref.instrucciones;
  return {
    cargo: { id: row.proveedorCargoId, status, pagado },
    // A root-relative barcode URL (the dev sandbox's, mounted on this server) is resolved against the API's origin.
    instrucciones: i.metodo === 'efectivo' && i.codigoBarrasUrl ? { ...i, codigoBarrasUrl: new URL(i.codigoBarrasUrl, deps.publicUrl).href } : i,
    vence: ref.vence,
    total: row.monto,
    evento: eventoDto(evento),
    correo: r.correo,
    ...(r.invitadoId ? { invitadoId: r.invitadoId } : {}),
    pdfUrl: pdfPath(r),
    message: ref.instrucciones.metodo === 'efectivo' ? pagoMessages.REFERENCE_CREATED_EFECTIVO : pagoMessages.REFERENCE_CREATED_SPEI,
  };
}

const referenciaDe = (rows: CargoRow[]) => rows.find((c) => c.detalle?.referencia && c.estado === 'pendiente');

/**
 * make/referencia and make/referencia_invitado: a cash reference or SPEI transfer for the hold.
 * A replay (double click, reload) answers the reference already made; a buyer with another
 * reference still payable on this event is refused; the deadline follows venceReferencia.
 */
export async function makeReferencia(deps: VentaDeps, input: MakeReferenciaInput, caller: Caller): Promise<MakeReferenciaResponse> {
  const gateway = requireGateway(deps.gateway);
  const cfg = deps.diferidos;
  const { db } = deps;
  const r = await ownReserva(db, input.reservaId, caller);
  const evento = await findVentaEvento(db, r.eventoId);
  if (!evento) throw new DomainError('RESERVA_NO_ENCONTRADA');

  const previa = referenciaDe(await listCargosPendientes(db, r.id));
  if (previa) {
    const state = await settleCharge(deps, previa.proveedorCargoId);
    if (state.row.estado === 'pendiente') return answer(deps, r, evento, state.row, false, state.charge?.status ?? 'in_progress');
  }
  requireLive(r);
  if (await otraReferenciaPendiente(db, r)) throw new DomainError('REFERENCIA_PENDIENTE');
  const comprados = await countBoletosComprador(db, r);
  if (comprados + r.cantidad > evento.limiteDeAsientos) {
    throw new DomainError('LIMITE_DE_ASIENTOS', `Ya tienes ${comprados} boletos para este evento; el límite por comprador es ${evento.limiteDeAsientos}.`);
  }
  const vence = venceReferencia(evento, input.metodo, cfg);
  if (!vence) throw new DomainError('REFERENCIA_FUERA_DE_PLAZO');

  const cart = await loadCart(db, r);
  const promo = await promocionDeVenta(db, cart, input.promocion_id, input.promocion_clave ?? undefined);
  const totals = totalsOf(cart, promo);
  if (input.amount !== totals.total) throw new DomainError('MONTO_DISTINTO');

  const attempt = (await countCargos(db, r.id)) + 1;
  const orderId = `${r.id}-${attempt}`;
  const charge = await gateway.createReferenceCharge({
    method: METODO_GATEWAY[input.metodo],
    orderId,
    amount: totals.total,
    description: `Boletos ${evento.nombre}`.slice(0, 250),
    customer: { name: r.nombre || 'Comprador', email: r.correo },
    dueDate: vence,
  });
  if (charge.amount !== totals.total) throw new GatewayError(null, { description: `el cargo ${charge.id} no es por el total` });
  const detalle: DetalleCargo = {
    ...detalleDe(r, cart, promo, totals, orderId),
    referencia: { instrucciones: instruccionesDe(charge), vence: (charge.dueDate ?? vence).toISOString() },
  };
  const row: CargoRow = {
    id: '',
    reservaId: r.id,
    proveedor: gateway.proveedor,
    proveedorCargoId: charge.id,
    monto: charge.amount,
    estado: 'pendiente',
    error: null,
    detalle,
  };
  const doc = documento(r, evento, row);
  const mail = deps.mailer ? await referenciaEmail(r.correo, doc, await referenciaPdf(doc)) : null;
  // The charge is recorded whatever happens next, so a payment of it is always settled (sold,
  // rebooked or refunded); the hold waits for it only if it is still live and still the buyer's
  // only unpaid reference on the event (checked again under the buyer's lock).
  await insertCargo(db, {
    reservaId: r.id,
    proveedor: gateway.proveedor,
    proveedorCargoId: charge.id,
    monto: charge.amount,
    detalle,
    metodoPago: input.metodo,
  });
  const correoId = await db.transaction(async (tx) => {
    await lockFor(tx, 'compradorEvento', `${r.eventoId}:${r.usuarioId ? `u:${r.usuarioId}` : `c:${r.correo}`}`);
    if (await otraReferenciaPendiente(tx, r)) throw new DomainError('REFERENCIA_PENDIENTE');
    if (!(await apartarHastaPago(tx, r.id, input.metodo, new Date(detalle.referencia!.vence))))
      throw new DomainError('RESERVA_NO_ENCONTRADA', 'La reserva no existe o ya expiró.');
    return mail && deps.mailer ? deps.mailer.enqueue(tx, mail) : null;
  });
  if (correoId) deps.mailer?.deliverInBackground(correoId);
  return answer(deps, r, evento, row, false, charge.status);
}

/** GET /pagos/referencia/{reservaId}/pdf: the reference of the caller's own hold, as a PDF. */
export async function referenciaPdfDe(db: Db, reservaId: string, caller: Caller): Promise<{ pdf: Uint8Array; filename: string }> {
  const r = await ownReserva(db, reservaId, caller);
  const row = await findCargoReferencia(db, r.id);
  const evento = await findVentaEvento(db, r.eventoId);
  if (!row || !evento) throw new DomainError('REFERENCIA_NO_ENCONTRADA');
  const doc = documento(r, evento, row);
  return { pdf: await referenciaPdf(doc), filename: doc.instrucciones.metodo === 'efectivo' ? 'referencia-pago-efectivo.pdf' : 'referencia-spei.pdf' };
}

/**
 * Tells each buyer whose reference expired unpaid (the expiry job released the places) that
 * it did, once. Answers how many were told.
 */
export async function avisarReferenciasVencidas(db: Db, mailer: Mailer, batch = 50): Promise<number> {
  let told = 0;
  for (;;) {
    const due = await db.transaction(async (tx) => {
      const rows = await takeReferenciasVencidas(tx, batch);
      const ids: string[] = [];
      for (const v of rows) {
        const r = (await findVentaReserva(tx, v.id))!;
        const evento = (await findVentaEvento(tx, r.eventoId))!;
        const total = (await findCargoReferencia(tx, r.id))?.monto ?? 0;
        ids.push(await mailer.enqueue(tx, vencidaEmail({ to: r.correo, nombre: r.nombre, evento, total, metodo: v.pagoPendiente })));
      }
      return ids;
    });
    for (const id of due) mailer.deliverInBackground(id);
    told += due.length;
    if (due.length < batch) return told;
  }
}

/** Starts the notice job (every avisoSegundos; 0 turns it off). Answers the stop function. */
export function startAvisoVencidas(db: Db, mailer: Mailer, cfg: PagosDiferidosConfig, log: { warn: (o: object, m: string) => void }): () => void {
  if (cfg.avisoSegundos <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    avisarReferenciasVencidas(db, mailer)
      .catch((err: unknown) => log.warn({ err }, 'aviso de referencias vencidas: se reintentará'))
      .finally(() => {
        running = false;
      });
  }, cfg.avisoSegundos * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
