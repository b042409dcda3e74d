import { cleanup, render, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, setRuntimeConfig } from '@taquilla/shared';
import type { FirstScreenDeclaration } from '@taquilla/shared/landing';
import { eventoDetalle } from '../testing/fixtures';
import firstScreen from './first-screen.json';
import EventInfo from './EventInfo';
import EventList from './EventList';

// The storefront server inlines the answers this remote declares (first-screen.json) into the
// landing page, keyed by URL. These tests put them there as the server does and check each one
// is taken by the module's own first requests: a query parameter changed in the code but not in
// the declaration (or the other way round) sends the request to the network and fails here.
const declared = firstScreen as FirstScreenDeclaration;
const network: string[] = [];
const original = apiClient.defaults.adapter;

beforeEach(() => {
  network.length = 0;
  setRuntimeConfig({ apiBaseUrl: '/api/v1', apiKey: 'k' });
  const adapter: AxiosAdapter = async (config) => {
    network.push(`${config.url}${config.params ? `?${new URLSearchParams(config.params as Record<string, string>)}` : ''}`);
    return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.defaults.adapter = adapter;
});

afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = original;
  document.head.querySelectorAll('script[data-url]').forEach((block) => block.remove());
});

/** The module's declared answers, inlined as the server writes them (`{id}` = 7). */
function inline(module: string, answers: Record<string, unknown>): string[] {
  const urls = (declared[module]?.data ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.url).replace('{id}', '7'));
  for (const url of urls) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.dataset.url = `/api/v1${url}`;
    block.textContent = JSON.stringify(answers[url.split('?')[0]!] ?? {});
    document.head.append(block);
  }
  return urls;
}

const left = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-url]')].map((b) => b.dataset.url);

describe("catalog's first-screen declaration is what its modules read first", () => {
  it('EventList (/eventos)', async () => {
    const urls = inline('EventList', { '/eventos/get_all': { eventosFiltrados: [] }, '/categorias/get_all': { categorias: [] } });
    expect(urls.length).toBeGreaterThan(0);
    render(<MemoryRouter initialEntries={['/eventos']}><EventList /></MemoryRouter>);
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(network).not.toContain(url);
  });

  it('EventInfo (/eventos/informacion/:id)', async () => {
    const urls = inline('EventInfo', { '/eventos/7/detalle': eventoDetalle({ id: 7 }) });
    expect(urls.length).toBeGreaterThan(0);
    render(
      <MemoryRouter initialEntries={['/eventos/informacion/7']}>
        <Routes>
          <Route path="/eventos/informacion/:id" element={<EventInfo />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(network).not.toContain(url);
  });
});
