import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatMoney } from '@taquilla/shared/format';
import { regimenFiscal, usoCfdi } from '@taquilla/shared/sat-catalogos';
import { pesos, tasa } from './cfdi-xml';
import type { CfdiSolicitud } from './invoicing.types';
import type { Timbre } from './cfdi-xml';

/**
 * The printed form (representación impresa) of a stamped CFDI: issuer, receptor, each
 * concepto, totals, the folio fiscal and seals, and the SAT verification QR
 * (verificacfdi…?id=UUID&re=&rr=&tt=&fe= last 8 of the CFDI seal). pdfkit's Helvetica
 * (WinAnsi), so Spanish accents print as written.
 */
export async function facturaPdf(s: CfdiSolicitud, timbre: Timbre): Promise<Buffer> {
  const total = pesos(s.total).padStart(21, '0');
  const verificacion =
    `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${timbre.uuid}&re=${encodeURIComponent(s.emisor.rfc)}` +
    `&rr=${encodeURIComponent(s.receptor.rfc)}&tt=${total}&fe=${timbre.selloCfd.slice(-8)}`;
  const qr = await QRCode.toBuffer(verificacion, { type: 'png', width: 200, margin: 1, errorCorrectionLevel: 'M' });

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: { Title: `Factura ${s.serie}-${s.folio}`, Author: s.emisor.nombre, Subject: `CFDI 4.0 ${timbre.uuid}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text('Factura (CFDI 4.0)');
  doc.font('Helvetica').fontSize(9).text(`Serie y folio: ${s.serie}-${s.folio} · Fecha de emisión: ${s.fecha} · Lugar de expedición: ${s.lugarExpedicion}`);
  doc.text(`Folio fiscal (UUID): ${timbre.uuid} · Fecha de certificación: ${timbre.fechaTimbrado}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).text('Emisor');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${s.emisor.nombre} · RFC ${s.emisor.rfc} · Régimen ${s.emisor.regimenFiscal} ${regimenFiscal(s.emisor.regimenFiscal)?.descripcion ?? ''}`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10).text('Receptor');
  doc.font('Helvetica').fontSize(9).text(`${s.receptor.nombre} · RFC ${s.receptor.rfc} · C.P. ${s.receptor.domicilioFiscal}`);
  doc.text(
    `Régimen ${s.receptor.regimenFiscal} ${regimenFiscal(s.receptor.regimenFiscal)?.descripcion ?? ''} · Uso del CFDI ${s.receptor.usoCfdi} ${usoCfdi(s.receptor.usoCfdi)?.descripcion ?? ''}`,
  );
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10).text('Conceptos');
  doc.font('Helvetica').fontSize(9);
  for (const c of s.conceptos) {
    const iva = c.traslados.map((t) => `IVA ${tasa(t.tasaBps)} ${formatMoney(t.importe)}`).join(' ') || 'No objeto de impuesto';
    doc.text(
      `${c.cantidad} × ${c.descripcion} (${c.claveProdServ}, ${c.claveUnidad}) · ${formatMoney(c.valorUnitario)} c/u · Importe ${formatMoney(c.importe)}${c.descuento ? ` · Descuento ${formatMoney(c.descuento)}` : ''} · ${iva}`,
    );
  }
  doc.moveDown();
  doc.text(`Subtotal: ${formatMoney(s.subtotal)}`, { align: 'right' });
  if (s.descuento) doc.text(`Descuento: ${formatMoney(s.descuento)}`, { align: 'right' });
  doc.text(`IVA trasladado: ${formatMoney(s.totalImpuestosTrasladados)}`, { align: 'right' });
  doc.font('Helvetica-Bold').text(`Total: ${formatMoney(s.total)} MXN`, { align: 'right' });
  doc.font('Helvetica').text(`Forma de pago: ${s.formaPago} · Método de pago: ${s.metodoPago} (pago en una sola exhibición) · Moneda: MXN`);
  doc.moveDown();
  doc.image(qr, { width: 110 });
  doc.fontSize(7).text(`Sello digital del CFDI: ${timbre.selloCfd}`);
  doc.text(`Sello del SAT: ${timbre.selloSat}`);
  doc.text(`No. de certificado del SAT: ${timbre.noCertificadoSat} · RFC del proveedor de certificación: ${timbre.rfcProvCertif}`);
  doc.moveDown();
  doc.fontSize(8).text('Este documento es una representación impresa de un CFDI.');
  doc.end();
  return done;
}
