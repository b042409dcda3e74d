import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { RemoteName } from '@taquilla/platform/registry';
import { FederationContext, type FederationApi } from '../federation/federation-api';

/**
 * A test double of the federation runtime (the seam RemoteSlot talks to). By default every
 * `<remote>/<Module>` resolves to a component that prints its id, its route params and props.
 */
export function fakeRemoteModule(id: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: one fake per exposed module, made once per module id
  function FakeRemote(props: Record<string, unknown>) {
    const params = useParams();
    return (
      <div>
        <p>remote:{id}</p>
        <p data-testid="params">{JSON.stringify(params)}</p>
        <p data-testid="props">{JSON.stringify(props)}</p>
      </div>
    );
  }
  return { default: FakeRemote };
}

export interface FakeFederation extends FederationApi {
  loaded: string[];
  refreshed: RemoteName[];
  preloaded: [RemoteName, string[]][];
  /** What the slots reported, as `sesion <remote>` or `<kind> <remote>/<Module>`. */
  reports: string[];
}

export function createFakeFederation(load: (id: string, attempt: number) => unknown = (id) => fakeRemoteModule(id)): FakeFederation {
  const attempts = new Map<string, number>();
  const fake: FakeFederation = {
    loaded: [],
    refreshed: [],
    preloaded: [],
    reports: [],
    report: {
      sessionStarted: (remote) => fake.reports.push(`sesion ${remote}`),
      failed: (remote, module, kind) => fake.reports.push(`${kind} ${remote}/${module}`),
    },
    ready: () => Promise.resolve(),
    async loadRemote<T>(id: string) {
      const attempt = attempts.get(id) ?? 0;
      attempts.set(id, attempt + 1);
      fake.loaded.push(id);
      return (await load(id, attempt)) as T;
    },
    async refreshRemote(name, options) {
      if (!options?.onlyIfChanged) fake.refreshed.push(name);
      return false;
    },
    preload(name, exposes) {
      fake.preloaded.push([name, exposes]);
    },
  };
  return fake;
}

export function WithFederation({ federation, children }: { federation: FederationApi; children: ReactNode }) {
  return <FederationContext value={federation}>{children}</FederationContext>;
}
