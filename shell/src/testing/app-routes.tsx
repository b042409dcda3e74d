import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { AppRoutes } from '../app/routes';
import { createFakeFederation, WithFederation } from './fake-federation';
import { createRouterProbe, RouterProbe } from './router-probe';

/** The app's routes at `path` over a fake federation; `at` follows the router's location. */
export function renderAt(path: string | string[], federation = createFakeFederation()) {
  const at = createRouterProbe();
  render(
    <WithFederation federation={federation}>
      <MemoryRouter initialEntries={Array.isArray(path) ? path : [path]}>
        <RouterProbe probe={at} />
        <AppRoutes />
      </MemoryRouter>
    </WithFederation>,
  );
  return { at, federation };
}

/** The region a remote renders, once it shows `<remote>/<module>` (the fake's content). */
export async function slot(remote: string, module: string) {
  const region = await screen.findByRole('region', { name: remote });
  expect(region.dataset.remote).toBe(remote);
  await within(region).findByText(`remote:${remote}/${module}`);
  return region;
}

/** A stand-in IntersectionObserver the test drives (jsdom has none). */
export function stubIntersection() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        observers.splice(observers.indexOf(this), 1);
      }
    },
  );
  return {
    observing: () => observers.flatMap((o) => o.targets),
    intersect: () =>
      act(() => {
        for (const o of [...observers]) {
          o.callback(
            o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            o as never,
          );
        }
      }),
  };
}
