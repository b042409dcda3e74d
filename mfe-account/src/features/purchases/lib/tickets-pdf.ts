import { formatDateTime, formatMoney } from '@taquilla/shared';
import type { MiEvento } from '@taquilla/shared/schemas/cuenta';
import { slug } from './download';
import { qrRuns } from './qr';
import { placeLabel, type TicketView } from './tickets';

type PdfEvento = Pick<MiEvento, 'nombre' | 'fecha' | 'zonaHoraria' | 'recinto' | 'ciudad'>;

/**
 * DejaVu Sans cut to Latin, Latin-1 and the common punctuation (em dash, quotes, €), about 17 KB
 * each (assets/README.md says how): the PDF embeds the glyphs it uses, so every character of an
 * event's name prints as written, in every reader.
 */
const FONTS = [
  { style: 'normal', url: new URL('../assets/DejaVuSans-latin.ttf', import.meta.url) },
  { style: 'bold', url: new URL('../assets/DejaVuSans-Bold-latin.ttf', import.meta.url) },
] as const;
const FONT = 'DejaVuSans';

async function base64Of(url: URL): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`No se pudo cargar la fuente del PDF (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * One A6 page per ticket (a phone-sized page that also prints well), with the QR 80 mm wide,
 * drawn as vector rectangles, text in an embedded subset of DejaVu Sans (a few kilobytes a ticket).
 * jspdf is imported here, on demand: the wallet's first load does not carry it.
 */
export async function ticketsPdf(evento: PdfEvento, tickets: readonly TicketView[]): Promise<{ blob: Blob; filename: string }> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a6', orientation: 'portrait' });
  for (const [font, data] of await Promise.all(FONTS.map(async (f) => [f, await base64Of(f.url)] as const))) {
    const file = `${FONT}-${font.style}.ttf`;
    doc.addFileToVFS(file, data);
    doc.addFont(file, FONT, font.style, undefined, 'Identity-H');
  }
  const width = doc.internal.pageSize.getWidth();
  const fecha = formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria });
  for (const [index, ticket] of tickets.entries()) {
    if (index > 0) doc.addPage('a6', 'portrait');
    doc.setFont(FONT, 'bold').setFontSize(13);
    doc.text(doc.splitTextToSize(evento.nombre, width - 16), 8, 12);
    doc.setFont(FONT, 'normal').setFontSize(9);
    doc.text([fecha, `${evento.recinto.nombre}, ${evento.ciudad.nombre}`], 8, 24);
    const size = 80;
    const qr = qrRuns(ticket.qr);
    const module = size / qr.size;
    const left = (width - size) / 2;
    doc.setFillColor(0, 0, 0);
    for (const run of qr.runs) doc.rect(left + run.x * module, 32 + run.y * module, run.length * module, module, 'F');
    doc.setFontSize(10);
    doc.text([`${ticket.bloque} · ${ticket.seccion}`, `${placeLabel(ticket)} · ${ticket.categoria}`, `Precio: ${formatMoney(ticket.precio)}`], 8, 120);
    doc.setFontSize(7).text(`Boleto ${ticket.id} · ${index + 1} de ${tickets.length}`, 8, 140);
  }
  return { blob: doc.output('blob'), filename: `boletos-${slug(evento.nombre)}.pdf` };
}
