import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, GOOD_PASSWORD, uniqueEmail } from './support/auth';
import { buildTestApp } from './support/app';
import { insertMail } from '../src/mail/outbox';

/**
 * The SMTP path against a real SMTP server on loopback (smtp-server). The recipient's local
 * part picks the server's behaviour: 'rechazo.' → 550 at RCPT (permanent), 'temporal.' →
 * 451 at RCPT until `tempFailuresLeft` runs out, 'lento.' → the DATA reply comes late.
 */
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
let tempFailuresLeft = 0;
// Generous margins: the suite shares two cores with other work, and a loaded machine must
// not turn "accepted within the wait" into "queued".
const HANDOVER_MS = 3000;
const SLOW_MS = 5000;

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('rechazo.')) return callback(smtpError('Buzón inexistente', 550));
    if (address.address.startsWith('temporal.') && tempFailuresLeft > 0) {
      tempFailuresLeft -= 1;
      return callback(smtpError('Intenta más tarde', 451));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const done = () => {
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      };
      if (to.some((a) => a.startsWith('lento.'))) setTimeout(done, SLOW_MS);
      else done();
    });
  },
});

/** The text/plain part, quoted-printable decoded (the Spanish accents arrive encoded). */
function plainText(raw: string): string {
  const part = /Content-Type: text\/plain[\s\S]*?\r\n\r\n([\s\S]*?)\r\n--/i.exec(raw)?.[1] ?? '';
  const joined = part.replace(/=\r\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** The Subject header, RFC 2047 encoded-words decoded (non-ASCII subjects arrive as =?UTF-8?Q?…?=). */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, q: string) =>
      Buffer.from(
        q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .trim();
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('tiempo agotado esperando la condición');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const arrivedFor = (to: string) => received.find((m) => m.to.includes(to));

async function outboxRow(app: FastifyInstance, to: string) {
  const result = await app.db.execute(sql`SELECT status, attempts, error FROM email_outbox WHERE "to" = ${to} ORDER BY created_at DESC LIMIT 1`);
  return (result as unknown as { rows: Array<{ status: string; attempts: number; error: string | null }> }).rows[0];
}

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ({ app, close } = await buildTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://taquilla.example',
      MAIL_HANDOVER_MS: String(HANDOVER_MS),
      MAIL_WORKER: '1',
      MAIL_POLL_MS: '150',
    },
  }));
}, 180_000);
afterAll(async () => {
  await close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function register(email: string): Promise<string> {
  const res = await call(app, 'POST', '/auth/register', { fullName: 'Ana López', email, password: GOOD_PASSWORD });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

describe('account e-mails over SMTP', () => {
  it('the verification e-mail arrives: Spanish subject and text, HTML part, link to PUBLIC_URL', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await call(app, 'POST', `/correos/send-verification-email/${email}`);
    expect(res).toEqual({ status: 200, body: { message: 'Se ha enviado un correo de verificación. Revisa tu bandeja de entrada.' } });
    const mail = await waitFor(() => arrivedFor(email));
    expect(subjectOf(mail.raw)).toBe('Verifica tu correo en Taquilla');
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const text = plainText(mail.raw);
    expect(text).toContain('¡Hola, Ana López!');
    expect(text).toContain('Para empezar a comprar tus boletos, confirma que este correo es tuyo.');
    const token = /https:\/\/taquilla\.example\/auth\/verify\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    await waitFor(async () => ((await outboxRow(app, email))!.status === 'enviado' ? true : undefined));
    // The link works.
    expect((await call(app, 'POST', '/auth/verify-email', { token })).status).toBe(200);
  });

  it("a recipient the server refuses for good: the signed-in owner gets 'No se pudo enviar el correo de verificación.'", async () => {
    const email = uniqueEmail('rechazo');
    const token = await register(email);
    // Anyone else gets the usual answer: waiting on the server would tell them the account exists.
    const anonymous = await call(app, 'POST', `/correos/send-verification-email/${email}`);
    expect(anonymous.status).toBe(200);
    await waitFor(async () => ((await outboxRow(app, email))?.status === 'fallido' ? true : undefined));
    const res = await call(app, 'POST', `/correos/send-verification-email/${email}`, undefined, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('No se pudo enviar el correo de verificación.');
    expect(await outboxRow(app, email)).toMatchObject({ status: 'fallido', attempts: 1 });
    expect(arrivedFor(email)).toBeUndefined();
  });

  it('a slow server does not hold the request: answered within the handover wait, delivered after', async () => {
    const email = uniqueEmail('lento');
    const token = await register(email);
    const started = Date.now();
    const res = await call(app, 'POST', `/correos/send-verification-email/${email}`, undefined, { token });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(SLOW_MS);
    expect((await outboxRow(app, email))!.status).toBe('pendiente');
    await waitFor(() => arrivedFor(email));
    await waitFor(async () => ((await outboxRow(app, email))!.status === 'enviado' ? true : undefined));
  });

  it('a temporary failure stays queued and the worker delivers it later (backoff, then retry)', async () => {
    const email = uniqueEmail('temporal');
    await register(email);
    tempFailuresLeft = 1;
    const res = await call(app, 'POST', `/correos/send-verification-email/${email}`);
    expect(res.status).toBe(200);
    const row = await waitFor(async () => {
      const r = (await outboxRow(app, email))!;
      return r.error ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'pendiente', attempts: 1 });
    expect(row.error).toContain('451');
    // The backoff put the retry ≥ 24 s ahead; the worker leaves it alone until then.
    const due = await app.db.execute(sql`SELECT next_attempt_at > now() + interval '20 seconds' AS later FROM email_outbox WHERE "to" = ${email}`);
    expect((due as unknown as { rows: Array<{ later: boolean }> }).rows[0]!.later).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(arrivedFor(email)).toBeUndefined();
    // Fast-forward the backoff: the running worker picks it up.
    await app.db.execute(sql`UPDATE email_outbox SET next_attempt_at = now() WHERE "to" = ${email}`);
    await waitFor(() => arrivedFor(email));
    await waitFor(async () => ((await outboxRow(app, email))!.status === 'enviado' ? true : undefined));
    expect((await outboxRow(app, email))!.attempts).toBe(2);
  });

  it('the recovery e-mail arrives with the reset link; an unknown address gets the same answer and no mail', async () => {
    const email = uniqueEmail();
    await register(email);
    const nobody = uniqueEmail('nadie');
    const known = await call(app, 'POST', `/correos/forgot-password/${email}`);
    const unknown = await call(app, 'POST', `/correos/forgot-password/${nobody}`);
    expect(known).toEqual(unknown);
    const mail = await waitFor(() => arrivedFor(email));
    expect(subjectOf(mail.raw)).toBe('Restablece tu contraseña de Taquilla');
    expect(plainText(mail.raw)).toMatch(/https:\/\/taquilla\.example\/auth\/reset\/[A-Za-z0-9_-]{43}/);
    await new Promise((r) => setTimeout(r, 300));
    expect(arrivedFor(nobody)).toBeUndefined();
  });

  it('an address with a display part reaches nobody else: nodemailer gets an address object, not a list to parse', async () => {
    // The schemas refuse such addresses; this is the second belt, for a row that got in anyway.
    const odd = `x<victim.${Date.now()}@example.com>`;
    await insertMail(app.db, { to: odd, subject: 'Prueba', html: '<p>x</p>', text: 'x' }, 'pendiente');
    await waitFor(async () => {
      const r = await outboxRow(app, odd);
      return r && r.status !== 'pendiente' ? r : r?.error ? r : undefined;
    });
    expect(received.some((m) => m.to.some((a) => a.startsWith('victim.')))).toBe(false);
  });
});
