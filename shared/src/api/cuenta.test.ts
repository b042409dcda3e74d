import { describe, expect, it } from 'vitest';
import { updatePasswordFormSchema, updatePasswordSchema } from '../schemas/cuenta';
import { cuentaMessages } from '../messages/cuenta';
import { deleteTarjeta, getMiEvento, getMiPerfil, getMiPerfilPago, getMisEventos, updatePassword } from './cuenta';
import { fakeApiServer } from './testing';

const server = fakeApiServer();
server.answer = () => ({});

describe('account calls', () => {
  it('hit the documented routes with the documented methods', async () => {
    await getMiPerfil();
    await updatePassword({ actualPassword: 'Viejo1', newPassword: 'Nuevo2' });
    await getMisEventos();
    await getMiEvento(7);
    await getMiPerfilPago();
    await deleteTarjeta('cus/1', 'card 2');
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'get /usuarios/mi_perfil',
      'patch /usuarios/update/password',
      'get /eventos/mis_eventos',
      'get /eventos/mis_eventos/7',
      'get /pagos/get/mi_perfil',
      'delete /pagos/tarjeta/cus%2F1/card%202',
    ]);
  });
});

describe('password change schemas', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('an empty field says every field is required', () => {
    expect(first(updatePasswordSchema.safeParse({ actualPassword: '', newPassword: 'Nuevo2' }))).toBe(cuentaMessages.PASSWORD_FIELDS_REQUIRED);
    expect(first(updatePasswordSchema.safeParse({ actualPassword: 'x', newPassword: '' }))).toBe(cuentaMessages.PASSWORD_FIELDS_REQUIRED);
    expect(first(updatePasswordSchema.safeParse({}))).toBe(cuentaMessages.PASSWORD_FIELDS_REQUIRED);
  });

  it('the new password follows the registration rules', () => {
    expect(first(updatePasswordSchema.safeParse({ actualPassword: 'x', newPassword: 'abc' }))).toBe('Debe tener al menos 6 caracteres');
    expect(first(updatePasswordSchema.safeParse({ actualPassword: 'x', newPassword: 'abcdef1' }))).toBe('Debe contener al menos una mayúscula');
    expect(updatePasswordSchema.safeParse({ actualPassword: 'x', newPassword: 'Abcdef1' }).success).toBe(true);
  });

  it('the form refuses a confirmation that differs', () => {
    const r = updatePasswordFormSchema.safeParse({ actualPassword: 'x', newPassword: 'Abcdef1', repeatedNewPassword: 'Abcdef2' });
    expect(first(r)).toBe('Las nuevas contraseñas no coinciden');
  });
});
