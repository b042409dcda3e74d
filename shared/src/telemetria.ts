/**
 * The shell's telemetry beacons (POST /api/v1/telemetria): what happened to which remote and
 * version in one browser, batched. Nothing in it names the buyer — no session id, no address, no
 * URL, no error text: only the kind of event, the remote, its version, and (for a vital) a number.
 *
 * - `sesion`: this browser session (a tab) started using the remote's version — once per session;
 * - `sesion-con-error`: the session saw its first error of that version — once per session;
 * - `error-carga`: the remote's module could not load (manifest, script, timeout) in a slot;
 * - `error-render`: it threw while rendering and the slot's boundary caught it;
 * - `evento-sin-oyente`: it emitted a bus event the contract says someone listens to, and no one did;
 * - `vital`: a Web Vital (LCP and INP in ms, CLS ×1000) of a page the remote's slot was on.
 */
export const TELEMETRIA_TIPOS = ['sesion', 'sesion-con-error', 'error-carga', 'error-render', 'evento-sin-oyente', 'vital'] as const;
export type TelemetriaTipo = (typeof TELEMETRIA_TIPOS)[number];

export const VITALES = ['LCP', 'INP', 'CLS'] as const;
export type Vital = (typeof VITALES)[number];

/** Events in one beacon; the shell sends sooner when it has this many. */
export const MAX_EVENTOS_POR_LOTE = 40;

/** A value past this is no measurement (a tab left in the background for an hour): refused. */
export const MAX_VALOR_VITAL = 600_000;

/** A bus event's name as a beacon may carry it (`seating:selection-changed`); others travel as UNNAMED_EVENT. */
export const BUS_EVENT_NAME = /^[a-z]+:[a-z-]{1,60}$/;
export const UNNAMED_EVENT = 'desconocido:evento';
