import type { EventoDetalle } from '@taquilla/shared/schemas/catalogo';
import type { HoldAnnouncement } from '../features/reservation/lib/hold-broadcast';
import { vi } from 'vitest';
import { authAtom, initialAuthState, store } from '@taquilla/shared';
import type { ReservaDetalle } from '@taquilla/shared/schemas/reservas';
import type { HoldDeps } from '../features/reservation/hooks/use-hold';
import type { SavedHold, SavedHoldStore } from '@taquilla/shared';

export const RESERVA_ID = '7d4f3f3e-1f6b-4f4e-9a51-0c2b8f6a9d10';

export function reservaDetalle(overrides: Partial<ReservaDetalle> = {}): ReservaDetalle {
  const ahora = new Date(Date.now()).toISOString();
  return {
    reservaId: RESERVA_ID,
    eventoId: 1,
    estado: 'activa',
    esGeneral: false,
    fechaExpiracion: new Date(Date.now() + 10 * 60_000).toISOString(),
    seccionId: 9,
    cantidad: 2,
    asientos: [
      { id: 11, numero: 5, fila: 'A', categoria: 'VIP', precio: 150_000 },
      { id: 12, numero: 6, fila: 'A', categoria: 'VIP', precio: 150_000 },
    ],
    ahora,
    ...overrides,
  };
}

function memoryStore(initial: SavedHold | null = null): SavedHoldStore & { value: SavedHold | null } {
  const box = {
    value: initial,
    read: () => box.value,
    write: (hold: SavedHold) => {
      box.value = hold;
    },
    clear: () => {
      box.value = null;
    },
  };
  return box;
}

/** Hold dependencies with every API call a vi.fn (reject by default: each test says what answers). */
export function fakeDeps(saved: SavedHold | null = null) {
  const api = {
    reservar: vi.fn(),
    reservarInvitado: vi.fn(),
    reservarGenerales: vi.fn(),
    cancelarReserva: vi.fn(),
    getReserva: vi.fn(),
    // An event on sale, unless a test says otherwise.
    getEventoDetalle: vi.fn(async () => ({ mostrarWeb: true, fecha: new Date(Date.now() + 30 * 86_400_000).toISOString() }) as unknown as EventoDetalle),
  };
  const store = memoryStore(saved);
  const reload = vi.fn();
  const listeners = new Set<(hold: HoldAnnouncement) => void>();
  const broadcast = {
    announce: vi.fn(),
    subscribe: (listener: (hold: HoldAnnouncement) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** What another tab's hold sounds like to this one. */
    fromOtherTab: (hold: HoldAnnouncement) => listeners.forEach((l) => l(hold)),
  };
  const deps: HoldDeps = { api, store, reload, now: () => Date.now(), broadcast };
  return { deps, api, store, reload, broadcast };
}

export function signIn() {
  store.set(authAtom, {
    ...initialAuthState,
    status: 'authenticated',
    token: 't',
    user: { fullName: 'Ana Prueba', email: 'ana@ejemplo.mx', isVerified: true },
  });
}

export function signOut() {
  store.set(authAtom, { ...initialAuthState, status: 'unauthenticated' });
}
