import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { overrideRequestAtom } from './override-confirmation';
import { remotesAtom } from './remotes-state';

// Overrides exist only where a deployment allows them (never in production), so their badge and
// confirmation dialog are not part of the first load: the chunk loads once one is pending or active.
const OverrideUi = lazy(() => import('./OverrideUi'));

export function DevOverrides() {
  const request = useAtomValue(overrideRequestAtom);
  const { overrides } = useAtomValue(remotesAtom);
  if (!request && !Object.keys(overrides).length) return null;
  return (
    <Suspense fallback={null}>
      <OverrideUi />
    </Suspense>
  );
}
