import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { ticketsEmail } from './ventas.email';
import { countRecentEmails } from '../../mail/outbox';
import { findReservaDeBoleto, listBoletosCargo } from './boletos.repository';
import { type CargoRow, listCargosPendientes } from './cargos.repository';
import { findVentaEvento, findVentaReserva, lockFor, type VentaReserva } from './ventas.repository';
import { ownReserva, type Caller } from './ventas.access';
import type { VentaDeps } from './ventas.deps';

/**
 * Tickets e-mails one sale may send per window, its own (sent with the sale) included: after a
 * purchase, 2 resends in the first 10 minutes. Enough for a lost e-mail, useless for flooding.
 */
export const REENVIOS = { max: 3, windowMinutes: 10 } as const;

/** The tickets e-mail of a sale (to its delivery address), as sent with the sale and resent on request. */
export async function ticketsEmailFor(tx: DbOrTx, deps: Pick<VentaDeps, 'publicUrl'>, r: VentaReserva, row: CargoRow) {
  const evento = (await findVentaEvento(tx, r.eventoId))!;
  return ticketsEmail({
    to: r.correo,
    nombre: r.nombre,
    evento,
    boletos: await listBoletosCargo(tx, row.id),
    total: row.monto,
    link: `${deps.publicUrl.replace(/\/+$/, '')}/perfil/mis_compras`,
    // A guest has no Mis compras: their purchase's factura page, by the ids only they were sent.
    facturaLink: r.usuarioId === null && r.invitadoId ? `${deps.publicUrl.replace(/\/+$/, '')}/factura/${r.invitadoId}/${r.id}` : undefined,
    pago: row.detalle?.referencia ? { metodo: row.detalle.referencia.instrucciones.metodo } : { metodo: 'tarjeta', meses: row.detalle?.meses ?? null },
  });
}

/**
 * Sends a sold reservation's tickets e-mail again, only ever to the address the sale delivered
 * to (a ticket id cannot redirect tickets elsewhere), while fewer than REENVIOS.max went to it in
 * the window. The count and the new e-mail share a transaction under a lock on the address and
 * subject, so resends arriving together cannot all read the same count.
 */
async function reenviar(deps: VentaDeps, r: VentaReserva): Promise<{ message: string; user: { email: string } }> {
  if (r.estado !== 'vendida') throw new DomainError('COMPRA_NO_ENCONTRADA');
  const pagado = (await listCargosPendientes(deps.db, r.id)).find((c) => c.estado === 'pagado');
  if (!pagado || !deps.mailer) throw new DomainError('COMPRA_NO_ENCONTRADA');
  const { mailer } = deps;
  const mail = await ticketsEmailFor(deps.db, deps, r, pagado);
  const correoId = await deps.db.transaction(async (tx) => {
    await lockFor(tx, 'reenvios', `${mail.to}\n${mail.subject}`);
    // The sale's own e-mail counts too: a resend right after buying is one of the allowed ones.
    if ((await countRecentEmails(tx, mail.to, mail.subject, REENVIOS.windowMinutes)) >= REENVIOS.max) throw new DomainError('REENVIOS_AGOTADOS');
    return mailer.enqueue(tx, mail);
  });
  mailer.deliverInBackground(correoId);
  return { message: 'Te enviamos tus boletos por correo.', user: { email: r.correo } };
}

/** POST /correos/sold-tickets-email/{address}/{ticketId}: the address must be the sale's own. */
export async function reenviarPorBoleto(deps: VentaDeps, address: string, boletoId: string) {
  const reservaId = await findReservaDeBoleto(deps.db, boletoId);
  const r = reservaId ? await findVentaReserva(deps.db, reservaId) : undefined;
  if (!r || r.correo.toLowerCase() !== address.trim().toLowerCase()) throw new DomainError('COMPRA_NO_ENCONTRADA');
  return reenviar(deps, r);
}

/** sold-tickets-email-3d/{id} and sold-tickets-email-invitado/{invitadoId}/{id}: the reservation's owner (spec capability rules). */
export async function reenviarPorReserva(deps: VentaDeps, reservaId: string, caller: Caller) {
  return reenviar(deps, await ownReserva(deps.db, reservaId, caller).catch(() => Promise.reject(new DomainError('COMPRA_NO_ENCONTRADA'))));
}
