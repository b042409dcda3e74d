import { createContext, useContext } from 'react';
import type { RemoteName } from '@taquilla/platform/registry';
import type { Telemetry } from './telemetry';

type Capital =
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z';

/**
 * An exposed module as the shell names it everywhere: RemoteSlot's `module`, the preload lists,
 * the manifest's `exposes[].name` — 'EventList' (every expose is a PascalCase component), never
 * the container's './EventList': a './X' in a slot or a preload list fails the typecheck.
 */
export type ModuleName = `${Capital}${string}`;

/**
 * What the shell's React code needs from the federation runtime. RemoteSlot and the preloader
 * talk to this interface; the real implementation (host.ts) wraps the shell's federation runtime
 * (runtime.ts), and unit tests inject a double through FederationContext.
 */
export interface FederationApi {
  /** Resolves once the registry has been read and the remotes registered (or given up on). */
  ready(): Promise<void>;
  /** `'<remote>/<ModuleName>'` → the module; rejects when the remote cannot load (origin down, 404, script error). */
  loadRemote<T>(id: string): Promise<T>;
  /**
   * Reads the registry again and registers the remote's version now current for this browser
   * (a rollback since the page loaded), dropping the runtime's cached state (a failed load is
   * cached) so the next load re-fetches. `onlyIfChanged`: do nothing unless the version changed.
   * Resolves true when the version changed.
   */
  refreshRemote(name: RemoteName, options?: { onlyIfChanged?: boolean }): Promise<boolean>;
  /** The router moved to another page: a safe moment to follow a registry change. */
  navigated?(pathname: string): void;
  /** Warms a remote's entry and these modules' files for a likely next route; failures are ignored. */
  preload(name: RemoteName, modules: ModuleName[]): void;
  /** Where slots report what happened to their remote (telemetry.ts: batched beacons to the server). */
  report: Pick<Telemetry, 'sessionStarted' | 'failed'>;
}

const notInstalled = (): never => {
  throw new Error('FederationContext sin proveedor: monta <FederationContext value={…}>');
};

export const FederationContext = createContext<FederationApi>({
  ready: notInstalled,
  loadRemote: notInstalled,
  refreshRemote: notInstalled,
  preload: () => undefined,
  report: { sessionStarted: () => undefined, failed: () => undefined },
});

export function useFederation(): FederationApi {
  return useContext(FederationContext);
}
