import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  bus,
  holdAtom,
  initialHoldState,
  isApiError,
  messages,
  savedHold,
  store as page,
  type BusEvents,
  type Hold,
  type HoldState,
  type SavedHoldStore,
} from '@taquilla/shared';
import { dispatchHold as dispatch } from '@taquilla/shared/hold';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import { holdsApi, type HoldsApi } from '../api/holds';
import { clockOffset } from '../lib/countdown';
import { storageHoldBroadcast, type HoldBroadcast } from '../lib/hold-broadcast';
import type { GuestData } from '../lib/guest';

/** Spec §4: after expiry the page reloads after 2 s; seats-gone and cancel reload the same way, so their message can be read. */
const RELOAD_DELAY_MS = 2000;

type ReserveRequest =
  | { kind: 'asientos'; asientoIds: number[]; invitado: GuestData | null }
  | { kind: 'general'; seccionId: number; cantidad: number; invitado: GuestData | null };

export interface HoldScope {
  eventoId: string;
  esGeneral: boolean;
  /** Restore only a hold of this section (the seat page); omitted = any section of the event. */
  seccionId?: string;
}

export interface HoldDeps {
  api: HoldsApi;
  store: SavedHoldStore;
  reload: () => void;
  now: () => number;
  /** Holds made in this browser's other tabs (one live hold per buyer and event). */
  broadcast: HoldBroadcast;
}

