import QRCode from 'qrcode';
import { filaLabel, formatDateTime, formatMoney } from '@taquilla/shared/format';
import type { MailAttachment, NewMail } from '../../mail/outbox';
import type { BoletoRow } from './boletos.repository';
import { eventoIcs } from '@taquilla/shared/calendar';

/**
 * The tickets e-mail: event, venue, date, each ticket (section, row and seat, or the general
 * section), its price, the total paid, each ticket's QR (its quemado_uuid) as an inline cid:
 * image — many mail clients block data: URLs — and an .ics calendar file.
 */
export interface TicketsEmailInput {
  to: string;
  nombre: string;
  evento: { id: number; nombre: string; recinto: string; fecha: Date };
  boletos: BoletoRow[];
  total: number;
  /** Where the buyer sees their purchases (/perfil/mis_compras), absolute. */
  link: string;
  /** A guest's purchase: the page where they ask for its factura (CFDI), absolute. */
  facturaLink?: string;
  /** How it was paid, when not a card in one go: a card's meses sin intereses, or cash / SPEI. */
  pago?: { metodo: 'tarjeta' | 'efectivo' | 'spei'; meses?: number | null };
}

/** 'Pagado a 6 meses sin intereses de $250.00', 'Pagado en efectivo', … ; null for a card in one go. */
function formaDePago(total: number, pago: TicketsEmailInput['pago']): string | null {
  if (!pago) return null;
  if (pago.metodo === 'efectivo') return 'Pagado en efectivo';
  if (pago.metodo === 'spei') return 'Pagado por transferencia SPEI';
  return pago.meses ? `Pagado a ${pago.meses} meses sin intereses de ${formatMoney(Math.ceil(total / pago.meses))}` : null;
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function lugarDe(b: BoletoRow): string {
  return b.fila === null ? `${b.seccion} · General` : `${b.seccion} · ${filaLabel(b.fila)} · Asiento ${b.asiento}`;
}

export async function ticketsEmail(input: TicketsEmailInput): Promise<NewMail> {
  const fecha = formatDateTime(input.evento.fecha);
  const qrs: MailAttachment[] = await Promise.all(
    input.boletos.map(async (b, i) => ({
      filename: `boleto-${i + 1}.png`,
      contentType: 'image/png',
      cid: `qr-${b.id}@taquilla`,
      base64: (await QRCode.toBuffer(b.quemadoUuid, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' })).toString('base64'),
    })),
  );
  const ics: MailAttachment = {
    filename: 'evento.ics',
    contentType: 'text/calendar; charset=utf-8',
    base64: Buffer.from(eventoIcs(input.evento, input.boletos[0]?.id ?? 'evento')).toString('base64'),
  };
  const rows = input.boletos
    .map(
      (b, i) => `<tr><td style="padding:12px 0;border-bottom:1px solid #eee;vertical-align:top;">
<p style="margin:0 0 4px;font-weight:bold;">Boleto ${i + 1}</p><p style="margin:0 0 4px;">${esc(lugarDe(b))}</p><p style="margin:0;color:#555;">${esc(formatMoney(b.precio))}</p></td>
<td style="padding:12px 0;border-bottom:1px solid #eee;text-align:right;"><img src="cid:${esc(qrs[i]!.cid!)}" width="160" height="160" alt="Código QR del boleto ${i + 1}"></td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Tus boletos</title></head>
<body style="margin:0;padding:0;background:#0f1115;font-family:Arial,Helvetica,sans-serif;color:#1b1d24;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0f1115;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:#1b1d24;padding:20px 28px;color:#fdff00;font-size:22px;font-weight:bold;letter-spacing:2px;">TAQUILLA</td></tr>
<tr><td style="padding:28px;">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">Hola, ${esc(input.nombre)}: ¡aquí están tus boletos!</p>
<p style="margin:0 0 4px;font-size:20px;font-weight:bold;">${esc(input.evento.nombre)}</p>
<p style="margin:0 0 4px;">${esc(input.evento.recinto)}</p>
<p style="margin:0 0 16px;">${esc(fecha)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>
<p style="margin:16px 0;font-size:18px;font-weight:bold;">Total pagado: ${esc(formatMoney(input.total))}</p>${
    formaDePago(input.total, input.pago) ? `<p style="margin:0 0 16px;">${esc(formaDePago(input.total, input.pago)!)}</p>` : ''
  }
<p style="margin:0 0 16px;line-height:1.5;">Presenta el código QR de cada boleto en la entrada. Agrega el evento a tu calendario con el archivo adjunto.</p>
<p style="margin:0;"><a href="${esc(input.link)}" style="color:#1b4dd6;">Ver mis compras</a></p>${
    input.facturaLink
      ? `\n<p style="margin:16px 0 0;">¿Necesitas factura? <a href="${esc(input.facturaLink)}" style="color:#1b4dd6;">Pide tu factura</a> (dentro del mes de tu compra).</p>`
      : ''
  }
</td></tr>
<tr><td style="background:#f4f4f5;padding:16px 28px;font-size:12px;color:#777;">Taquilla · Boletos para eventos en vivo en México. Este es un correo automático, no respondas a este mensaje.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `Hola, ${input.nombre}: ¡aquí están tus boletos!`,
    '',
    input.evento.nombre,
    input.evento.recinto,
    fecha,
    '',
    ...input.boletos.map((b, i) => `Boleto ${i + 1}: ${lugarDe(b)} — ${formatMoney(b.precio)} — código ${b.quemadoUuid}`),
    '',
    `Total pagado: ${formatMoney(input.total)}`,
    ...(formaDePago(input.total, input.pago) ? [formaDePago(input.total, input.pago)!] : []),
    '',
    `Ver mis compras: ${input.link}`,
    ...(input.facturaLink ? ['', `¿Necesitas factura? Pídela aquí (dentro del mes de tu compra): ${input.facturaLink}`] : []),
  ].join('\n');
  return { to: input.to, subject: `Tus boletos para ${input.evento.nombre}`, html, text, attachments: [...qrs, ics] };
}

/** Why a completed charge could not become tickets. */
export type MotivoReembolso = 'lugares' | 'promocion' | 'duplicado' | 'limite';

const MOTIVOS: Record<MotivoReembolso, (evento: { limiteDeAsientos: number }) => string> = {
  lugares: () => 'se completó cuando tu reserva ya había expirado y los lugares ya no estaban disponibles.',
  promocion: () => 'se completó cuando la promoción que aplicaste ya se había agotado, así que no pudimos emitir tus boletos con ese descuento.',
  duplicado: () => 'fue un segundo cargo por una compra que ya estaba pagada (por ejemplo, desde otra pestaña). Tus boletos son los de ese primer pago.',
  limite: (e) =>
    `se completó cuando ya tenías boletos de otra compra para este evento: con estos pasarías el límite de ${e.limiteDeAsientos} boletos por comprador, así que no los emitimos.`,
};

/** The charge was refunded instead of becoming tickets: the buyer is told why. */
export function refundEmail(input: {
  to: string;
  nombre: string;
  evento: { nombre: string; limiteDeAsientos: number };
  total: number;
  motivo: MotivoReembolso;
  metodo?: 'tarjeta' | 'efectivo' | 'spei';
}): NewMail {
  const lines = [
    `Hola, ${input.nombre}:`,
    `Tu pago de ${formatMoney(input.total)} para ${input.evento.nombre} ${MOTIVOS[input.motivo](input.evento)}`,
    // A cash or SPEI payment has no card to go back to: the refund is a transfer (decision 0033).
    input.metodo === 'efectivo' || input.metodo === 'spei'
      ? 'Te devolvemos el pago completo por transferencia: te escribiremos a este correo para pedirte la CLABE de tu cuenta.'
      : 'Reembolsamos el cargo completo a tu tarjeta; según tu banco, puede tardar algunos días en reflejarse.',
  ];
  return {
    to: input.to,
    subject: `Reembolsamos tu pago para ${input.evento.nombre}`,
    html: `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Reembolso</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1d24;">${lines
      .map((l) => `<p style="margin:0 0 16px;line-height:1.5;">${esc(l)}</p>`)
      .join('')}</body></html>`,
    text: lines.join('\n\n'),
  };
}
