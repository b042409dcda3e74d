import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '../src/modules/types';
import { requireVerifiedUser } from '../src/modules/auth/auth.guard';
import { call, countMails, GOOD_PASSWORD, lastMail, signRaw, uniqueEmail } from './support/auth';
import { buildTestApp } from './support/app';

const VERIFICATION_REQUIRED =
  'Verificación requerida. Debes verificar tu correo para acceder. Revisa tu bandeja de entrada y sigue las instrucciones en el email de verificación.';

/** A route behind requireVerifiedUser, as other modules will use it. */
const probe: RouteModule = {
  name: 'probe',
  plugin: async (app) => {
    app.get('/probe/privado', { preHandler: requireVerifiedUser }, async (request) => ({ email: request.user!.email }));
  },
};

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await buildTestApp({ env: { LOGIN_MAX_PER_EMAIL: '50', LOGIN_MAX_PER_IP: '500', REGISTER_MAX_PER_IP: '500' }, extraModules: [probe] }));
}, 120_000);
afterAll(() => close());

async function registerUser(email = uniqueEmail(), password = GOOD_PASSWORD) {
  const res = await call(app, 'POST', '/auth/register', { fullName: 'Ana López', email, password });
  expect(res.status).toBe(201);
  return { email, token: res.body.token as string, user: res.body.user as { id: string; isVerified: boolean } };
}

async function verify(email: string) {
  expect((await call(app, 'POST', `/correos/send-verification-email/${email}`)).status).toBe(200);
  const mail = await lastMail(app, email);
  return call(app, 'POST', '/auth/verify-email', { token: mail!.token });
}

