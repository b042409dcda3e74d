/**
 * Answers the server inlined into index.html (api/src/plugins/storefront-html.ts) as
 * `<script type="application/json" data-url="…">`: the runtime config, the registry, the landing
 * remotes' manifests and the landing page's first API answers, so a page load does not wait on
 * them one round trip after another.
 *
 * A block answers one read, then is gone: a second read of the same URL (a "Reintentar", a
 * refresh after a failed hold) goes to the network. A block with `data-keep="<path>"` (data that
 * holds no availability, such as an event's details read by two remotes) answers every read while
 * the buyer is still on that path.
 */
export function takeInlined(url: string): string | undefined {
  const base = globalThis.location?.href;
  if (!base || typeof document === 'undefined') return undefined;
  const wanted = new URL(url, base).href;
  for (const block of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-url]')) {
    if (new URL(block.dataset.url ?? '', base).href !== wanted) continue;
    const keep = block.dataset.keep;
    if (keep === undefined) block.remove();
    else if (keep !== location.pathname) continue;
    return block.textContent ?? undefined;
  }
  return undefined;
}
