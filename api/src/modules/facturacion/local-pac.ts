import { createHash, randomUUID } from 'node:crypto';
import { cfdiXml, type Timbre } from './cfdi-xml';
import { facturaPdf } from './factura-pdf';
import { InvoicingError, type CfdiSolicitud, type CfdiTimbrado, type InvoicingProvider, type MotivoCancelacion } from './invoicing.types';

/** Tolerance the SAT allows between a traslado's Importe and Base × TasaOCuota (1 centavo here: amounts in centavos). */
const TOLERANCIA = 1;

const huella = (...parts: string[]) => createHash('sha256').update(parts.join('|')).digest('base64');

/**
 * The local fake PAC, for development and tests (FACTURACION_PROVEEDOR=local). It checks what
 * a PAC checks before stamping — the sums of SubTotal, Descuento and Total, each traslado's
 * Importe against its Base and rate, Impuestos against the conceptos — and refuses with a
 * message like a PAC's; then it "stamps": a random UUID as the folio fiscal, fake seals
 * (SHA-256 digests, not a signature: nothing here is valid before the SAT), the XML with its
 * TimbreFiscalDigital and a PDF. It keeps its CFDIs in this process's memory, as a PAC keeps
 * them on its side; Taquilla stores its own copy of XML and PDF in `facturas`.
 */
export class LocalPac implements InvoicingProvider {
  readonly name = 'local';
  private readonly cfdis = new Map<string, { xml: string; pdf: Buffer; cancelado: MotivoCancelacion | null }>();

  async crearCfdi(s: CfdiSolicitud): Promise<CfdiTimbrado> {
    revisar(s);
    const sello = {
      noCertificado: '30001000000500003416',
      certificado: huella('certificado', s.emisor.rfc),
      sello: huella('cfd', s.serie, s.folio, s.receptor.rfc, String(s.total)),
    };
    const timbre: Timbre = {
      uuid: randomUUID().toUpperCase(),
      fechaTimbrado: s.fecha,
      rfcProvCertif: 'SPR190613I52',
      noCertificadoSat: '30001000000500003456',
      selloCfd: sello.sello,
      selloSat: huella('sat', sello.sello),
    };
    const xml = cfdiXml(s, sello, timbre);
    const id = `local_${randomUUID().replace(/-/g, '')}`;
    this.cfdis.set(id, { xml, pdf: await facturaPdf(s, timbre), cancelado: null });
    return { id, uuid: timbre.uuid, fechaTimbrado: timbre.fechaTimbrado };
  }

  async obtenerXml(id: string): Promise<string> {
    return this.get(id).xml;
  }

  async obtenerPdf(id: string): Promise<Buffer> {
    return this.get(id).pdf;
  }

  async cancelar(id: string, motivo: MotivoCancelacion): Promise<void> {
    const cfdi = this.get(id);
    if (cfdi.cancelado) throw new InvoicingError('El CFDI ya estaba cancelado.', true);
    cfdi.cancelado = motivo;
  }

  private get(id: string) {
    const cfdi = this.cfdis.get(id);
    if (!cfdi) throw new InvoicingError('El CFDI no existe en el proveedor.', true);
    return cfdi;
  }
}

/** The PAC's own checks of a request (CFDI 4.0 validation rules on amounts). */
function revisar(s: CfdiSolicitud): void {
  const rechazo = (regla: string, texto: string) => new InvoicingError(`El proveedor de facturación rechazó el CFDI (${regla}): ${texto}`, true);
  if (s.conceptos.length === 0) throw rechazo('CFDI40101', 'no tiene conceptos.');
  for (const c of s.conceptos) {
    if (c.importe !== c.cantidad * c.valorUnitario) throw rechazo('CFDI40156', `el importe de «${c.descripcion}» no es cantidad × valor unitario.`);
    if (c.descuento > c.importe) throw rechazo('CFDI40157', `el descuento de «${c.descripcion}» es mayor que su importe.`);
    for (const t of c.traslados) {
      if (t.base !== c.importe - c.descuento) throw rechazo('CFDI40166', `la base del IVA de «${c.descripcion}» no es su importe menos el descuento.`);
      if (Math.abs(t.importe - (t.base * t.tasaBps) / 10_000) > TOLERANCIA)
        throw rechazo('CFDI40170', `el IVA de «${c.descripcion}» no corresponde a su base y tasa.`);
    }
  }
  const sum = (f: (c: CfdiSolicitud['conceptos'][number]) => number) => s.conceptos.reduce((acc, c) => acc + f(c), 0);
  if (s.subtotal !== sum((c) => c.importe)) throw rechazo('CFDI40108', 'el SubTotal no es la suma de los importes.');
  if (s.descuento !== sum((c) => c.descuento)) throw rechazo('CFDI40110', 'el Descuento no es la suma de los descuentos.');
  if (s.totalImpuestosTrasladados !== sum((c) => c.traslados.reduce((a, t) => a + t.importe, 0)))
    throw rechazo('CFDI40159', 'el total de impuestos trasladados no es la suma de los traslados.');
  if (s.total !== s.subtotal - s.descuento + s.totalImpuestosTrasladados) throw rechazo('CFDI40119', 'el Total no es SubTotal − Descuento + impuestos.');
}
