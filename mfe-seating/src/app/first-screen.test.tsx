import { cleanup, render, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, setRuntimeConfig } from '@taquilla/shared';
import type { FirstScreenDeclaration } from '@taquilla/shared/landing';
import firstScreen from './first-screen.json';
import VenueMap from './VenueMap';

// The storefront server inlines the answers this remote declares (first-screen.json) into the
// landing page, keyed by URL. This test puts them there as the server does and checks each one is
// taken by the module's own first requests: a URL changed in the code but not in the declaration
// (or the other way round) sends the request to the network and fails here.
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

const answers: Record<string, unknown> = {
  '/eventos/7/detalle': {
    id: 7,
    nombre: 'Luna Roja',
    fecha: '2099-12-05T03:00:00.000Z',
    zonaHoraria: 'America/Mexico_City',
    mostrarWeb: true,
    recinto: { id: 1, nombre: 'Arena', direccion: '', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' },
    usoDeTarjeta: 350,
    usoDeServicio: 1000,
    ivaRate: 1600,
    isIvaApplied: true,
  },
  '/eventos/7/detalle_seccion/false/web': { preciosCategorias: [], categoriasEvento: [], secciones: [] },
};

describe("seating's first-screen declaration is what its modules read first", () => {
  it('VenueMap (below the information page, {id} = the eventoId the shell passes)', async () => {
    const urls = (declared.VenueMap?.data ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.url).replace('{id}', '7'));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.dataset.url = `/api/v1${url}`;
      block.textContent = JSON.stringify(answers[url] ?? {});
      document.head.append(block);
    }
    render(<MemoryRouter><VenueMap eventoId="7" /></MemoryRouter>);
    await waitFor(() => expect(document.head.querySelectorAll('script[data-url]')).toHaveLength(0));
    for (const url of urls) expect(network).not.toContain(url);
  });
});
