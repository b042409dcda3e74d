import mitt, { type Emitter } from 'mitt';
import type { User } from './auth-state';
import { BUS_CONTRACT } from './bus-contract';

/**
 * Every cross-remote conversation, typed once. Remotes never import each other: they emit and
 * listen here. The shell owns the token and the toasts, so remotes *ask* it over the bus.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** One selected seat as seating announces it (fields of the `filas_por_seccion` seat DTO). */
export interface AsientoSeleccionado {
  /** The seat's database id, as `reservar` takes it in `asientosReserva`. */
  id: number;
  numero: number;
  /** Row name. */
  fila: string;
  /** Price category name. */
  categoria: string;
  /** CSS colour of the category. */
  color: string;
  /** Integer centavos. */
  precio: number;
}

/**
 * DOM id of checkout's summary block on the seat page; seating's 'Ver resumen' scrolls to it.
 * A page-level contract between two slots besides the bus.
 */
export const CHECKOUT_SUMMARY_ID = 'resumen-compra';

/** The typed face of the bus contract (bus-contract.json: who sends, who listens, who must hear). */
export type BusEvents = {
  /** auth remote → shell: store this session (token + user) and switch to authenticated. */
  'auth:login': { token: string; user: User };
  /**
   * anyone → shell: close the session. localStorage is cleared except the developer overrides
   * (`taquilla:override:*`) and the canary cohort (`taquilla:cohorte`), the browser's settings
   * rather than the buyer's session.
   */
  'auth:logout': { message?: string | null };
  /** auth remote → shell: a login or registration was refused; store `message` as the auth error. */
  'auth:login-failed': { message: string };
  /** anyone → shell: run the session check now (status 'checking'). */
  // biome-ignore lint/suspicious/noConfusingVoidType: an event without a payload: `emit('auth:check')`
  'auth:check': void;
  /** API client → shell: a call answered 401; the shell closes the session. */
  'auth:session-expired': { message: string };
  /** anyone → shell: show a toast. */
  'ui:toast': { kind: ToastKind; message: string };
  /**
   * seating → checkout, shell: the buyer's seat selection on a numbered section changed (also
   * when it becomes empty), in map order. `asientos` carries what the summary and `reservar`
   * need (the numeric seat ids included), so checkout never refetches the section.
   */
  'seating:selection-changed': {
    eventoId: string;
    seccionId: string;
    asientos: AsientoSeleccionado[];
  };
  /**
   * seating → checkout: the buyer pressed the cancel arrow that replaces the seat page's back
   * link while a hold is live. Checkout cancels `reservaId` and announces 'checkout:released'.
   */
  'seating:cancel-requested': { eventoId: string; reservaId: string };
  /**
   * checkout → everyone: a hold ended — cancelled, expired, or 'sold' once the payment went
   * through (seating refreshes its map; the shell keeps a confirmation's page as it is).
   */
  'checkout:released': { eventoId: string; reservaId: string; reason: 'cancelled' | 'expired' | 'sold' };
};

export type Bus = Emitter<BusEvents>;

/**
 * An event emitted while nobody listened, that the contract says someone must hear or does not
 * know at all (no payload: it may hold personal data).
 */
export interface UnheardEvent {
  type: keyof BusEvents;
  /** Date.now() of the emit. */
  emittedAt: number;
}

/** How long an unheard event may wait for a listener (one mounting a moment late) before it is reported. */
export const UNHEARD_AFTER_MS = 1000;

const emitter = mitt<BusEvents>();
const unheardWatchers = new Set<(event: UnheardEvent) => void>();
const listening = (type: keyof BusEvents) => (emitter.all.get(type)?.length ?? 0) > 0;
const plainEmit = emitter.emit.bind(emitter);

emitter.emit = ((type: keyof BusEvents, payload?: unknown) => {
  // A '*' handler (a recorder, telemetry) is not a listener: only handlers of this event count.
  const heardNow = listening(type);
  (plainEmit as (type: keyof BusEvents, payload?: unknown) => void)(type, payload);
  // An event the contract does not know (a renamed one) has nobody meant to hear it: reported too.
  if (heardNow || BUS_CONTRACT.events[type]?.mustBeHeard === false) return;
  const emittedAt = Date.now();
  setTimeout(() => {
    if (listening(type)) return;
    for (const watcher of [...unheardWatchers]) watcher({ type, emittedAt });
  }, UNHEARD_AFTER_MS);
}) as Bus['emit'];

/** One bus per page: `@taquilla/shared` is a federation singleton, so every remote gets this one. */
export const bus: Bus = emitter;

/**
 * Calls `watcher` for every emitted event that the bus contract says someone must hear (or does
 * not know) and that had no listener, then still none UNHEARD_AFTER_MS later. Returns the function that stops it.
 */
export function onUnheardEvent(watcher: (event: UnheardEvent) => void): () => void {
  unheardWatchers.add(watcher);
  return () => unheardWatchers.delete(watcher);
}
