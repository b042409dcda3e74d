import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlinedFetch } from './inlined-fetch';

describe('inlinedFetch', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('answers an inlined URL from the page once, then from the network', async () => {
    document.head.innerHTML = '<script type="application/json" data-url="/config.json">{"apiKey":"k"}</script>';
    const network = vi.fn(async () => new Response('{"apiKey":"red"}'));
    const fetchIt = inlinedFetch(network);
    expect(await (await fetchIt('/config.json')).json()).toEqual({ apiKey: 'k' });
    expect(network).not.toHaveBeenCalled();
    expect(await (await fetchIt('/config.json')).json()).toEqual({ apiKey: 'red' });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('leaves other URLs to the network, with their options', async () => {
    document.head.innerHTML = '<script type="application/json" data-url="/config.json">{}</script>';
    const network = vi.fn(async () => new Response('{}'));
    const init = { cache: 'no-store' } as RequestInit;
    await inlinedFetch(network)('/remotes/remotes.json', init);
    expect(network).toHaveBeenCalledWith('/remotes/remotes.json', init);
  });
});
