import { expect, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// The tickets e-mail as a buyer receives it, read from the local mailbox (/dev/correos): its
// inline QR images (cid: attachments, served by the mailbox) decoded with jsQR, the way a
// scanner at the gate reads them.

export interface TicketsMail {
  subject: string;
  /** The decoded payload of every QR image in the message, in order. */
  qrs: string[];
  /** The message's attachments that are files (the .ics), by name. */
  files: string[];
  html: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data ?? null;
}

/** Waits for the newest 'Tus boletos para {evento}' message to `email` and decodes its QR codes. */
async function openTicketsMail(api: APIRequestContext, email: string, evento: string): Promise<TicketsMail> {
  const subject = `Tus boletos para ${evento}`;
  let id = '';
  await expect
    .poll(
      async () => {
        const list = await (await api.get(`/dev/correos?para=${encodeURIComponent(email)}`)).text();
        const row = list.split('<tr>').find((r) => r.includes(`>${subject}</a>`));
        id = /href="\/dev\/correos\/([0-9a-f-]{36})"/.exec(row ?? '')?.[1] ?? '';
        return id;
      },
      { message: `correo '${subject}' para ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  const html = await (await api.get(`/dev/correos/${id}`)).text();
  const images = [...html.matchAll(/src="(\/dev\/correos\/[0-9a-f-]{36}\/cid\/[^"]+)"/g)].map((m) => m[1]!);
  const qrs: string[] = [];
  for (const src of images) {
    const res = await api.get(src);
    expect(res.headers()['content-type']).toBe('image/png');
    const payload = decodeQrPng(await res.body());
    expect(payload, `QR legible en ${src}`).not.toBeNull();
    qrs.push(payload!);
  }
  const files = [...html.matchAll(/\/dev\/correos\/[0-9a-f-]{36}\/adjunto\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  return { subject, qrs, files, html };
}

/** The checks every purchase ends with: one readable, distinct, unguessable QR per ticket, and the calendar file. */
export async function expectTicketsMail(api: APIRequestContext, email: string, evento: string, boletos: number): Promise<TicketsMail> {
  const mail = await openTicketsMail(api, email, evento);
  expect(mail.qrs).toHaveLength(boletos);
  for (const qr of mail.qrs) expect(qr).toMatch(UUID);
  expect(new Set(mail.qrs).size).toBe(boletos);
  expect(mail.files.some((f) => f.endsWith('.ics'))).toBe(true);
  return mail;
}
