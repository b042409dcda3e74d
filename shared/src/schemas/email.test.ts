import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, forgotPasswordSchema } from './auth';
import { emailSchema, MAX_EMAIL_LENGTH, normalizeEmail } from './email';
import { makeCargoSchema } from './pagos';
import { correoInvitadoSchema, invitadoSchema, reservarInvitadoSchema } from './reservas';

// Issue 27, finding 10: one strict e-mail rule for accounts and guests.
const REFUSED = [
  'x<victim@example.com>',
  'a@b.c,d',
  'victim@example.com.',
  'Ana <ana@ejemplo.mx>',
  'ana@ejemplo.mx, otra@ejemplo.mx',
  'ana@ejemplo.mx;otra@ejemplo.mx',
  '"ana"@ejemplo.mx',
  'a b@ejemplo.mx',
  'ana@ejemplo',
  'ana@@ejemplo.mx',
  '.ana@ejemplo.mx',
  'ana..lopez@ejemplo.mx',
  'ana@ejemplo..mx',
  'ana@-ejemplo.mx',
  'ana\r\nBcc: x@y.mx@ejemplo.mx',
  'ana\u0000@ejemplo.mx',
  'ana@ejemplo.mx\nx',
  '@ejemplo.mx',
  'ana@',
  `${'a'.repeat(250)}@ejemplo.mx`,
];
const ACCEPTED = ['ana@ejemplo.mx', 'ana.lopez+boletos@correo.ejemplo.com.mx', "o'brien@ejemplo.mx", 'a_b-c@ejemplo-uno.mx', 'ANA@Ejemplo.MX'];

describe('emailSchema', () => {
  const schema = emailSchema('Falta el correo', 'El correo no es válido');

  it.each(REFUSED)('refuses %j', (address) => expect(schema.safeParse(address).success).toBe(false));
  it.each(ACCEPTED)('accepts %j', (address) => expect(schema.safeParse(address).success).toBe(true));

  it('gives the required message when missing or blank, the invalid one otherwise', () => {
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Falta el correo');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Falta el correo');
    for (const address of REFUSED)
      expect(
        schema.safeParse(address).error?.issues.map((i) => i.message),
        address,
      ).toEqual(['El correo no es válido']);
    expect(schema.safeParse(`${'a'.repeat(MAX_EMAIL_LENGTH)}@ejemplo.mx`).success).toBe(false);
  });

  it('normalises what it accepts as normalizeEmail does: trimmed, lower case', () => {
    expect(schema.parse('  ANA.Lopez@Ejemplo.MX ')).toBe('ana.lopez@ejemplo.mx');
    expect(normalizeEmail('  ANA.Lopez@Ejemplo.MX ')).toBe('ana.lopez@ejemplo.mx');
  });
});

describe('every schema that takes an address uses the rule', () => {
  const guest = { asientosReserva: [{ id: 1 }], nombre: 'Ana' };
  const cargo = { reservaId: '0b7f6c1e-7d5a-4a51-9f0e-2f1f4f3c9a10', source_id: 'tok', device_session_id: 'dev', amount: 100 };
  const parsers: Array<[string, (address: string) => { success: boolean; data?: unknown }]> = [
    ['login', (email) => loginSchema.safeParse({ email, password: 'Secreta1' })],
    ['register', (email) => registerSchema.safeParse({ fullName: 'Ana', email, password: 'Secreta1' })],
    ['forgot password', (email) => forgotPasswordSchema.safeParse({ email })],
    ['guest hold', (correo) => reservarInvitadoSchema.safeParse({ ...guest, correo })],
    ['guest data (reservar_generales)', (correo) => invitadoSchema.safeParse({ nombre: 'Ana', correo })],
    ['guest payment', (correo_invitado) => makeCargoSchema.safeParse({ ...cargo, correo_invitado })],
  ];

  it.each(parsers)('%s refuses the loose addresses and keeps a good one normalised', (_label, parse) => {
    for (const address of REFUSED) expect(parse(address).success, address).toBe(false);
    const ok = parse(' Ana@Ejemplo.MX ');
    expect(ok.success).toBe(true);
    expect(JSON.stringify(ok.data)).toContain('"ana@ejemplo.mx"');
  });

  it('the guest e-mail keeps its Spanish message', () => {
    expect(correoInvitadoSchema.safeParse('x<victim@example.com>').error?.issues[0]?.message).toBe('Es necesario un correo electrónico valído');
  });
});
