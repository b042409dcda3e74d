import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { formatDateTime, formatMoney } from '@taquilla/shared/format';
import type { InstruccionesPago } from '@taquilla/shared/schemas/pagos';
import type { MailAttachment, NewMail } from '../../mail/outbox';

/**
 * A cash reference or SPEI transfer as the buyer keeps it: the same facts on screen, in the
 * e-mail and in the PDF — amount, deadline, and either the store reference with its Code 128
 * barcode (what the cashier scans, as Openpay documents) or the CLABE, bank, beneficiary and
 * reference to type in the bank app.
 */
export interface ReferenciaDocumento {
  nombre: string;
  evento: { nombre: string; recinto: string; fecha: Date };
  instrucciones: InstruccionesPago;
  /** Centavos. */
  total: number;
  vence: Date;
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The store reference's Code 128 barcode as a PNG (bwip-js). */
function barcodePng(reference: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: reference,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
    paddingwidth: 10,
    paddingheight: 6,
    backgroundcolor: 'FFFFFF',
  });
}

/** The lines a buyer follows, in order (screen, e-mail and PDF say the same). */
function pasos(doc: ReferenciaDocumento): string[] {
  const monto = formatMoney(doc.total);
  const vence = formatDateTime(doc.vence);
  if (doc.instrucciones.metodo === 'efectivo') {
    return [
      'Acude a una tienda de conveniencia afiliada (por ejemplo 7-Eleven, Farmacias del Ahorro o Walmart).',
      `Indica en caja que harás un pago de servicio con Paynet y muestra el código de barras o dicta la referencia ${doc.instrucciones.referencia}.`,
      `Paga exactamente ${monto} en efectivo antes del ${vence}. La tienda puede cobrarte una comisión.`,
      'Conserva tu ticket. Al recibir el pago te enviamos tus boletos por correo.',
    ];
  }
  const i = doc.instrucciones;
  return [
    'Abre la app o el portal de tu banco y elige «Transferencia» a otro banco (SPEI).',
    `CLABE del beneficiario: ${i.clabe} (${i.banco}).`,
    `Nombre del beneficiario: ${i.beneficiario}.`,
    `Concepto o referencia: ${i.referencia} — escríbelo exactamente así; sin él no podemos identificar tu pago.`,
    `Monto: exactamente ${monto}. Envíala antes del ${vence}.`,
    'Al recibir la transferencia te enviamos tus boletos por correo.',
  ];
}

function tituloMetodo(i: InstruccionesPago): string {
  return i.metodo === 'efectivo' ? 'Pago en efectivo' : 'Transferencia SPEI';
}

/** The reference as a one-page A4 PDF (pdfkit, Helvetica: WinAnsi covers Spanish text). */
export async function referenciaPdf(doc: ReferenciaDocumento): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'es-MX',
    displayTitle: true,
    info: { Title: `${tituloMetodo(doc.instrucciones)} · ${doc.evento.nombre}`, Creator: 'Taquilla' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.fillColor('#1b1d24');
  // Long lines wrap on words to the page's width (pdfkit's text flow within the margins).
  const line = (text: string, size = 12, bold = false) => {
    pdf
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(text, { lineGap: 4 });
    pdf.y += 4;
  };
  const gap = (points: number) => {
    pdf.y += points;
  };
  line('TAQUILLA', 20, true);
  gap(6);
  line(tituloMetodo(doc.instrucciones), 18, true);
  line(`${doc.evento.nombre} · ${doc.evento.recinto}`, 13);
  line(formatDateTime(doc.evento.fecha), 12);
  gap(8);
  line(`Total a pagar: ${formatMoney(doc.total)}`, 16, true);
  line(`Vence: ${formatDateTime(doc.vence)}`, 13, true);
  gap(8);
  if (doc.instrucciones.metodo === 'efectivo') {
    line(`Referencia: ${doc.instrucciones.referencia}`, 14, true);
    const png = await barcodePng(doc.instrucciones.referencia);
    // PNG header: width and height are the IHDR chunk's first two 32-bit fields.
    const width = Math.min(495, png.readUInt32BE(16) * 0.5);
    pdf.image(png, { width });
    gap(16);
  } else {
    line(`CLABE: ${doc.instrucciones.clabe}`, 14, true);
    line(`Banco: ${doc.instrucciones.banco}`, 12);
    line(`Beneficiario: ${doc.instrucciones.beneficiario}`, 12);
    line(`Concepto / referencia: ${doc.instrucciones.referencia}`, 14, true);
  }
  gap(8);
  line('Cómo pagar', 14, true);
  pasos(doc).forEach((p, n) => line(`${n + 1}. ${p}`, 11));
  gap(8);
  line('Tus lugares quedan apartados como pendientes de pago hasta la fecha de vencimiento. Si no recibimos el pago a tiempo, se liberan.', 10);
  pdf.end();
  return done;
}

