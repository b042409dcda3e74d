/**
 * A fetch that answers, once each, the URLs the server inlined into index.html as
 * `<script type="application/json" data-url="…">` (api/src/plugins/storefront-html.ts): the
 * config and the registry cost no round trip on a page load. A second read of the same URL (a
 * "Reintentar" of the registry) and every other URL go to the network.
 */
export function inlinedFetch(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    for (const block of document.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-url]')) {
      if (block.dataset.url === input) {
        block.remove();
        return Promise.resolve(new Response(block.textContent));
      }
    }
    return fetchImpl(input, init);
  };
}
