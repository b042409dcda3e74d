/**
 * Test harness for a remote's first-screen declaration (`src/app/first-screen.json`, decision
 * 0038). The storefront server inlines the answers a remote declares into the landing page, keyed
 * by URL; a test puts them there as the server does, renders the module, and checks that each one
 * was taken by the module's own first requests: a query parameter changed in the code but not in
 * the declaration (or the other way round) sends the request to the network and fails the test.
 *
 *   const screen = firstScreenHarness(firstScreen as FirstScreenDeclaration);
 *   const urls = screen.inline('EventList', { '/eventos/get_all': { eventosFiltrados: [] } });
 *   render(…); await waitFor(() => expect(screen.left()).toEqual([]));
 *   for (const url of urls) expect(screen.network).not.toContain(url);
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeApiServer } from '../api/testing';
import type { FirstScreenDeclaration } from '../landing';

export interface FirstScreenHarness {
  /** Every request that reached the network (the shared axios instance) in this test, as `url?query`. */
  readonly network: readonly string[];
  /**
   * Inlines the module's declared answers, each from `answers` by its path; returns the URLs.
   * `params` fills the templates: a string fills every `{name}`, an object each by its name.
   */
  inline(module: string, answers: Record<string, unknown>, params?: string | Record<string, string>): string[];
  /** The inlined answers no request has taken yet. */
  left(): (string | undefined)[];
}

export function firstScreenHarness(declared: FirstScreenDeclaration): FirstScreenHarness {
  const server = fakeApiServer();
  afterEach(() => {
    cleanup();
    document.head.querySelectorAll('script[data-url]').forEach((block) => block.remove());
  });

  return {
    get network() {
      return server.calls.map((config) => `${config.url}${config.params ? `?${new URLSearchParams(config.params as Record<string, string>)}` : ''}`);
    },
    inline(module, answers, params = '7') {
      const fill = (name: string) => (typeof params === 'string' ? params : (params[name] ?? `{${name}}`));
      const urls = (declared[module]?.data ?? []).map((entry) =>
        (typeof entry === 'string' ? entry : entry.url).replace(/\{(\w+)\}/g, (_, name: string) => fill(name)),
      );
      for (const url of urls) {
        const block = document.createElement('script');
        block.type = 'application/json';
        block.dataset.url = `/api/v1${url}`;
        block.textContent = JSON.stringify(answers[url.split('?')[0]!] ?? {});
        document.head.append(block);
      }
      return urls;
    },
    left: () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-url]')].map((block) => block.dataset.url),
  };
}
