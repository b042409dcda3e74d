import { miPerfilSchema } from '@taquilla/shared/schemas/cuenta';
import { messages } from '@taquilla/shared/messages';
import { authMessages } from '@taquilla/shared/messages/auth';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { buildTestApp, type TestApp } from './support/app';
import { api, createAccount, login } from './support/cuenta';
import { createUser } from './support/reservas';

/** GET /usuarios/mi_perfil and PATCH /usuarios/update/password. */

let t: TestApp;
const PASSWORD = 'Actual123';

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const cambiar = (token: string | undefined, payload: unknown) => api(t, 'PATCH', '/usuarios/update/password', token, payload);
const hashOf = async (id: string) => (await queryRows<{ h: string }>(t.database.db, sql`select password_hash as h from users where id = ${id}`))[0]!.h;

describe('GET /usuarios/mi_perfil', () => {
  it('answers the caller’s name and e-mail, from the database', async () => {
    const { id, email } = await createAccount(t, PASSWORD);
    const token = await login(t, email, PASSWORD);
    await t.database.db.execute(sql`update users set full_name = 'Ana Renombrada' where id = ${id}`);
    const res = await api(t, 'GET', '/usuarios/mi_perfil', token);
    expect(res.statusCode).toBe(200);
    expect(miPerfilSchema.strict().parse(res.json())).toEqual({ fullName: 'Ana Renombrada', email });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 401 without a session and 403 (Verificación requerida) for an unverified account', async () => {
    expect((await api(t, 'GET', '/usuarios/mi_perfil')).statusCode).toBe(401);
    expect((await api(t, 'GET', '/usuarios/mi_perfil', 'no-es-un-token')).statusCode).toBe(401);
    const unverified = await createUser(t.database.db, t.app.config.jwtSecret, { verified: false });
    const res = await api(t, 'GET', '/usuarios/mi_perfil', unverified.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.VERIFICATION_REQUIRED);
  });
});

describe('PATCH /usuarios/update/password', () => {
  it('refuses empty fields and a weak new password with the spec’s messages, changing nothing', async () => {
    const { id, email } = await createAccount(t, PASSWORD);
    const token = await login(t, email, PASSWORD);
    const before = await hashOf(id);
    const cases: Array<[unknown, string]> = [
      [{ actualPassword: '', newPassword: 'Nueva123' }, cuentaMessages.PASSWORD_FIELDS_REQUIRED],
      [{ actualPassword: PASSWORD, newPassword: '' }, cuentaMessages.PASSWORD_FIELDS_REQUIRED],
      [{ actualPassword: PASSWORD }, cuentaMessages.PASSWORD_FIELDS_REQUIRED],
      [{ actualPassword: PASSWORD, newPassword: 'Ab1' }, authMessages.REGISTER_PASSWORD_MIN],
      [{ actualPassword: PASSWORD, newPassword: 'nueva123' }, authMessages.REGISTER_PASSWORD_UPPERCASE],
      [{ actualPassword: PASSWORD, newPassword: 'NUEVA123' }, authMessages.REGISTER_PASSWORD_LOWERCASE],
      [{ actualPassword: PASSWORD, newPassword: 'NuevaSinNumero' }, authMessages.REGISTER_PASSWORD_DIGIT],
    ];
    for (const [payload, message] of cases) {
      const res = await cambiar(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect([res.json().message].flat()).toContain(message);
    }
    expect((await cambiar(token, 'texto')).statusCode).toBe(415);
    expect((await cambiar(token, [])).statusCode).toBe(400);
    expect(await hashOf(id)).toBe(before);
  });

  it('a wrong current password is 400 (the session stays open) and changes nothing; the same password is refused', async () => {
    const { id, email } = await createAccount(t, PASSWORD);
    const token = await login(t, email, PASSWORD);
    const before = await hashOf(id);
    const wrong = await cambiar(token, { actualPassword: 'Otra1234', newPassword: 'Nueva123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(cuentaMessages.CURRENT_PASSWORD_WRONG);
    const same = await cambiar(token, { actualPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(cuentaMessages.SAME_PASSWORD);
    expect(await hashOf(id)).toBe(before);
    expect((await api(t, 'GET', '/usuarios/mi_perfil', token)).statusCode).toBe(200);
  });

  it('changes the password: this session goes on, every other session ends, the old password fails and the new one works', async () => {
    const { email } = await createAccount(t, PASSWORD);
    const mine = await login(t, email, PASSWORD);
    const otherDevice = await login(t, email, PASSWORD);
    expect((await api(t, 'GET', '/usuarios/mi_perfil', otherDevice)).statusCode).toBe(200);

    const res = await cambiar(mine, { actualPassword: PASSWORD, newPassword: 'Nueva123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: cuentaMessages.PASSWORD_UPDATED });

    expect((await api(t, 'GET', '/usuarios/mi_perfil', mine)).statusCode).toBe(200);
    expect((await api(t, 'GET', '/usuarios/mi_perfil', otherDevice)).statusCode).toBe(401);
    expect((await api(t, 'GET', '/auth/check-status', otherDevice)).statusCode).toBe(401);
    const old = await api(t, 'POST', '/auth/login', undefined, { email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(authMessages.LOGIN_FAILED);
    await login(t, email, 'Nueva123');
  });

  it('ends pending reset links too, as a reset does', async () => {
    const { id, email } = await createAccount(t, PASSWORD);
    const token = await login(t, email, PASSWORD);
    await t.database.db.execute(
      sql`insert into auth_tokens (user_id, purpose, token_hash, expires_at) values (${id}, 'reset-password', ${`h-${id}`}, now() + interval '1 hour')`,
    );
    expect((await cambiar(token, { actualPassword: PASSWORD, newPassword: 'Nueva123' })).statusCode).toBe(200);
    const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from auth_tokens where user_id = ${id} and used_at is null`);
    expect(left!.n).toBe(0);
  });

  it('is 401 without a session, whatever the body', async () => {
    expect((await cambiar(undefined, { actualPassword: PASSWORD, newPassword: 'Nueva123' })).statusCode).toBe(401);
    expect((await cambiar(undefined, {})).statusCode).toBe(401);
  });
});
