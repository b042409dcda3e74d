import type { RemoteName } from '@taquilla/platform/registry';
import { BUS_EVENT_NAME, MAX_EVENTOS_POR_LOTE, UNNAMED_EVENT, type Vital } from '@taquilla/shared/telemetria';
import type { EventoTelemetria } from '@taquilla/shared/schemas/telemetria';

/**
 * What the shell tells the server about the remotes this browser runs (POST /api/v1/telemetria,
 * contract in @taquilla/shared/schemas/telemetria): each remote's version used in this session,
 * its load failures, render errors caught by a slot's boundary, bus events no one heard, and Web
 * Vitals — so the server can judge a release by what buyers saw (the release judge rolls back or
 * aborts a version clearly worse than the one before it).
 *
 * Nothing personal travels: no session id, no URL, no error text, no user — only the remote, its
 * version, the kind, the module or event name, and a vital's number. Events are batched and sent
 * with navigator.sendBeacon (it survives the page being closed): FLUSH_MS after the first one
 * queued, at once when a batch is full, and when the page is hidden or left.
 */
export const FLUSH_MS = 2000;
/** sessionStorage: which remote versions this tab already counted as a session, and with an error. */
export const SEEN_KEY = 'taquilla:telemetria:vistos';

type FailureKind = 'error-carga' | 'error-render';

export interface TelemetryDeps {
  /** Sends one batch; false when the browser refused it (then it is dropped: telemetry never retries). */
  send(url: string, body: string): boolean;
  /** The version this page runs of `remote`, or null (unknown, or a developer override: not reported). */
  versionOf(remote: RemoteName): string | null;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimeout?: (run: () => void, ms: number) => unknown;
}

export interface Telemetry {
  /** Where batches go (`/api/v1/telemetria?apiKey=…`); until set, events wait. */
  configure(url: string): void;
  /** A slot started using `remote` (counted once per version per tab session). */
  sessionStarted(remote: RemoteName): void;
  /** A slot of `remote` failed: its module did not load, or threw while rendering. */
  failed(remote: RemoteName, module: string, kind: FailureKind): void;
  /** `remote` emitted `event` and no one heard it though the bus contract says someone must. */
  unheard(remote: RemoteName, event: string): void;
  vital(remote: RemoteName, name: Vital, value: number): void;
  /** Sends what is queued now. */
  flush(): void;
  /** What is queued and not sent yet (for tests). */
  pending(): readonly EventoTelemetria[];
}

export function createTelemetry(deps: TelemetryDeps): Telemetry {
  let url: string | null = null;
  let queue: EventoTelemetria[] = [];
  // Read by the `??=` below (a flush already scheduled): Biome counts `??=` as a write only.
  // biome-ignore lint/correctness/noUnusedVariables: read through `??=`
  let timer: unknown = null;
  const schedule = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));

  const seen = new Set<string>();
  try {
    const stored = JSON.parse(deps.storage?.getItem(SEEN_KEY) ?? '[]') as unknown;
    if (Array.isArray(stored)) for (const key of stored) if (typeof key === 'string') seen.add(key);
  } catch {
    // A damaged entry: count this tab afresh.
  }
  /** True the first time `key` is seen in this tab session. */
  const firstTime = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    try {
      deps.storage?.setItem(SEEN_KEY, JSON.stringify([...seen]));
    } catch {
      // Storage full or refused: the set in memory still counts this page.
    }
    return true;
  };

  const flush = () => {
    timer = null;
    if (!url) return;
    while (queue.length) {
      const batch = queue.slice(0, MAX_EVENTOS_POR_LOTE);
      queue = queue.slice(batch.length);
      deps.send(url, JSON.stringify({ eventos: batch }));
    }
  };

  const push = (...events: EventoTelemetria[]) => {
    queue.push(...events);
    if (queue.length >= MAX_EVENTOS_POR_LOTE) flush();
    else timer ??= schedule(flush, FLUSH_MS);
  };

  const started = (remote: RemoteName): string | null => {
    const version = deps.versionOf(remote);
    if (!version) return null;
    if (firstTime(`sesion ${remote} ${version}`)) push({ tipo: 'sesion', remoto: remote, version });
    return version;
  };

  return {
    configure(next) {
      url = next;
      if (queue.length) timer ??= schedule(flush, FLUSH_MS);
    },
    sessionStarted(remote) {
      started(remote);
    },
    failed(remote, module, kind) {
      const version = started(remote);
      if (!version) return;
      const events: EventoTelemetria[] = [{ tipo: kind, remoto: remote, version, modulo: module }];
      if (firstTime(`error ${remote} ${version}`)) events.unshift({ tipo: 'sesion-con-error', remoto: remote, version });
      push(...events);
    },
    unheard(remote, event) {
      const version = started(remote);
      if (!version) return;
      // A name the contract's pattern does not allow would make the server refuse the whole batch.
      const events: EventoTelemetria[] = [{ tipo: 'evento-sin-oyente', remoto: remote, version, evento: BUS_EVENT_NAME.test(event) ? event : UNNAMED_EVENT }];
      if (firstTime(`error ${remote} ${version}`)) events.unshift({ tipo: 'sesion-con-error', remoto: remote, version });
      push(...events);
    },
    vital(remote, name, value) {
      const version = deps.versionOf(remote);
      if (version && Number.isFinite(value) && value >= 0) push({ tipo: 'vital', remoto: remote, version, nombre: name, valor: Math.round(value) });
    },
    flush,
    pending: () => [...queue],
  };
}
