import { describe, expect, it } from 'vitest';
import { cancelarSchema, reservarGeneralesSchema, reservarInvitadoSchema, reservarSchema } from './reservas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('hold payloads (spec §7)', () => {
  it('reservar: at least one seat, positive whole ids, no repeats', () => {
    expect(reservarSchema.safeParse({ asientosReserva: [{ id: 1 }, { id: 2 }], userEmail: 'x@y.mx' }).success).toBe(true);
    expect(firstMessage(reservarSchema.safeParse({ asientosReserva: [] }))).toBe('Debes seleccionar al menos un asiento.');
    expect(firstMessage(reservarSchema.safeParse({}))).toBe('Debes seleccionar al menos un asiento.');
    expect(firstMessage(reservarSchema.safeParse({ asientosReserva: [{ id: 1.5 }] }))).toBe('Cada asiento debe tener un identificador entero positivo.');
    expect(firstMessage(reservarSchema.safeParse({ asientosReserva: [{ id: '3' }] }))).toBe('Cada asiento debe tener un identificador entero positivo.');
    expect(firstMessage(reservarSchema.safeParse({ asientosReserva: [{ id: 3 }, { id: 3 }] }))).toBe('Hay asientos repetidos en la solicitud.');
  });

  it('reservarInvitado: name and e-mail with the guest messages', () => {
    const r = reservarInvitadoSchema.safeParse({ asientosReserva: [{ id: 1 }], nombre: ' ', correo: 'no' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Ingresa el nombre', 'Es necesario un correo electrónico valído']);
    expect(reservarInvitadoSchema.parse({ asientosReserva: [{ id: 1 }], nombre: ' Ana ', correo: 'ana@correo.mx' }).nombre).toBe('Ana');
  });

  it('reservar_generales: whole quantity from 1, a section id', () => {
    for (const cantidadAsientos of [0, -1, 1.5, '2']) {
      expect(firstMessage(reservarGeneralesSchema.safeParse({ cantidadAsientos, seccionId: 1 }))).toBe(
        'La cantidad de boletos debe ser un número entero mayor que cero.',
      );
    }
    expect(firstMessage(reservarGeneralesSchema.safeParse({ cantidadAsientos: 1, seccionId: 0 }))).toBe('La sección no es válida.');
    expect(reservarGeneralesSchema.safeParse({ cantidadAsientos: 2, seccionId: 7 }).success).toBe(true);
  });

  it('cancelar: a uuid; esGeneral defaults to false', () => {
    expect(firstMessage(cancelarSchema.safeParse({ reservaId: '123' }))).toBe('La reserva no es válida.');
    expect(cancelarSchema.parse({ reservaId: '8f4b3c1e-2d3a-4e5f-9a6b-7c8d9e0f1a2b' }).esGeneral).toBe(false);
  });
});
