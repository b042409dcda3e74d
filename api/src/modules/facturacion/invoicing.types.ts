/**
 * The invoicing adapter: what Taquilla asks of a PAC (proveedor autorizado de certificación,
 * e.g. Facturama's "API Web"/"API Multiemisor": POST a CFDI, GET its XML or PDF, DELETE to
 * cancel with a SAT motive). Amounts travel in integer centavos here; an adapter turns them
 * into the provider's decimals. The local fake (local-pac.ts) answers like one.
 */
import type { Emisor } from './facturacion.config';

interface CfdiTraslado {
  /** Base of the tax, centavos. */
  base: number;
  /** IVA rate, basis points (1600 = 16 %). */
  tasaBps: number;
  importe: number;
}

export interface CfdiConcepto {
  claveProdServ: string;
  claveUnidad: string;
  unidad: string;
  descripcion: string;
  cantidad: number;
  valorUnitario: number;
  importe: number;
  descuento: number;
  /** '02' objeto de impuesto (carries traslados); '01' no objeto de impuesto. */
  objetoImp: '01' | '02';
  traslados: CfdiTraslado[];
}

export interface CfdiSolicitud {
  serie: string;
  /** Our own reference of the invoice (the facturas row id). */
  folio: string;
  /** Issue date, local time of the expedition place: 'YYYY-MM-DDTHH:mm:ss'. */
  fecha: string;
  /** c_FormaPago: '04' tarjeta de crédito, '28' débito, '01' efectivo, '03' transferencia. */
  formaPago: string;
  metodoPago: 'PUE';
  lugarExpedicion: string;
  emisor: Emisor;
  receptor: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string; usoCfdi: string };
  conceptos: CfdiConcepto[];
  subtotal: number;
  descuento: number;
  totalImpuestosTrasladados: number;
  total: number;
}

export interface CfdiTimbrado {
  /** The provider's id of the CFDI. */
  id: string;
  /** Folio fiscal (TimbreFiscalDigital UUID). */
  uuid: string;
  fechaTimbrado: string;
}

/** SAT cancellation motives (c_MotivoCancelacion). */
export type MotivoCancelacion = '01' | '02' | '03' | '04';

/** A provider refused or could not be reached: the buyer reads `message`. */
export class InvoicingError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'InvoicingError';
  }
}

export interface InvoicingProvider {
  readonly name: string;
  crearCfdi(solicitud: CfdiSolicitud): Promise<CfdiTimbrado>;
  obtenerXml(id: string): Promise<string>;
  obtenerPdf(id: string): Promise<Buffer>;
  cancelar(id: string, motivo: MotivoCancelacion): Promise<void>;
}