/** The e-mail with the reference: the same facts, the barcode inline (cid:) and the PDF attached. */
export async function referenciaEmail(to: string, doc: ReferenciaDocumento, pdf: Uint8Array): Promise<NewMail> {
  const i = doc.instrucciones;
  const titulo = tituloMetodo(i);
  const attachments: MailAttachment[] = [
    {
      filename: i.metodo === 'efectivo' ? 'referencia-pago-efectivo.pdf' : 'referencia-spei.pdf',
      contentType: 'application/pdf',
      base64: Buffer.from(pdf).toString('base64'),
    },
  ];
  let datos: string;
  if (i.metodo === 'efectivo') {
    const cid = 'codigo-barras@taquilla';
    attachments.push({ filename: 'codigo-de-barras.png', contentType: 'image/png', cid, base64: (await barcodePng(i.referencia)).toString('base64') });
    datos = `<p style="margin:0 0 8px;font-size:18px;font-weight:bold;">Referencia: ${esc(i.referencia)}</p><p style="margin:0 0 16px;"><img src="cid:${cid}" alt="Código de barras de la referencia ${esc(i.referencia)}" style="max-width:100%;"></p>`;
  } else {
    datos = `<table role="presentation" cellpadding="4" style="margin:0 0 16px;"><tr><td>CLABE</td><td style="font-weight:bold;">${esc(i.clabe)}</td></tr><tr><td>Banco</td><td>${esc(i.banco)}</td></tr><tr><td>Beneficiario</td><td>${esc(i.beneficiario)}</td></tr><tr><td>Concepto / referencia</td><td style="font-weight:bold;">${esc(i.referencia)}</td></tr></table>`;
  }
  const lines = pasos(doc);
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(titulo)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1b1d24;">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">Hola, ${esc(doc.nombre)}: tu referencia de pago está lista.</p>
<p style="margin:0 0 4px;font-size:20px;font-weight:bold;">${esc(doc.evento.nombre)}</p>
<p style="margin:0 0 16px;">${esc(doc.evento.recinto)} · ${esc(formatDateTime(doc.evento.fecha))}</p>
<p style="margin:0 0 4px;font-size:18px;font-weight:bold;">${esc(titulo)}: ${esc(formatMoney(doc.total))}</p>
<p style="margin:0 0 16px;font-weight:bold;">Vence: ${esc(formatDateTime(doc.vence))}</p>
${datos}
<ol style="margin:0 0 16px;padding-left:20px;line-height:1.5;">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ol>
<p style="margin:0;line-height:1.5;">Tus lugares quedan apartados como pendientes de pago hasta esa fecha. Si no recibimos el pago a tiempo, se liberan. La referencia también va en el PDF adjunto.</p>
</body></html>`;
  const text = [
    `Hola, ${doc.nombre}: tu referencia de pago está lista.`,
    `${doc.evento.nombre} · ${doc.evento.recinto} · ${formatDateTime(doc.evento.fecha)}`,
    `${titulo}: ${formatMoney(doc.total)}`,
    `Vence: ${formatDateTime(doc.vence)}`,
    i.metodo === 'efectivo'
      ? `Referencia: ${i.referencia}`
      : `CLABE: ${i.clabe}\nBanco: ${i.banco}\nBeneficiario: ${i.beneficiario}\nConcepto / referencia: ${i.referencia}`,
    lines.map((l, n) => `${n + 1}. ${l}`).join('\n'),
  ].join('\n\n');
  return { to, subject: `${titulo} para ${doc.evento.nombre}: tu referencia`, html, text, attachments };
}

/** The buyer told that their reference expired and the places were released. */
export function vencidaEmail(input: { to: string; nombre: string; evento: { nombre: string }; total: number; metodo: 'efectivo' | 'spei' }): NewMail {
  const que = input.metodo === 'efectivo' ? 'tu referencia de pago en efectivo' : 'tu referencia de transferencia SPEI';
  const lines = [
    `Hola, ${input.nombre}:`,
    `${que[0]!.toUpperCase()}${que.slice(1)} por ${formatMoney(input.total)} para ${input.evento.nombre} venció sin que recibiéramos el pago, así que liberamos tus lugares.`,
    'Si todavía quieres ir, puedes hacer una nueva compra en Taquilla mientras haya lugares. No pagues la referencia vencida.',
  ];
  return {
    to: input.to,
    subject: `Tu referencia para ${input.evento.nombre} venció`,
    html: `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Referencia vencida</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1d24;">${lines
      .map((l) => `<p style="margin:0 0 16px;line-height:1.5;">${esc(l)}</p>`)
      .join('')}</body></html>`,
    text: lines.join('\n\n'),
  };
}
