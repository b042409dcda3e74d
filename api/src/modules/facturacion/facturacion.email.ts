import { formatMoney } from '@taquilla/shared/format';
import type { NewMail } from '../../mail/outbox';

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invoice e-mail: to the purchase's address, the XML and the PDF attached. */
export function facturaEmail(input: {
  to: string;
  evento: string;
  rfc: string;
  razonSocial: string;
  uuid: string;
  total: number;
  xml: string;
  pdf: Buffer;
  link: string;
}): NewMail {
  const lines = [
    `Adjuntamos la factura (CFDI 4.0) de tu compra para ${input.evento}.`,
    `Receptor: ${input.razonSocial} · RFC ${input.rfc}`,
    `Folio fiscal: ${input.uuid}`,
    `Total: ${formatMoney(input.total)}`,
  ];
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Tu factura</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1d24;">
${lines.map((l) => `<p style="margin:0 0 12px;line-height:1.5;">${esc(l)}</p>`).join('\n')}
<p style="margin:0 0 12px;">También puedes descargarla aquí: <a href="${esc(input.link)}" style="color:#1b4dd6;">ver mi factura</a></p>
<p style="margin:0;font-size:12px;color:#777;">Taquilla · Este es un correo automático, no respondas a este mensaje.</p></body></html>`;
  const nombre = `factura-${input.uuid}`;
  return {
    to: input.to,
    subject: `Tu factura de ${input.evento}`,
    html,
    text: [...lines, '', `Descárgala también aquí: ${input.link}`].join('\n'),
    attachments: [
      { filename: `${nombre}.xml`, contentType: 'application/xml; charset=utf-8', base64: Buffer.from(input.xml, 'utf8').toString('base64') },
      { filename: `${nombre}.pdf`, contentType: 'application/pdf', base64: input.pdf.toString('base64') },
    ],
  };
}
