/**
 * Runs `run` once the page has loaded and the browser is idle (at the latest 3 s after the load
 * event): when the shell fetches code the first screen does not draw — the after-load chunk
 * (federation/host.ts) — so it never competes with the first load and is here before the
 * buyer's next page.
 */
export function afterLoadIdle(run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout: 3000 });
    else window.setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
