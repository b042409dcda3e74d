import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { gatewayMessage } from '../pagos/gateway/gateway.errors';
import type { ChargeResult, PaymentGateway } from '../pagos/gateway/gateway.types';
import { requireGateway } from '../pagos/pagos.service';
import { usarPromocion } from '../promociones/promociones.repository';
import { businessCounters } from '../../lib/business-metrics';
import { refundEmail, type MotivoReembolso } from './ventas.email';
import { ticketsEmailFor } from './reenvio.service';
import { countBoletosComprador, insertBoletos, sellGenerales, sellSeats } from './boletos.repository';
import { type CargoRow, claimCargo, findCargo, setEstadoCargo } from './cargos.repository';
import { liberarReferencia } from './referencias.repository';
import {
  endReserva,
  findVentaEvento,
  findVentaReserva,
  listAsientosVenta,
  listGeneralesVenta,
  lockFor,
  markReservaVendida,
  type VentaReserva,
} from './ventas.repository';
import type { VentaDeps } from './ventas.deps';

/**
 * Settling a charge: the sale (hold → sold + tickets + e-mail, once) or the refund of a charge
 * that cannot become tickets. make/cargo, check/cargo and the webhook all end here.
 */

export interface Settled {
  row: CargoRow;
  charge: ChargeResult | null;
  cargo: { pagado: boolean };
  /** The decline's Spanish message, when the charge failed. */
  error?: string;
}

/**
 * The one idempotent step behind make, check and webhook: reads the charge from the gateway
 * and, when it completed, sells in ONE transaction under the reservation's row lock — tickets
 * are issued once however many callers (processes, tabs, webhooks) arrive together. A charge
 * that completed after its hold ended rebooks the same places if they are still free and the
 * buyer stays within the event's limit, else it is refunded through the gateway: money is never
 * kept without tickets.
 */
export async function settleCharge(deps: VentaDeps, proveedorCargoId: string): Promise<Settled> {
  const gateway = requireGateway(deps.gateway);
  const { db } = deps;
  const known = await findCargo(db, gateway.proveedor, proveedorCargoId);
  if (!known) throw new DomainError('CARGO_NO_ENCONTRADO');
  if (known.estado === 'pagado' || known.estado === 'reembolsado') return { row: known, charge: null, cargo: { pagado: known.estado === 'pagado' } };
  const charge = await gateway.getCharge(proveedorCargoId);

  if (charge.status === 'failed' || charge.status === 'cancelled') {
    await setEstadoCargo(db, known.id, 'fallido', String(charge.errorCode ?? ''));
    // A cash/SPEI reference cancelled by the gateway (its due date passed unpaid): the places it
    // kept as 'pendiente de pago' go back on sale now, live on the map.
    if (known.detalle?.referencia) {
      const freed = await db.transaction((tx) => liberarReferencia(tx, known.reservaId));
      if (freed) deps.publisher?.queue({ asientos: freed.asientos, generales: freed.generales });
    }
    return { row: { ...known, estado: 'fallido' }, charge, cargo: { pagado: false }, error: gatewayMessage(charge.errorCode ?? 3001) };
  }
  if (charge.status === 'refunded') {
    await setEstadoCargo(db, known.id, 'reembolsado');
    return { row: { ...known, estado: 'reembolsado' }, charge, cargo: { pagado: false } };
  }
  if (charge.status !== 'completed') return { row: known, charge, cargo: { pagado: false } };

  const sold = await db
    .transaction(async (tx) => {
      const r = (await findVentaReserva(tx, known.reservaId, { forUpdate: true }))!;
      const row = (await findCargo(tx, known.proveedor, known.proveedorCargoId, { forUpdate: true }))!;
      if (row.estado === 'pagado' || row.estado === 'reembolsado') return { row, places: null };
      const detalle = row.detalle!;
      const wanted = detalle.generales ? detalle.generales.cantidad : detalle.asientos.length;
      // A second charge for a hold already sold (another tab, a double click with a new token).
      if (r.estado === 'vendida') throw new NeedsRefund(row, 'duplicado');
      // The hold checked the per-buyer limit, but a charge that completes late (3-D Secure left
      // open while the buyer held and bought again) would pass it: counted again here.
      if (await overBuyerLimit(tx, r, wanted)) throw new NeedsRefund(row, 'limite');
      const ids = detalle.generales
        ? await sellGenerales(tx, r.id, detalle.generales.eventoSeccionId, detalle.generales.cantidad)
        : await sellSeats(tx, r.id, detalle.asientos);
      if (ids.length !== wanted) {
        // Undo the partial claim (savepoint-free: the places were only touched in this
        // transaction) by throwing, then refund outside it.
        throw new NeedsRefund(row, 'lugares');
      }
      // The promotion's use is counted here, with the sale: its last use goes to one sale only.
      // make/cargo refused an exhausted one before charging, so this loses only a race for the last use.
      if (detalle.promocionId !== null && !(await usarPromocion(tx, detalle.promocionId))) throw new NeedsRefund(row, 'promocion');
      const lugares = detalle.generales ? await listGeneralesVenta(tx, { ids }) : await listAsientosVenta(tx, { ids });
      await insertBoletos(tx, { reservaId: r.id, cargoId: row.id, eventoId: r.eventoId, usuarioId: r.usuarioId, invitadoId: r.invitadoId, lugares });
      await markReservaVendida(tx, r.id, detalle.promocionId, detalle.totales);
      await setEstadoCargo(tx, row.id, 'pagado');
      // The e-mail is queued with the sale: sent once, and never for a sale that rolled back.
      const correoId = deps.mailer ? await deps.mailer.enqueue(tx, await ticketsEmailFor(tx, deps, r, row)) : null;
      return { row: { ...row, estado: 'pagado' as const }, places: { ids, eventoId: r.eventoId, detalle }, correoId };
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof NeedsRefund)) throw err;
      return { row: await refundCharge(deps, gateway, err.row, err.motivo), places: null };
    });
  if ('correoId' in sold && sold.correoId) deps.mailer?.deliverInBackground(sold.correoId);
  if (sold.places) businessCounters(deps.db)?.sales.inc();

  if (sold.places) {
    const { ids, eventoId, detalle } = sold.places;
    deps.publisher?.queue(
      detalle.generales ? { generales: [{ eventoId, seccionId: detalle.generales.seccionId }] } : { asientos: [...ids].sort((a, b) => a - b) },
    );
  }
  return {
    row: sold.row,
    charge: sold.row.estado === 'reembolsado' ? { ...charge, status: 'refunded' } : charge,
    cargo: { pagado: sold.row.estado === 'pagado' },
  };
}

