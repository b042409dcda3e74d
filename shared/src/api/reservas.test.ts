import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelarReserva, HOLD_TOKEN_KEY, reservar, reservarGenerales, reservarInvitado } from './reservas';
import { fakeApiServer } from './testing';

const server = fakeApiServer();
const calls = server.calls;
const creada = (tokenReserva?: string) => ({ id: 'r', reservaId: 'r', fechaExpiracion: '2030-01-01T00:00:00.000Z', ...(tokenReserva ? { tokenReserva } : {}) });
const tokenSent = (i: number) => calls[i]?.headers.get('X-Reserva-Token');

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe('the hold token of this browser session', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept from the first hold’s answer and sent with every later hold, guest or account', async () => {
    server.answer = () => creada('T1');
    await reservarInvitado(7, { asientosReserva: [{ id: 1 }], nombre: 'Ana', correo: 'ana@example.com' });
    expect(tokenSent(0)).toBeUndefined();
    expect(storage.getItem(HOLD_TOKEN_KEY)).toBe('T1');

    await reservarGenerales(7, { cantidadAsientos: 2, seccionId: 3, nombre: 'Ana', correo: 'ana@example.com' });
    await reservar(7, { asientosReserva: [{ id: 2 }] });
    expect([tokenSent(1), tokenSent(2)]).toEqual(['T1', 'T1']);
    // The payloads stay the spec's.
    expect(JSON.parse(String(calls[1]?.data))).toEqual({ cantidadAsientos: 2, seccionId: 3, nombre: 'Ana', correo: 'ana@example.com' });
  });

  it('is replaced when the server hands out another one, and never sent to other calls', async () => {
    storage.setItem(HOLD_TOKEN_KEY, 'viejo');
    server.answer = () => creada('nuevo');
    await reservarInvitado(7, { asientosReserva: [{ id: 1 }], nombre: 'Ana', correo: 'ana@example.com' });
    expect(tokenSent(0)).toBe('viejo');
    expect(storage.getItem(HOLD_TOKEN_KEY)).toBe('nuevo');
    server.answer = () => ({ reservaId: 'r', estado: 'cancelada' });
    await cancelarReserva(7, { reservaId: 'r' });
    expect(tokenSent(1)).toBeUndefined();
  });

  it('a storage that throws holds without a token', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    server.answer = () => creada('T2');
    await expect(reservarInvitado(7, { asientosReserva: [{ id: 1 }], nombre: 'Ana', correo: 'ana@example.com' })).resolves.toMatchObject({ reservaId: 'r' });
    expect(tokenSent(0)).toBeUndefined();
  });
});
