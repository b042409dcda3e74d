import { useEffect, useRef } from 'react';
import type { RemoteName } from '@taquilla/platform/registry';
import { useFederation, type ModuleName } from './federation-api';

type Targets = readonly (readonly [RemoteName, readonly ModuleName[]])[];

const idle = (run: () => void): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2000);
  return () => clearTimeout(id);
};

/**
 * Idle after the load event: before it the browser is "idle" while it waits on the network for
 * this page's own remote, and a prefetch then competes with it (and with its data request).
 */
const whenIdle = (run: () => void): (() => void) => {
  if (document.readyState === 'complete') return idle(run);
  let cancel = () => window.removeEventListener('load', onLoad);
  const onLoad = () => {
    cancel = idle(run);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => cancel();
};

/**
 * Warms the remotes of the likely next route: on the first pointer/focus inside the returned
 * props' element, or when the browser goes idle once the page has loaded, whichever comes
 * first. Once per mount.
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
