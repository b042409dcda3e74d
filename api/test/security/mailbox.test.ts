import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, GOOD_PASSWORD, lastMail, register, uniqueEmail } from '../support/auth';
import { appsPerFile } from '../support/app';
import { parseCsp } from '../support/storefront';

// Finding 3: the local mailbox shows every reset link. It exists only when asked for
// (DEV_MAILBOX=1), only without SMTP, and answers only this machine.
const appWith = appsPerFile();

async function mailFor(app: FastifyInstance) {
  const email = await register(app);
  expect((await call(app, 'POST', `/correos/send-verification-email/${email}`)).status).toBe(200);
  return { email, mail: (await lastMail(app, email))! };
}

const get = (app: FastifyInstance, url: string, remoteAddress = '127.0.0.1') => app.inject({ method: 'GET', url, remoteAddress });

describe('local mailbox (/dev/correos)', () => {
  it('is off unless DEV_MAILBOX=1 (NODE_ENV alone no longer opens it)', async () => {
    const app = await appWith({ DEV_MAILBOX: '' });
    const { mail } = await mailFor(app);
    expect((await get(app, '/dev/correos')).statusCode).toBe(404);
    expect((await get(app, `/dev/correos/${mail.id}`)).statusCode).toBe(404);
  });

  it('is off when SMTP_URL is set, even with DEV_MAILBOX=1', async () => {
    const app = await appWith({ DEV_MAILBOX: '1', SMTP_URL: 'smtp://127.0.0.1:9' });
    expect((await get(app, '/dev/correos')).statusCode).toBe(404);
  });

  describe('enabled (DEV_MAILBOX=1, no SMTP)', () => {
    it('lists messages and shows each one with its working link to a loopback client, without the API key', async () => {
      const app = await appWith({ DEV_MAILBOX: '1' });
      const { email, mail } = await mailFor(app);
      const list = await get(app, `/dev/correos?para=${encodeURIComponent(email)}`);
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain('Verifica tu correo en Taquilla');
      expect(list.body).toContain(`/dev/correos/${mail.id}`);
      const one = await get(app, `/dev/correos/${mail.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.headers['content-type']).toContain('text/html');
      expect(one.body).toContain(`/auth/verify/${mail.token}`);
      expect((await get(app, '/dev/correos/no-existe')).statusCode).toBe(404);
      // Its own policy: inline styles for the e-mail HTML, no script of any kind.
      const csp = parseCsp(one.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['script-src']).toBeUndefined();
    });

    it('answers any other client with a plain 404 and no mail content', async () => {
      const app = await appWith({ DEV_MAILBOX: '1' });
      const { mail } = await mailFor(app);
      for (const address of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.3']) {
        for (const url of ['/dev/correos', `/dev/correos/${mail.id}`]) {
          const res = await get(app, url, address);
          expect(res.statusCode).toBe(404);
          expect(res.body).not.toContain(mail.token!);
        }
      }
      // A forged X-Forwarded-For is ignored (TRUST_PROXY off): the peer decides.
      const forged = await app.inject({ method: 'GET', url: '/dev/correos', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(forged.statusCode).toBe(404);
    });
  });
});

// Finding 4: links in e-mails never point at a host named by the request.
describe('links in e-mails', () => {
  it('ignore a foreign Host header when PUBLIC_URL is not set', async () => {
    const app = await appWith({ PUBLIC_URL: '' });
    const email = await register(app);
    const headers = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
    expect((await call(app, 'POST', `/correos/forgot-password/${email}`, undefined, { headers })).status).toBe(200);
    const mail = (await lastMail(app, email))!;
    expect(mail.text).not.toContain('attacker.example');
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/auth\/reset\//);
  });

  it('use PUBLIC_URL whatever the Host', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://boletos.taquilla.mx/' });
    const email = uniqueEmail();
    await call(app, 'POST', '/auth/register', { fullName: 'Ana López', email, password: GOOD_PASSWORD });
    await call(app, 'POST', `/correos/forgot-password/${email}`, undefined, { headers: { host: 'attacker.example' } });
    expect((await lastMail(app, email))!.text).toContain('https://boletos.taquilla.mx/auth/reset/');
  });
});
