/**
 * Invoicing settings: the `facturacion` slice of the one configuration (src/config/):
 * - FACTURACION_PROVEEDOR: 'local' (the built-in fake PAC, the default outside production) or
 *   'desactivado'. Production without a real provider is 'desactivado': the fake never stamps
 *   an invoice a buyer could take to the SAT.
 * - FACTURA_EMISOR_RFC / _NOMBRE / _REGIMEN, FACTURA_LUGAR_EXPEDICION: the issuer (defaults:
 *   the SAT's published test taxpayer, for the fake).
 * - FACTURA_SERIE: the CFDI Serie ('TQ').
 * - FACTURA_SOLICITUDES_POR_IP: invoice requests (POST) one client address may make in 10
 *   minutes (30; a mistyped RFC costs one).
 */
export type FacturacionConfig = (
  | { proveedor: 'local'; emisor: Emisor; lugarExpedicion: string; serie: string }
  | { proveedor: 'desactivado'; motivo: string }
) & { solicitudesPorIp: number };

export interface Emisor {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
}

/** The time zone the month rule is judged in (the purchase's calendar month). */
export const ZONA_FACTURACION = 'America/Mexico_City';
