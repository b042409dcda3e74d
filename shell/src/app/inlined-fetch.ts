import { takeInlined } from '@taquilla/shared';

/**
 * A fetch that answers the URLs the server inlined into index.html (`takeInlined`: the config,
 * the registry, the landing remotes' manifests cost no round trip on a page load). Every other
 * URL, and a second read of the same one (a "Reintentar" of the registry), go to the network.
 */
export function inlinedFetch(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const inlined = typeof input === 'string' ? takeInlined(input) : undefined;
    return inlined === undefined ? fetchImpl(input, init) : Promise.resolve(new Response(inlined));
  };
}
