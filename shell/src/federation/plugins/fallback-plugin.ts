import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the stand-in module so RemoteSlot can tell a fallback from the real thing. */
const FALLBACK_MARK = '__taquillaRemoteFallback';

export interface FallbackModule {
  [FALLBACK_MARK]: true;
  id: string;
  error: unknown;
}

export function isFallbackModule(value: unknown): value is FallbackModule {
  return typeof value === 'object' && value !== null && FALLBACK_MARK in value;
}

/**
 * A remote that cannot load (origin down, manifest 404, script error, timeout) resolves to a
 * marked stand-in module instead of rejecting; RemoteSlot shows its fallback for it. Only at
 * lifecycle 'onLoad': errorLoadRemote also fires at 'afterResolve' (a failed manifest), where a
 * returned value would be taken for the manifest itself, and every failure of loadRemote ends
 * at 'onLoad' anyway.
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'taquilla-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      const fallback: FallbackModule = { [FALLBACK_MARK]: true, id, error };
      return fallback;
    },
  };
}
