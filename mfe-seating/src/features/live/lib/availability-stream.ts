import type { DisponibilidadAsientos, DisponibilidadGeneral } from '@taquilla/shared/schemas/reservas';
import type { EstadoAsiento } from '@taquilla/shared/schemas/catalogo';

/**
 * Live availability of one event over SSE (`GET /eventos/{id}/disponibilidad`): `asientos`
 * events carry seat state changes of a section, `general` events the places left in a general
 * section. Payloads are parsed defensively (a malformed message is ignored, never thrown), and a
 * dropped stream is reopened with capped exponential backoff; after a reopen `onResync` runs,
 * because changes made while disconnected were never pushed.
 *
 * While there is no stream — the server refused it (429 for an address with too many, 503 for a
 * full process: EventSource cannot tell which), or it dropped and is reconnecting — `onResync`
 * also runs every 4–6 s, so the map keeps showing other buyers' holds by polling its section.
 */
export type AsientosChange = DisponibilidadAsientos;
export type GeneralChange = DisponibilidadGeneral;

export interface AvailabilityHandlers {
  onAsientos?: (change: AsientosChange) => void;
  onGeneral?: (change: GeneralChange) => void;
  onResync?: () => void;
  /** `recargar`: the server no longer has every change since the version asked (`desde`): read the section again. */
  onRecargar?: (seccionId: number) => void;
}

// A Record, not the schema's ESTADOS_ASIENTO: that import would bring zod into this remote;
// the type still makes the compiler flag a state added to the contract and missing here.
const SERVED: Record<EstadoAsiento, true> = {
  disponible: true,
  reservado: true,
  ocupado: true,
  vendido: true,
  bloqueado: true,
  inaccesible: true,
  cortesia: true,
};
const ESTADOS: ReadonlySet<string> = new Set(Object.keys(SERVED));
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

export function parseAsientosChange(data: unknown): AsientosChange | null {
  const body = parse(data) as { seccionId?: unknown; asientos?: unknown } | null;
  if (!body || !isId(body.seccionId) || !Array.isArray(body.asientos)) return null;
  const asientos = (body.asientos as { id?: unknown; estado?: unknown }[]).filter(
    (a): a is { id: number; estado: EstadoAsiento } => !!a && isId(a.id) && typeof a.estado === 'string' && ESTADOS.has(a.estado),
  );
  const v = (body as { version?: unknown }).version;
  const version = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? { version: v } : {};
  return { seccionId: body.seccionId, asientos: asientos.map(({ id, estado }) => ({ id, estado })), ...version };
}

function parseRecargar(data: unknown): number | null {
  const body = parse(data) as { seccionId?: unknown } | null;
  return body && isId(body.seccionId) ? body.seccionId : null;
}

export function parseGeneralChange(data: unknown): GeneralChange | null {
  const body = parse(data) as { seccionId?: unknown; disponibles?: unknown } | null;
  if (!body || !isId(body.seccionId)) return null;
  const d = body.disponibles;
  if (typeof d !== 'number' || !Number.isInteger(d) || d < 0) return null;
  return { seccionId: body.seccionId, disponibles: d };
}

const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 30 s, with ±50 % jitter so a restarted server is not stampeded. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random()));
}

/** How often the map re-reads its section while it has no stream. */
export const POLL_MS = 5000;

/** 4–6 s: jittered, so the maps a full server refused at once do not all ask together. */
export function pollDelay(random: () => number = Math.random): number {
  return Math.round(POLL_MS * (0.8 + 0.4 * random()));
}

/** The part of EventSource this module uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
  addEventListener(type: string, listener: (ev: { data?: unknown }) => void): void;
  close(): void;
}

export interface StreamDeps {
  create: (url: string) => EventSourceLike;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  random?: () => number;
}

const CLOSED = 2;

/**
 * Opens the stream and keeps it open until the returned function is called; polls through
 * `onResync` while the stream is not open. `url` may be a function: asked on every (re)open,
 * so a seat page reopens `desde` the version it shows by then.
 */
export function connectAvailability(url: string | (() => string), handlers: AvailabilityHandlers, deps: StreamDeps): () => void {
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let poller: unknown = null;
  let attempt = 0;
  let stopped = false;
  let dropped = false;

  const poll = () => {
    poller = null;
    if (stopped || !dropped) return;
    handlers.onResync?.();
    poller = deps.setTimeout(poll, pollDelay(deps.random));
  };
  const stopPolling = () => {
    if (poller !== null) deps.clearTimeout(poller);
    poller = null;
  };

  const open = () => {
    timer = null;
    const es = deps.create(typeof url === 'function' ? url() : url);
    source = es;
    es.onopen = () => {
      attempt = 0;
      stopPolling();
      if (dropped) handlers.onResync?.();
      dropped = false;
    };
    es.onerror = () => {
      if (stopped) return;
      dropped = true;
      if (poller === null) poller = deps.setTimeout(poll, pollDelay(deps.random));
      // The browser retries by itself while CONNECTING; once CLOSED (an HTTP error such as a
      // refusal, a server that went away for good) it is our turn.
      if (es.readyState !== CLOSED) return;
      es.close();
      timer = deps.setTimeout(open, backoffDelay(attempt++, deps.random));
    };
    es.addEventListener('asientos', (ev) => {
      const change = parseAsientosChange(ev.data);
      if (change) handlers.onAsientos?.(change);
    });
    es.addEventListener('recargar', (ev) => {
      const seccionId = parseRecargar(ev.data);
      if (seccionId !== null) handlers.onRecargar?.(seccionId);
    });
    es.addEventListener('general', (ev) => {
      const change = parseGeneralChange(ev.data);
      if (change) handlers.onGeneral?.(change);
    });
  };

  open();
  return () => {
    stopped = true;
    if (timer !== null) deps.clearTimeout(timer);
    stopPolling();
    source?.close();
  };
}
