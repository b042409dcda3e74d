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
 * How long after the load event the page is left alone before idle prefetching. The load event
 * comes before the page's own remote, its data and its pictures (all loaded by script): a
 * prefetch before they arrive competes with them for the network and the CPU, and on a phone
 * it is what delays the first screen. A buyer's intent (pointer, focus) still prefetches at once.
 */
export const PREFETCH_AFTER_LOAD_MS = 3000;

const afterLoad = (run: () => void): (() => void) => {
  let cancelIdle = () => {};
  const id = setTimeout(() => {
    cancelIdle = idle(run);
  }, PREFETCH_AFTER_LOAD_MS);
  return () => {
    clearTimeout(id);
    cancelIdle();
  };
};

/**
 * Runs `run` when the browser is idle, once the page has had PREFETCH_AFTER_LOAD_MS after its
 * load event to itself. Returns a cancel function.
 */
export const whenIdle = (run: () => void): (() => void) => {
  if (document.readyState === 'complete') return afterLoad(run);
  let cancel = () => window.removeEventListener('load', onLoad);
  const onLoad = () => {
    cancel = afterLoad(run);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => cancel();
};

/**
 * Warms the remotes of the likely next route: on the first pointer/focus inside the returned
 * props' element, or when the browser goes idle once the page has loaded and had its first
 * seconds to itself, whichever comes first. Once per mount.
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new federation instance (tests, a re-mounted shell) schedules its own idle preload
  useEffect(() => {
    return whenIdle(() => preloadRef.current());
  }, [federation]);

  return { onPointerOver: preload, onFocusCapture: preload };
}
