import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { emailOutbox } from '../db/schema/email';
import { escapeHtml } from '../lib/html';
import type { MailAttachment } from './outbox';
import { notFoundHandler } from '../plugins/error-handler';

/**
 * The local mailbox (development only): every message in the outbox, newest first, and each
 * message's HTML with its real links. Mounted at the site root (/dev/correos), outside
 * /api/v1, so a browser can open it without the API key; registered only with DEV_MAILBOX=1
 * and no SMTP, and it answers loopback clients only (anyone else gets a plain 404).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const esc = escapeHtml;

const STATUS: Record<string, string> = { local: 'buzón local', pendiente: 'pendiente', enviado: 'enviado', fallido: 'fallido' };

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#0f1115;color:#f4f4f5}
header{padding:16px 24px;background:#1b1d24;border-bottom:3px solid #fdff00}
h1{margin:0;font-size:20px} main{padding:16px 24px}
table{border-collapse:collapse;width:100%} th,td{padding:8px;border-bottom:1px solid #333;text-align:left;vertical-align:top}
a{color:#fdff00} .muted{color:#a6a6b0;font-size:13px}
</style></head><body><header><h1>${esc(title)}</h1><p class="muted">Solo en desarrollo: los correos no salen de esta máquina (no hay SMTP_URL).</p></header><main>${body}</main></body></html>`;
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Both the peer and (behind a trusted proxy) the client must be this machine. */
function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.ip) && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Our own HTML with inline styles, no script at all: a policy of its own, stricter on scripts. */
const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

export const devMailboxPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromLoopback(request)) return notFoundHandler(request, reply);
    reply.header('content-security-policy', MAILBOX_CSP);
  });
  app.get<{ Querystring: { para?: string } }>('/dev/correos', async (request, reply) => {
    const to = typeof request.query.para === 'string' ? request.query.para.trim().toLowerCase() : '';
    const base = app.db
      .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt })
      .from(emailOutbox);
    const rows = await (to ? base.where(eq(emailOutbox.to, to)) : base).orderBy(desc(emailOutbox.createdAt)).limit(200);
    const list = rows.length
      ? `<table><thead><tr><th>Fecha</th><th>Para</th><th>Asunto</th><th>Estado</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td class="muted">${esc(r.createdAt.toISOString())}</td><td>${esc(r.to)}</td><td><a href="/dev/correos/${r.id}">${esc(r.subject)}</a></td><td>${esc(STATUS[r.status] ?? r.status)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No hay correos todavía.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Buzón local de Taquilla', list));
  });

  app.get<{ Params: { id: string } }>('/dev/correos/:id', async (request, reply) => {
    const { id } = request.params;
    const [row] = UUID.test(id) ? await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1) : [];
    if (!row) return reply.status(404).type('text/html; charset=utf-8').send(page('Correo no encontrado', '<p><a href="/dev/correos">Volver al buzón</a></p>'));
    const meta = `<div style="font-family:system-ui,sans-serif;background:#1b1d24;color:#f4f4f5;padding:12px 24px;border-bottom:3px solid #fdff00">
<a href="/dev/correos" style="color:#fdff00">← Buzón local</a> · <strong>Para:</strong> ${esc(row.to)} · <strong>Asunto:</strong> ${esc(row.subject)}</div>`;
    // Our own generated HTML (names escaped by the templates): shown as the buyer would see it.
    // Inline images (cid:) are served by the route below, as a mail client would resolve them.
    const body = row.html.replace(
      /(["'])cid:([A-Za-z0-9._@-]+)\1/g,
      (_m, q: string, cid: string) => `${q}/dev/correos/${row.id}/cid/${encodeURIComponent(cid)}${q}`,
    );
    const files = (row.attachments as MailAttachment[] | null) ?? [];
    const list = files
      .filter((a) => !a.cid)
      .map((a) => `<a href="/dev/correos/${row.id}/adjunto/${encodeURIComponent(a.filename)}" style="color:#fdff00">${esc(a.filename)}</a>`);
    const withFiles = list.length ? meta.replace('</div>', ` · <strong>Adjuntos:</strong> ${list.join(' ')}</div>`) : meta;
    const html = body.includes('<body') ? body.replace(/<body([^>]*)>/, `<body$1>${withFiles}`) : withFiles + body;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  /** An attachment of a message: inline by cid, or a file by name. */
  app.get<{ Params: { id: string; kind: string; key: string } }>('/dev/correos/:id/:kind/:key', async (request, reply) => {
    const { id, kind, key } = request.params;
    const [row] = UUID.test(id) && (kind === 'cid' || kind === 'adjunto') ? await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1) : [];
    const file = ((row?.attachments as MailAttachment[] | null) ?? []).find((a) => (kind === 'cid' ? a.cid === key : a.filename === key));
    if (!file)
      return reply.status(404).type('text/html; charset=utf-8').send(page('Adjunto no encontrado', '<p><a href="/dev/correos">Volver al buzón</a></p>'));
    if (kind === 'adjunto') reply.header('content-disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    return reply.type(file.contentType).header('cache-control', 'no-store').send(Buffer.from(file.base64, 'base64'));
  });
};
