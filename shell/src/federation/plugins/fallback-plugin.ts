import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createElement } from 'react';
import { RemoteFallback } from '../RemoteFallback';

/** Marks the stand-in module so RemoteSlot can tell a fallback from the real thing. */
export const FALLBACK_MARK = '__taquillaRemoteFallback';

export interface FallbackModule {
  [FALLBACK_MARK]: true;
  id: string;
  error: unknown;
  default: () => ReturnType<typeof createElement>;
}

export function isFallbackModule(value: unknown): value is FallbackModule {
  return typeof value === 'object' && value !== null && FALLBACK_MARK in value;
}

/**
 * A remote that cannot load (origin down, manifest 404, script error) resolves to a stand-in
 * module instead of rejecting. Only at lifecycle 'onLoad': earlier lifecycles expect other
 * shapes (a manifest, a share), and 'onLoad' is where every failure of loadRemote ends up.
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'taquilla-fallback-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[taquilla] no se pudo cargar el remote "${id}"`, error);
      const fallback: FallbackModule = {
        [FALLBACK_MARK]: true,
        id,
        error,
        default: () => createElement(RemoteFallback, {}),
      };
      return fallback;
    },
  };
}
