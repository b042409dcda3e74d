import { formatDateTime, formatMoney } from '@taquilla/shared';
import type { MiEvento } from '@taquilla/shared/schemas/cuenta';
import { slug } from './download';
import { qrRuns } from './qr';
import { placeLabel, type TicketView } from './tickets';

type PdfEvento = Pick<MiEvento, 'nombre' | 'fecha' | 'zonaHoraria' | 'recinto' | 'ciudad'>;

/**
 * One A6 page per ticket (a phone-sized page that also prints well), with the QR 80 mm wide,
 * drawn as vector rectangles.
 * jspdf is imported here, on demand: the wallet's first load does not carry it.
 */
export async function ticketsPdf(evento: PdfEvento, tickets: readonly TicketView[]): Promise<{ blob: Blob; filename: string }> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a6', orientation: 'portrait' });
  const width = doc.internal.pageSize.getWidth();
  const fecha = formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria });
  for (const [index, ticket] of tickets.entries()) {
    if (index > 0) doc.addPage('a6', 'portrait');
    doc.setFont('helvetica', 'bold').setFontSize(13);
    doc.text(doc.splitTextToSize(evento.nombre, width - 16), 8, 12);
    doc.setFont('helvetica', 'normal').setFontSize(9);
    doc.text([fecha, `${evento.recinto.nombre}, ${evento.ciudad.nombre}`], 8, 24);
    const size = 80;
    const qr = qrRuns(ticket.qr);
    const module = size / qr.size;
    const left = (width - size) / 2;
    doc.setFillColor(0, 0, 0);
    for (const run of qr.runs) doc.rect(left + run.x * module, 32 + run.y * module, run.length * module, module, 'F');
    doc.setFontSize(10);
    doc.text(
      [
        `${ticket.bloque} · ${ticket.seccion}`,
        `${placeLabel(ticket)} · ${ticket.categoria}`,
        `Precio: ${formatMoney(ticket.precio)}`,
      ],
      8,
      120,
    );
    doc.setFontSize(7).text(`Boleto ${ticket.id} · ${index + 1} de ${tickets.length}`, 8, 140);
  }
  return { blob: doc.output('blob'), filename: `boletos-${slug(evento.nombre)}.pdf` };
}
