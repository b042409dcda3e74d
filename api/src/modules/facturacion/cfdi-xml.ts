import { create } from 'xmlbuilder2';
import type { CfdiSolicitud } from './invoicing.types';

const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** Centavos as the CFDI writes pesos: two decimals, no thousands separator ('1234.50'). */
export function pesos(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`centavos no válidos: ${centavos}`);
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** Basis points as a TasaOCuota ('0.160000'). */
export function tasa(bps: number): string {
  return (bps / 10_000).toFixed(6);
}

export interface Timbre {
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  noCertificadoSat: string;
  selloCfd: string;
  selloSat: string;
}

/**
 * The CFDI 4.0 XML of a request: Comprobante with Emisor, Receptor, Conceptos (each with its
 * IVA traslado when it is objeto de impuesto), the Impuestos summary grouped by rate, and,
 * when stamped, the TimbreFiscalDigital 1.1 complement. Built with xmlbuilder2, so every
 * attribute value is escaped.
 */
export function cfdiXml(s: CfdiSolicitud, sello: { noCertificado: string; certificado: string; sello: string }, timbre?: Timbre): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const comprobante = doc.ele(CFDI_NS, 'cfdi:Comprobante', {
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${CFDI_NS} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`,
    Version: '4.0',
    Serie: s.serie,
    Folio: s.folio,
    Fecha: s.fecha,
    Sello: sello.sello,
    FormaPago: s.formaPago,
    NoCertificado: sello.noCertificado,
    Certificado: sello.certificado,
    SubTotal: pesos(s.subtotal),
    ...(s.descuento > 0 ? { Descuento: pesos(s.descuento) } : {}),
    Moneda: 'MXN',
    Total: pesos(s.total),
    TipoDeComprobante: 'I',
    Exportacion: '01',
    MetodoPago: s.metodoPago,
    LugarExpedicion: s.lugarExpedicion,
  });
  comprobante.ele(CFDI_NS, 'cfdi:Emisor', { Rfc: s.emisor.rfc, Nombre: s.emisor.nombre, RegimenFiscal: s.emisor.regimenFiscal });
  comprobante.ele(CFDI_NS, 'cfdi:Receptor', {
    Rfc: s.receptor.rfc,
    Nombre: s.receptor.nombre,
    DomicilioFiscalReceptor: s.receptor.domicilioFiscal,
    RegimenFiscalReceptor: s.receptor.regimenFiscal,
    UsoCFDI: s.receptor.usoCfdi,
  });
  const conceptos = comprobante.ele(CFDI_NS, 'cfdi:Conceptos');
  for (const c of s.conceptos) {
    const concepto = conceptos.ele(CFDI_NS, 'cfdi:Concepto', {
      ClaveProdServ: c.claveProdServ,
      Cantidad: String(c.cantidad),
      ClaveUnidad: c.claveUnidad,
      Unidad: c.unidad,
      Descripcion: c.descripcion,
      ValorUnitario: pesos(c.valorUnitario),
      Importe: pesos(c.importe),
      ...(c.descuento > 0 ? { Descuento: pesos(c.descuento) } : {}),
      ObjetoImp: c.objetoImp,
    });
    if (c.objetoImp === '02' && c.traslados.length > 0) {
      const traslados = concepto.ele(CFDI_NS, 'cfdi:Impuestos').ele(CFDI_NS, 'cfdi:Traslados');
      for (const t of c.traslados) {
        traslados.ele(CFDI_NS, 'cfdi:Traslado', {
          Base: pesos(t.base),
          Impuesto: '002',
          TipoFactor: 'Tasa',
          TasaOCuota: tasa(t.tasaBps),
          Importe: pesos(t.importe),
        });
      }
    }
  }
  const porTasa = new Map<number, { base: number; importe: number }>();
  for (const t of s.conceptos.flatMap((c) => (c.objetoImp === '02' ? c.traslados : []))) {
    const acc = porTasa.get(t.tasaBps) ?? { base: 0, importe: 0 };
    acc.base += t.base;
    acc.importe += t.importe;
    porTasa.set(t.tasaBps, acc);
  }
  if (porTasa.size > 0) {
    const traslados = comprobante
      .ele(CFDI_NS, 'cfdi:Impuestos', { TotalImpuestosTrasladados: pesos(s.totalImpuestosTrasladados) })
      .ele(CFDI_NS, 'cfdi:Traslados');
    for (const [bps, t] of porTasa)
      traslados.ele(CFDI_NS, 'cfdi:Traslado', { Base: pesos(t.base), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: tasa(bps), Importe: pesos(t.importe) });
  }
  if (timbre) {
    comprobante.ele(CFDI_NS, 'cfdi:Complemento').ele(TFD_NS, 'tfd:TimbreFiscalDigital', {
      'xmlns:xsi': XSI_NS,
      'xsi:schemaLocation': `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`,
      Version: '1.1',
      UUID: timbre.uuid,
      FechaTimbrado: timbre.fechaTimbrado,
      RfcProvCertif: timbre.rfcProvCertif,
      SelloCFD: timbre.selloCfd,
      NoCertificadoSAT: timbre.noCertificadoSat,
      SelloSAT: timbre.selloSat,
    });
  }
  return doc.end({ prettyPrint: true });
}
