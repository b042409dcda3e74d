import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { RemoteName } from '@taquilla/platform/registry';
import { messages } from '@taquilla/shared';
import { useFederation, type FederationApi, type ModuleName } from './federation-api';
import { isFallbackModule } from './plugins/fallback-plugin';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { remotesAtom } from './remotes-state';

class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly id: string,
    override readonly cause?: unknown,
  ) {
    super(`No se pudo cargar ${id}`);
  }
}

type RemoteComponent = ComponentType<Record<string, unknown>>;

/** Loads `<remote>/<Module>` as a lazy component; a failed load or no default export throws. */
function lazyRemote(federation: FederationApi, remote: RemoteName, id: string) {
  return lazy(async () => {
    await federation.ready();
    federation.report.sessionStarted(remote);
    let loaded: { default?: RemoteComponent } | null | undefined;
    try {
      loaded = await federation.loadRemote<{ default?: RemoteComponent }>(id);
    } catch (error) {
      console.error(`[taquilla] no se pudo cargar el remote "${id}"`, error);
      throw new RemoteLoadError(id, error);
    }
    // The fallback plugin's stand-in for a remote that could not load (see plugins/fallback-plugin.ts).
    if (isFallbackModule(loaded)) {
      console.error(`[taquilla] no se pudo cargar el remote "${id}"`, loaded.error);
      throw new RemoteLoadError(id, loaded.error);
    }
    if (!loaded || (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')) {
      throw new RemoteLoadError(id, new Error('el módulo no exporta un componente por defecto'));
    }
    return { default: loaded.default };
  });
}

export interface RemoteSlotProps {
  remote: RemoteName;
  /** The exposed module, e.g. 'EventList' (see ModuleName). */
  module: ModuleName;
  /** Props passed to the remote's component. */
  props?: Record<string, unknown>;
  className?: string;
  /** Called once the slot shows its remote's content, or its fallback when the remote cannot load. */
  onShown?: () => void;
}

/** Runs `run` after it is committed: placed beside what the slot shows. */
function Shown({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}

/**
 * A region of the page rendered by one remote. It carries `data-remote` and an aria-label
 * with the remote's name so tests can tell which remote rendered what, shows a loading state,
 * and keeps its failures to itself (fallback + retry).
 *
 * It mounts the version the tab has registered for its remote, and mounts again when that
 * changes (the tab followed a rollback or a canary's end: follow-registry.ts). A failure — a
 * manifest or a chunk gone, a render error — makes it read the registry: if the version changed
 * meanwhile it loads that one at once; 'Reintentar' loads whatever is current then.
 */
export function RemoteSlot({ remote, module, props, className, onShown }: RemoteSlotProps) {
  const federation = useFederation();
  const id = `${remote}/${module}`;
  const entry = useAtomValue(remotesAtom).remotes.find((r) => r.name === remote)?.entry ?? '';
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  // A new lazy component per attempt and per version: React.lazy caches its rejection forever.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` and `entry` are the triggers for a new lazy component
  const Remote = useMemo(() => lazyRemote(federation, remote, id), [federation, remote, id, attempt, entry]);
  const followRegistry = useCallback(() => {
    federation.refreshRemote(remote, { onlyIfChanged: true }).catch(() => false);
  }, [federation, remote]);

  const retry = useCallback(
    async (reset: () => void) => {
      setRetrying(true);
      try {
        await federation.refreshRemote(remote);
      } catch (error) {
        console.error(`[taquilla] no se pudo reiniciar el remote "${remote}"`, error);
      } finally {
        setRetrying(false);
        setAttempt((n) => n + 1);
        reset();
      }
    },
    [federation, remote],
  );

  return (
    <section className={['remote-slot', className].filter(Boolean).join(' ')} aria-label={remote} data-remote={remote} data-module={module}>
      <RemoteErrorBoundary
        key={`${id}@${entry}`}
        remote={id}
        onError={(error) => {
          federation.report.failed(remote, module, error instanceof RemoteLoadError ? 'error-carga' : 'error-render');
          followRegistry();
        }}
        fallback={(reset) => (
          <>
            <RemoteFallback retrying={retrying} onRetry={() => void retry(reset)} />
            <Shown run={onShown} />
          </>
        )}
      >
        <Suspense
          fallback={
            <div className="remote-loading" role="status">
              {messages.REMOTE_LOADING}
            </div>
          }
        >
          <Remote {...props} />
          <Shown run={onShown} />
        </Suspense>
      </RemoteErrorBoundary>
    </section>
  );
}
