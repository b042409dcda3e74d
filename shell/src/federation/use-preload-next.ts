import { useEffect, useRef } from 'react';
import type { RemoteName } from '@taquilla/platform/registry';
import { useFederation, type ModuleName } from './federation-api';

type Targets = readonly (readonly [RemoteName, readonly ModuleName[]])[];

const whenIdle = (run: () => void): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2000);
  return () => clearTimeout(id);
};

/**
 * Warms the remotes of the likely next route: on the first pointer/focus inside the returned
 * props' element, or when the browser goes idle, whichever comes first. Once per mount.
 */
export function usePreloadNext(targets: Targets) {
  const federation = useFederation();
  const done = useRef(false);
  const targetsRef = useRef(targets);

  const preload = () => {
    if (done.current) return;
    done.current = true;
    void federation.ready().then(() => {
      for (const [name, exposes] of targetsRef.current) federation.preload(name, [...exposes]);
    });
  };
  const preloadRef = useRef(preload);
  preloadRef.current = preload;

  useEffect(() => {
    return whenIdle(() => preloadRef.current());
  }, [federation]);

  return { onPointerOver: preload, onFocusCapture: preload };
}