/**
 * Whether selling `cantidad` more tickets would give the reservation's buyer more than the
 * event's limit. Takes the buyer's lock for the event first, held until the sale commits: two
 * charges of one buyer settling together (two late 3-D Secure payments, or one and a live
 * hold's) are counted one after the other, each seeing the other's tickets.
 */
async function overBuyerLimit(tx: DbOrTx, r: VentaReserva, cantidad: number): Promise<boolean> {
  await lockFor(tx, 'compradorEvento', `${r.eventoId}:${r.usuarioId ? `u:${r.usuarioId}` : `c:${r.correo}`}`);
  const evento = (await findVentaEvento(tx, r.eventoId))!;
  return (await countBoletosComprador(tx, r)) + cantidad > evento.limiteDeAsientos;
}

class NeedsRefund extends Error {
  constructor(
    readonly row: CargoRow,
    readonly motivo: MotivoReembolso,
  ) {
    super('needs refund');
  }
}

/** The refund's description at the gateway (the buyer's bank statement may show it). */
const REFUND_DESCRIPTION: Record<MotivoReembolso, string> = {
  lugares: 'Reserva expirada: lugares no disponibles',
  promocion: 'Promoción agotada',
  duplicado: 'Cargo duplicado: la compra ya estaba pagada',
  limite: 'Límite de boletos por comprador',
};

/**
 * Refunds a completed charge that cannot become tickets, once: a conditional update claims the
 * refund (a concurrent caller finds it taken), and the gateway is called outside any database
 * transaction. A failed refund gives the claim back, so the next check or webhook retries it.
 */
async function refundCharge(deps: VentaDeps, gateway: PaymentGateway, row: CargoRow, motivo: MotivoReembolso): Promise<CargoRow> {
  if (!(await claimCargo(deps.db, row.id, 'pendiente', 'reembolsado'))) return (await findCargo(deps.db, row.proveedor, row.proveedorCargoId))!;
  try {
    const current = await gateway.getCharge(row.proveedorCargoId);
    if (current.status === 'completed') await gateway.refund(row.proveedorCargoId, REFUND_DESCRIPTION[motivo]);
  } catch (err) {
    await claimCargo(deps.db, row.id, 'reembolsado', 'pendiente');
    throw err;
  }
  await setEstadoCargo(deps.db, row.id, 'reembolsado', `reembolso:${motivo}`);
  businessCounters(deps.db)?.refunds.inc({ reason: motivo });
  // A duplicate leaves the sale alone; otherwise the hold that could not be sold ends here.
  if (motivo !== 'duplicado') await endReserva(deps.db, row.reservaId);
  if (deps.mailer) {
    const r = (await findVentaReserva(deps.db, row.reservaId))!;
    const evento = (await findVentaEvento(deps.db, r.eventoId))!;
    deps.mailer.deliverInBackground(
      await deps.mailer.enqueue(
        deps.db,
        refundEmail({ to: r.correo, nombre: r.nombre, evento, total: row.monto, motivo, metodo: row.detalle?.referencia?.instrucciones.metodo ?? 'tarjeta' }),
      ),
    );
  }
  return { ...row, estado: 'reembolsado', error: `reembolso:${motivo}` };
}
