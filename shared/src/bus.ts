import mitt, { type Emitter } from 'mitt';
import type { User } from './auth-state';

/**
 * Every cross-remote conversation, typed once. Remotes never import each other: they emit and
 * listen here. The shell owns the token and the toasts, so remotes *ask* it over the bus.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export type BusEvents = {
  /** auth remote → shell: store this session (token + user) and switch to authenticated. */
  'auth:login': { token: string; user: User };
  /** anyone → shell: close the session (clears localStorage). */
  'auth:logout': { message?: string | null };
  /** anyone → shell: run the session check now (status 'checking'). */
  'auth:check': void;
  /** API client → shell: a call answered 401; the shell closes the session. */
  'auth:session-expired': { message: string };
  /** anyone → shell: show a toast. */
  'ui:toast': { kind: ToastKind; message: string };
  /** anyone → shell: global loader flag (app state loaderStatus). */
  'ui:loader': { on: boolean };
  /** seating → checkout: the buyer's seat selection on a numbered section changed. */
  'seating:selection-changed': { eventoId: string; seccionId: string; asientoIds: string[] };
  /** seating → checkout: a general-admission section was clicked (opens the quantity modal). */
  'seating:general-section-clicked': { eventoId: string; seccionId: string; seccionNombre: string };
  /** checkout → everyone: places are held. */
  'checkout:reserved': { eventoId: string; reservaId: string; fechaExpiracion: string; esGeneral: boolean };
  /** checkout → everyone: a hold ended without a sale (seating refreshes its map). */
  'checkout:released': { eventoId: string; reservaId: string; reason: 'cancelled' | 'expired' | 'sold' };
  /** checkout → everyone: tickets were bought. */
  'checkout:purchased': { eventoId: string; reservaId: string; total: number };
};

export type Bus = Emitter<BusEvents>;

/** One bus per page: `@taquilla/shared` is a federation singleton, so every remote gets this one. */
export const bus: Bus = mitt<BusEvents>();
