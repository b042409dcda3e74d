import { escapeHtml } from '../lib/html';
/**
 * Account e-mails in Spanish: branded HTML (inline styles — mail clients ignore <style> and
 * external CSS) plus a plain-text part with the same content and the bare link.
 */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

const BRAND = 'Taquilla';
const YELLOW = '#fdff00';

interface LayoutInput {
  preheader: string;
  greeting: string;
  paragraphs: string[];
  buttonLabel: string;
  link: string;
  footnote: string;
}

function layout({ preheader, greeting, paragraphs, buttonLabel, link, footnote }: LayoutInput): string {
  const href = escapeHtml(link);
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5;">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${BRAND}</title></head>
<body style="margin:0;padding:0;background:#0f1115;font-family:Arial,Helvetica,sans-serif;color:#1b1d24;">
<span style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0f1115;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:#1b1d24;padding:20px 28px;color:${YELLOW};font-size:22px;font-weight:bold;letter-spacing:2px;">${BRAND.toUpperCase()}</td></tr>
<tr><td style="padding:28px;">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;">${escapeHtml(greeting)}</p>
${body}
<p style="margin:24px 0;text-align:center;"><a href="${href}" style="display:inline-block;background:${YELLOW};color:#111111;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px;">${escapeHtml(buttonLabel)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#555;">Si el botón no funciona, copia y pega este enlace en tu navegador:</p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all;"><a href="${href}" style="color:#1b4dd6;">${href}</a></p>
<p style="margin:0;font-size:13px;color:#555;">${escapeHtml(footnote)}</p>
</td></tr>
<tr><td style="background:#f4f4f5;padding:16px 28px;font-size:12px;color:#777;">${BRAND} · Boletos para eventos en vivo en México. Este es un correo automático, no respondas a este mensaje.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function plain(greeting: string, paragraphs: string[], linkLabel: string, link: string, footnote: string): string {
  return [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${linkLabel}:`, link, '', footnote, '', `— ${BRAND}`].join('\n');
}

export function verificationEmail(input: { fullName: string; link: string }): MailContent {
  const greeting = `¡Hola, ${input.fullName}!`;
  const paragraphs = [`Gracias por crear tu cuenta en ${BRAND}.`, 'Para empezar a comprar tus boletos, confirma que este correo es tuyo.'];
  const footnote = 'El enlace vence en 24 horas. Si no creaste esta cuenta, ignora este correo.';
  return {
    subject: `Verifica tu correo en ${BRAND}`,
    html: layout({
      preheader: 'Confirma tu correo para activar tu cuenta.',
      greeting,
      paragraphs,
      buttonLabel: 'Verificar mi correo',
      link: input.link,
      footnote,
    }),
    text: plain(greeting, paragraphs, 'Verifica tu correo en este enlace', input.link, footnote),
  };
}

export function resetPasswordEmail(input: { fullName: string; link: string }): MailContent {
  const greeting = `Hola, ${input.fullName}:`;
  const paragraphs = [
    `Recibimos una solicitud para restablecer la contraseña de tu cuenta en ${BRAND}.`,
    'Elige una contraseña nueva desde el siguiente enlace.',
  ];
  const footnote = 'El enlace vence en 1 hora y solo puede usarse una vez. Si no lo solicitaste, ignora este correo: tu contraseña no cambiará.';
  return {
    subject: `Restablece tu contraseña de ${BRAND}`,
    html: layout({
      preheader: 'Crea una contraseña nueva para tu cuenta.',
      greeting,
      paragraphs,
      buttonLabel: 'Restablecer contraseña',
      link: input.link,
      footnote,
    }),
    text: plain(greeting, paragraphs, 'Restablece tu contraseña en este enlace', input.link, footnote),
  };
}
