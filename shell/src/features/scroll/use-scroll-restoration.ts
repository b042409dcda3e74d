import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { readScrollMemory, rememberScroll, type ScrollMemory } from './scroll-memory';

/** How long a restored position waits for the page (remotes, data) to grow tall enough for it. */
const RESTORE_WAIT_MS = 4000;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The browser's own scroll restoration does not know a single-page app's pages (BrowserRouter
 * has no <ScrollRestoration>; that needs the data router): a link would open the next page
 * where the last one was scrolled. So: a new page (another path) starts at the top, or at its
 * #hash; back/forward (and a reload) return to where the buyer was on that entry, once the
 * page is tall enough, unless the buyer scrolls first. A change of query only (tabs, views)
 * keeps the position.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const memory = useRef<ScrollMemory | null>(null);
  const lastPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // Layout effects: the listener for this entry is removed in the same commit that shows the
  // next page, before any scroll event the new, shorter page could fire is seen as this one's.
  useLayoutEffect(() => {
    const mem = (memory.current ??= readScrollMemory());
    let frame = 0;
    const save = () => {
      frame = 0;
      // 'default' is every freshly typed URL's key: remembering it would carry one visit's
      // position into the next.
      if (location.key !== 'default') rememberScroll(mem, location.key, window.scrollY);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (navigationType !== 'POP') {
      if (samePage && !location.hash) return;
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return;
    }
    const y = location.key === 'default' ? 0 : ((memory.current ??= readScrollMemory()).get(location.key) ?? 0);
    return restoreWhenTall(y);
  }, [location.key, location.pathname, location.hash, navigationType]);
}

/** Scrolls to `y` now, and again as the page grows, until it is reached, the buyer scrolls, or time is up. */
function restoreWhenTall(y: number): () => void {
  window.scrollTo(0, y);
  if (y === 0 || Math.abs(window.scrollY - y) < 2) return () => undefined;
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const tick = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || performance.now() - started > RESTORE_WAIT_MS) stop();
    else frame = requestAnimationFrame(tick);
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(tick);
  return stop;
}