describe('POST /auth/register', () => {
  it('validates with the spec messages (same schema as the form)', async () => {
    const res = await call(app, 'POST', '/auth/register', { fullName: '', email: 'sin-arroba', password: 'abc' });
    expect(res.status).toBe(400);
    // Body messages reach buyers as they are: no technical path in front of them.
    expect(res.body.message).toContain('El nombre es obligatorio');
    const text = (res.body.message as string[]).join('\n');
    for (const message of [
      'El nombre es obligatorio',
      'El correo debe ser de un dominio válido',
      'Debe tener al menos 6 caracteres',
      'Debe contener al menos una mayúscula',
      'Debe contener al menos un número',
    ]) {
      expect(text).toContain(message);
    }
    const lower = await call(app, 'POST', '/auth/register', { fullName: 'A', email: uniqueEmail(), password: 'ABCDEF1' });
    expect(lower.body.message).toEqual(expect.arrayContaining([expect.stringContaining('Debe contener al menos una minúscula')]));
    const missing = await call(app, 'POST', '/auth/register', {});
    expect((missing.body.message as string[]).join('\n')).toContain('La contraseña es obligatoria');
  });

  it('creates an unverified account, answers token + user, and never returns the hash', async () => {
    const email = uniqueEmail();
    const res = await call(app, 'POST', '/auth/register', { fullName: '  Ana López ', email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ id: expect.any(String), fullName: 'Ana López', email, isVerified: false });
    expect(typeof res.body.token).toBe('string');
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    const stored = await app.db.execute(sql`SELECT password_hash FROM users WHERE email = ${email}`);
    const hash = (stored as unknown as { rows: Array<{ password_hash: string }> }).rows[0]!.password_hash;
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain(GOOD_PASSWORD);
  });

  it("refuses a duplicate e-mail (any case) with 409 'El correo ya está registrado.'", async () => {
    const { email } = await registerUser();
    const again = await call(app, 'POST', '/auth/register', { fullName: 'Otra', email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('El correo ya está registrado.');
  });
});

describe('POST /auth/login', () => {
  it("wrong password and unknown address both get 401 'Credenciales incorrectas'", async () => {
    const { email } = await registerUser();
    const wrong = await call(app, 'POST', '/auth/login', { email, password: 'Otra123' });
    const unknown = await call(app, 'POST', '/auth/login', { email: uniqueEmail('nadie'), password: GOOD_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Credenciales incorrectas');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Credenciales incorrectas');
  });

  it('validates with the login messages', async () => {
    const res = await call(app, 'POST', '/auth/login', { email: '', password: '123' });
    expect(res.status).toBe(400);
    const text = (res.body.message as string[]).join('\n');
    expect(text).toContain('Debes ingresar el correo');
    expect(text).toContain('La contraseña debe tener al menos 6 caracteres');
  });

  it('answers token + user for the right password (address in any case)', async () => {
    const { email } = await registerUser();
    const res = await call(app, 'POST', '/auth/login', { email: ` ${email.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, isVerified: false });
  });
});

describe('sessions, verification and requireVerifiedUser', () => {
  it('an unverified user: check-status answers (isVerified false), protected routes answer 403', async () => {
    const { token, user } = await registerUser();
    const status = await call(app, 'GET', '/auth/check-status', undefined, { token });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ isVerified: false, user: { id: user.id, isVerified: false }, token: expect.any(String) });
    const denied = await call(app, 'GET', '/probe/privado', undefined, { token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(VERIFICATION_REQUIRED);
  });

  it('verifying by link opens protected routes, even for a token signed before verification', async () => {
    const { email, token } = await registerUser();
    const verified = await verify(email);
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Tu correo ha sido verificado. Ya puedes iniciar sesión.');
    const ok = await call(app, 'GET', '/probe/privado', undefined, { token });
    expect(ok).toEqual({ status: 200, body: { email } });
    const status = await call(app, 'GET', '/auth/check-status', undefined, { token });
    expect(status.body).toMatchObject({ isVerified: true, user: { email, isVerified: true } });
    // The fresh token carries the verified claim.
    const fresh = await call(app, 'GET', '/probe/privado', undefined, { token: status.body.token as string });
    expect(fresh.status).toBe(200);
  });

  it('the verification e-mail is Spanish, branded, with the storefront link', async () => {
    const { email } = await registerUser();
    await call(app, 'POST', `/correos/send-verification-email/${email}`);
    const mail = await lastMail(app, email);
    expect(mail).toMatchObject({ subject: 'Verifica tu correo en Taquilla', status: 'local' });
    expect(mail!.text).toContain('¡Hola, Ana López!');
    expect(mail!.text).toMatch(/http:\/\/localhost(:80)?\/auth\/verify\/[A-Za-z0-9_-]{43}/);
    expect(mail!.html).toContain('Verificar mi correo');
  });

  it('a verification link works once; reuse, unknown and expired links get clear messages', async () => {
    const { email } = await registerUser();
    await call(app, 'POST', `/correos/send-verification-email/${email}`);
    const { token } = (await lastMail(app, email))!;
    expect((await call(app, 'POST', '/auth/verify-email', { token })).status).toBe(200);
    const reuse = await call(app, 'POST', '/auth/verify-email', { token });
    expect(reuse).toMatchObject({ status: 400, body: { message: 'Este enlace de verificación ya fue utilizado.' } });
    const unknown = await call(app, 'POST', '/auth/verify-email', { token: 'A'.repeat(43) });
    expect(unknown.body.message).toBe('El enlace de verificación no es válido.');

    const other = await registerUser();
    await call(app, 'POST', `/correos/send-verification-email/${other.email}`);
    const expired = (await lastMail(app, other.email))!;
    await app.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${other.user.id}`);
    const late = await call(app, 'POST', '/auth/verify-email', { token: expired.token });
    expect(late).toMatchObject({ status: 400, body: { message: 'El enlace de verificación ha expirado. Inicia sesión para solicitar uno nuevo.' } });
    expect((await call(app, 'GET', '/auth/check-status', undefined, { token: other.token })).body.isVerified).toBe(false);
  });

  it('a tampered or expired JWT is refused with 401', async () => {
    const { token, user, email } = await registerUser();
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [head, Buffer.from(JSON.stringify({ ...claims, isVerified: true })).toString('base64url'), signature].join('.');
    for (const bad of [forged, `${token}x`, 'no-es-un-jwt']) {
      const res = await call(app, 'GET', '/auth/check-status', undefined, { token: bad });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('La sesión no es válida o ha expirado.');
      expect((await call(app, 'GET', '/probe/privado', undefined, { token: bad })).status).toBe(401);
    }
    const expired = await signRaw({ sub: user.id, email, isVerified: true, exp: Math.floor(Date.now() / 1000) - 60 }, app.config.jwtSecret);
    expect((await call(app, 'GET', '/auth/check-status', undefined, { token: expired })).status).toBe(401);
    expect((await call(app, 'GET', '/probe/privado', undefined, { token: expired })).status).toBe(401);
    const otherKey = await signRaw({ sub: user.id, email, isVerified: true, exp: Math.floor(Date.now() / 1000) + 600 }, 'otro-secreto-0123456789-abcdefghijkl');
    expect((await call(app, 'GET', '/auth/check-status', undefined, { token: otherKey })).status).toBe(401);
    expect((await call(app, 'GET', '/probe/privado')).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for a registered and an unknown address, and mails only the account', async () => {
    const { email } = await registerUser();
    const nobody = uniqueEmail('nadie');
    const known = await call(app, 'POST', `/correos/forgot-password/${email}`);
    const unknown = await call(app, 'POST', `/correos/forgot-password/${nobody}`);
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 200, body: { message: 'Hemos enviado un correo con instrucciones para restablecer tu contraseña.' } });
    expect(await countMails(app, nobody)).toBe(0);
    const mail = await lastMail(app, email);
    expect(mail!.subject).toBe('Restablece tu contraseña de Taquilla');
    expect(mail!.text).toMatch(/\/auth\/reset\/[A-Za-z0-9_-]{43}/);
  });

  it('reset sets the new password once; the token is stored hashed; reuse and expiry are refused', async () => {
    const { email, user } = await registerUser();
    await call(app, 'POST', `/correos/forgot-password/${email}`);
    const { token } = (await lastMail(app, email))!;
    const stored = await app.db.execute(sql`SELECT token_hash FROM auth_tokens WHERE user_id = ${user.id} AND purpose = 'reset-password'`);
    const hashes = (stored as unknown as { rows: Array<{ token_hash: string }> }).rows.map((r) => r.token_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes[0]).not.toBe(token);

    const weak = await call(app, 'POST', '/auth/reset-password', { token, password: 'corta' });
    expect(weak.status).toBe(400);
    const reset = await call(app, 'POST', '/auth/reset-password', { token, password: 'NuevaClave9' });
    expect(reset).toEqual({ status: 200, body: { message: 'Tu contraseña se ha actualizado. Ya puedes iniciar sesión.' } });
    expect((await call(app, 'POST', '/auth/login', { email, password: GOOD_PASSWORD })).status).toBe(401);
    const login = await call(app, 'POST', '/auth/login', { email, password: 'NuevaClave9' });
    expect(login.status).toBe(200);
    // The link proved the address: the account is verified now.
    expect(login.body.user).toMatchObject({ isVerified: true });

    const reuse = await call(app, 'POST', '/auth/reset-password', { token, password: 'OtraClave9' });
    expect(reuse.body.message).toBe('Este enlace para restablecer la contraseña ya fue utilizado. Solicita uno nuevo.');

    await call(app, 'POST', `/correos/forgot-password/${email}`);
    const second = (await lastMail(app, email))!;
    await app.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND used_at IS NULL`);
    const late = await call(app, 'POST', '/auth/reset-password', { token: second.token, password: 'OtraClave9' });
    expect(late).toMatchObject({ status: 400, body: { message: 'El enlace para restablecer la contraseña ha expirado. Solicita uno nuevo.' } });
  });

  it('a password reset ends the sessions opened before it; a new login works', async () => {
    const { email } = await registerUser();
    expect((await verify(email)).status).toBe(200);
    const before = await call(app, 'POST', '/auth/login', { email, password: GOOD_PASSWORD });
    const oldToken = before.body.token as string;
    expect((await call(app, 'GET', '/probe/privado', undefined, { token: oldToken })).status).toBe(200);

    // JWT times have one-second resolution: let the reset happen in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await call(app, 'POST', `/correos/forgot-password/${email}`);
    const { token: link } = (await lastMail(app, email))!;
    expect((await call(app, 'POST', '/auth/reset-password', { token: link, password: 'NuevaClave9' })).status).toBe(200);

    const stale = await call(app, 'GET', '/probe/privado', undefined, { token: oldToken });
    expect(stale).toEqual({ status: 401, body: expect.objectContaining({ message: 'La sesión no es válida o ha expirado.' }) });
    // Nor can the old token be refreshed into a new one.
    expect((await call(app, 'GET', '/auth/check-status', undefined, { token: oldToken })).status).toBe(401);

    const after = await call(app, 'POST', '/auth/login', { email, password: 'NuevaClave9' });
    expect((await call(app, 'GET', '/probe/privado', undefined, { token: after.body.token as string })).status).toBe(200);
    expect((await call(app, 'GET', '/auth/check-status', undefined, { token: after.body.token as string })).status).toBe(200);
  });

  it('a newer reset link replaces the older one', async () => {
    const { email } = await registerUser();
    await call(app, 'POST', `/correos/forgot-password/${email}`);
    const first = (await lastMail(app, email))!;
    await call(app, 'POST', `/correos/forgot-password/${email}`);
    const old = await call(app, 'POST', '/auth/reset-password', { token: first.token, password: 'NuevaClave9' });
    expect(old.body.message).toBe('El enlace para restablecer la contraseña no es válido.');
  });
});