export const defaultHoldDeps: HoldDeps = {
  api: holdsApi,
  store: savedHold,
  broadcast: storageHoldBroadcast(),
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/** This page's path and query (where a refused 3-D Secure payment brings the buyer back to). */
function currentPage(): string | undefined {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}` : undefined;
}

/** Reads the hold back from the server, with the clock offset measured on that same request. */
async function describeHold(deps: HoldDeps, eventoId: string, reservaId: string) {
  const sentAt = deps.now();
  const detalle = await deps.api.getReserva(eventoId, reservaId);
  return { detalle, offsetMs: clockOffset(detalle.ahora, sentAt, deps.now()) };
}

/** The tab's saved hold for this scope if the server still has it live; a dead one is forgotten. */
async function restoreHold(scope: HoldScope, deps: HoldDeps): Promise<Hold | null> {
  const saved = deps.store.read();
  if (!saved || saved.eventoId !== scope.eventoId || saved.esGeneral !== scope.esGeneral) return null;
  try {
    const { detalle, offsetMs } = await describeHold(deps, saved.eventoId, saved.reservaId);
    const live = detalle.estado === 'activa' && Date.parse(detalle.fechaExpiracion) > Date.parse(detalle.ahora);
    if (!live) {
      deps.store.clear();
      return null;
    }
    // A hold of another section stays saved (and live on the server) but is not this page's.
    if (scope.seccionId !== undefined && String(detalle.seccionId) !== scope.seccionId) return null;
    return { ...saved, fechaExpiracion: detalle.fechaExpiracion, offsetMs, detalle };
  } catch (error) {
    if (isApiError(error) && error.status === 404) deps.store.clear();
    return null;
  }
}

/** 4xx answers carry a Spanish reason worth showing (limits, guest data); anything else gets the spec's generic text. */
function reserveErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status && error.status >= 400 && error.status < 500 && error.status !== 401) {
    const text = error.message.trim();
    if (text && text !== messages.UNEXPECTED_ERROR && text !== messages.INVALID_RESPONSE) return text;
  }
  return reservaMessages.RESERVE_FAILED;
}

function callReserve(api: HoldsApi, eventoId: string, request: ReserveRequest) {
  if (request.kind === 'general') {
    return api.reservarGenerales(eventoId, {
      cantidadAsientos: request.cantidad,
      seccionId: request.seccionId,
      ...(request.invitado ?? {}),
    });
  }
  const asientosReserva = request.asientoIds.map((id) => ({ id }));
  return request.invitado ? api.reservarInvitado(eventoId, { asientosReserva, ...request.invitado }) : api.reservar(eventoId, { asientosReserva });
}

export interface UseHold {
  state: HoldState;
  reserve: (request: ReserveRequest) => Promise<void>;
  cancel: () => Promise<void>;
  /** The countdown reached 00:00. */
  expire: () => void;
  /** Forget a failed reserve's message (a new purchase starts). */
  clearError: () => void;
  /** The hold was paid: no expiry, no cancel, nothing left to restore after a reload. */
  sold: () => void;
}

/** The page's hold as it is now (not as last rendered): a double click must see the first one's change. */
const holdNow = (): HoldState => page.get(holdAtom);

/**
 * Drives the page's one hold (`holdAtom` in @taquilla/shared, whose lifecycle is `holdReducer`;
 * seating reads it). Side effects live here, next to the transitions that cause them: the saved
 * capability, the bus facts, the toast and the reload. One per page: mounting it starts the
 * page's hold afresh (restoring); mount it under a `key` of the event so another event starts fresh.
 */
export function useHold(scope: HoldScope, deps: HoldDeps = defaultHoldDeps): UseHold {
  const pageState = useAtomValue(holdAtom, { store: page });
  // Until this mount's restore has answered, the atom may still hold the last page's hold.
  const [restored, setRestored] = useState(false);
  const state = restored ? pageState : initialHoldState;
  // Set synchronously, so a double click cannot send two requests before React re-renders.
  const busy = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const { eventoId, esGeneral, seccionId } = scope;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const reloadSoon = useCallback(() => {
    timers.current.push(setTimeout(deps.reload, RELOAD_DELAY_MS));
  }, [deps]);

  useEffect(() => {
    let current = true;
    dispatch({ type: 'reset' });
    setRestored(false);
    void restoreHold({ eventoId, esGeneral, seccionId }, deps).then((hold) => {
      if (!current) return;
      dispatch({ type: 'restored', hold });
      setRestored(true);
    });
    return () => {
      current = false;
    };
  }, [eventoId, esGeneral, seccionId, deps]);

  const reserve = useCallback(
    async (request: ReserveRequest) => {
      if (busy.current || holdNow().status !== 'idle') return;
      busy.current = true;
      // Seating shows the seats asked for as the buyer's from here on (a push about this very
      // hold can arrive before the answer).
      dispatch({ type: 'reserve', asientoIds: request.kind === 'asientos' ? request.asientoIds : [] });
      try {
        const creada = await callReserve(deps.api, eventoId, request);
        const saved = { eventoId, reservaId: creada.reservaId, esGeneral, volverA: currentPage() };
        deps.store.write(saved);
        deps.broadcast.announce({ eventoId, reservaId: creada.reservaId });
        // The countdown needs the server's clock; without it the browser's is used as is.
        const described = await describeHold(deps, eventoId, creada.reservaId).catch(() => null);
        const hold: Hold = {
          ...saved,
          fechaExpiracion: described?.detalle.fechaExpiracion ?? creada.fechaExpiracion,
          offsetMs: described?.offsetMs ?? 0,
          detalle: described?.detalle ?? null,
        };
        dispatch({ type: 'reserved', hold });
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          dispatch({ type: 'seats-gone' });
          reloadSoon();
        } else {
          dispatch({ type: 'reserve-failed', message: reserveErrorMessage(error) });
        }
      } finally {
        busy.current = false;
      }
    },
    [deps, eventoId, esGeneral, reloadSoon],
  );

  const expire = useCallback(() => {
    const current = holdNow();
    if (current.status !== 'held' || current.sold) return;
    dispatch({ type: 'expire' });
    deps.store.clear();
    bus.emit('checkout:released', { eventoId, reservaId: current.hold.reservaId, reason: 'expired' });
    reloadSoon();
  }, [deps, eventoId, reloadSoon]);

  const cancel = useCallback(async () => {
    const current = holdNow();
    if (busy.current || current.status !== 'held' || current.cancelling || current.sold) return;
    busy.current = true;
    const { reservaId } = current.hold;
    dispatch({ type: 'cancel' });
    try {
      const answer = await deps.api.cancelarReserva(eventoId, { reservaId, esGeneral: current.hold.esGeneral });
      deps.store.clear();
      if (answer.estado === 'expirada') {
        dispatch({ type: 'expire' });
        bus.emit('checkout:released', { eventoId, reservaId, reason: 'expired' });
      } else {
        dispatch({ type: 'cancelled' });
        bus.emit('checkout:released', { eventoId, reservaId, reason: 'cancelled' });
        bus.emit('ui:toast', { kind: 'success', message: reservaMessages.CANCEL_SUCCESS });
      }
      reloadSoon();
    } catch {
      dispatch({ type: 'cancel-failed', message: reservaMessages.CANCEL_FAILED });
    } finally {
      busy.current = false;
    }
  }, [deps, eventoId, reloadSoon]);

  // Seating's cancel arrow (the seat page's back link while a hold is live) asks over the bus.
  useEffect(() => {
    const onCancelRequested = (event: BusEvents['seating:cancel-requested']) => {
      const current = holdNow();
      if (event.eventoId === eventoId && current.status === 'held' && current.hold.reservaId === event.reservaId) void cancel();
    };
    bus.on('seating:cancel-requested', onCancelRequested);
    return () => bus.off('seating:cancel-requested', onCancelRequested);
  }, [eventoId, cancel]);

  // Another tab of this browser held places: the server may have ended this tab's hold (it keeps
  // one per buyer and event). Asked at once, and again whenever the tab comes back into view.
  const liveHold = state.status === 'held' && !state.sold ? state.hold : null;
  useEffect(() => {
    if (!liveHold) return;
    let current = true;
    const check = async () => {
      let ended: boolean;
      try {
        const detalle = await deps.api.getReserva(eventoId, liveHold.reservaId);
        ended = detalle.estado === 'cancelada';
      } catch (error) {
        ended = isApiError(error) && error.status === 404;
      }
      const now = holdNow();
      if (!current || !ended || now.status !== 'held' || now.hold.reservaId !== liveHold.reservaId) return;
      dispatch({ type: 'replaced' });
      if (deps.store.read()?.reservaId === liveHold.reservaId) deps.store.clear();
      bus.emit('checkout:released', { eventoId, reservaId: liveHold.reservaId, reason: 'cancelled' });
    };
    const unsubscribe = deps.broadcast.subscribe((other) => {
      if (other.eventoId === eventoId && other.reservaId !== liveHold.reservaId) void check();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      current = false;
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [liveHold, deps, eventoId]);

  const clearError = useCallback(() => dispatch({ type: 'clear-error' }), []);

  const sold = useCallback(() => {
    const current = holdNow();
    if (current.status !== 'held') return;
    dispatch({ type: 'sold' });
    deps.store.clear();
    // The fact for everyone: seating repaints the places as sold, the shell keeps the
    // confirmation's page as it is until the buyer moves on.
    bus.emit('checkout:released', { eventoId, reservaId: current.hold.reservaId, reason: 'sold' });
  }, [deps, eventoId]);

  return { state, reserve, cancel, expire, clearError, sold };
}
