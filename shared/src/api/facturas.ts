/**
 * Typed factura calls: `@taquilla/shared/api/facturas`. The signed-in buyer's calls need the
 * verified session (the shared client adds the token); a guest's carry the guest id and the
 * purchase id from the tickets e-mail's link. Errors arrive as ApiError with the Spanish
 * message (400 bad fiscal data, 404 not the caller's purchase, 409 already invoiced or
 * refunded or out of time, 502 the invoicing provider failed).
 */
import { apiRequest } from '@taquilla/shared';
import type { ComprasFacturables, CompraFacturable, FacturaEmitida, SolicitarFacturaPayload } from '../schemas/facturas';
import { seg, type Id } from './segment';

export type { CompraFacturable, ComprasFacturables, Factura, FacturaEmitida, SolicitarFacturaPayload } from '../schemas/facturas';

/** Whose purchase: the session's (no guest) or a guest's, named by the e-mailed link. */
export type Comprador = { invitadoId?: string };

const base = (reservaId: string, c: Comprador) =>
  c.invitadoId ? `/facturas/invitado/${seg(c.invitadoId)}/${seg(reservaId)}` : `/facturas/compras/${seg(reservaId)}`;

/** GET /facturas/eventos/{id} → the session's purchases of one event and their invoices. */
export function getFacturasDeEvento(eventoId: Id): Promise<ComprasFacturables> {
  return apiRequest<ComprasFacturables>('GET', `/facturas/eventos/${seg(eventoId)}`);
}

/** GET one purchase and its invoice state. */
export function getCompraFacturable(reservaId: string, c: Comprador = {}): Promise<CompraFacturable> {
  return apiRequest<CompraFacturable>('GET', base(reservaId, c));
}

/** POST: stamps the CFDI, stores it and e-mails XML + PDF to the purchase's address. */
export function solicitarFactura(reservaId: string, payload: SolicitarFacturaPayload, c: Comprador = {}): Promise<FacturaEmitida> {
  return apiRequest<FacturaEmitida>('POST', base(reservaId, c), payload);
}

/** GET the stamped XML or the PDF as a Blob (the API key and token travel as headers, so no plain link). */
export function descargarFactura(reservaId: string, formato: 'xml' | 'pdf', c: Comprador = {}): Promise<Blob> {
  return apiRequest<Blob>('GET', `${base(reservaId, c)}/${formato}`, undefined, { responseType: 'blob' });
}
