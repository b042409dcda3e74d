import { positiveInt } from '../../lib/env';

/**
 * Invoicing settings, read once from the environment:
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

export function readFacturacionConfig(env: NodeJS.ProcessEnv = process.env): FacturacionConfig {
  const solicitudesPorIp = positiveInt(env.FACTURA_SOLICITUDES_POR_IP, 30);
  const proveedor = env.FACTURACION_PROVEEDOR || (env.NODE_ENV === 'production' ? 'desactivado' : 'local');
  if (proveedor === 'desactivado') return { proveedor, motivo: 'La facturación no está disponible en este momento.', solicitudesPorIp };
  if (proveedor !== 'local') return { proveedor: 'desactivado', motivo: `FACTURACION_PROVEEDOR=${proveedor} no es un proveedor conocido.`, solicitudesPorIp };
  if (env.NODE_ENV === 'production') return { proveedor: 'desactivado', motivo: 'El proveedor local de facturas es solo para desarrollo y pruebas.', solicitudesPorIp };
  return {
    proveedor,
    emisor: {
      rfc: env.FACTURA_EMISOR_RFC || 'EKU9003173C9',
      nombre: env.FACTURA_EMISOR_NOMBRE || 'ESCUELA KEMPER URGATE',
      regimenFiscal: env.FACTURA_EMISOR_REGIMEN || '601',
    },
    lugarExpedicion: env.FACTURA_LUGAR_EXPEDICION || '06000',
    serie: env.FACTURA_SERIE || 'TQ',
    solicitudesPorIp,
  };
}
