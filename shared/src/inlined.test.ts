// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, apiRequest } from './api/client';
import { takeInlined } from './inlined';
import { setRuntimeConfig } from './runtime-config';

const block = (url: string, json: string, keep?: string) =>
  `<script type="application/json" data-url="${url}"${keep ? ` data-keep="${keep}"` : ''}>${json}</script>`;

beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: '/api/v1', apiKey: 'k' });
  window.history.replaceState(null, '', '/eventos');
});
afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('takeInlined', () => {
  it('answers a block once, by URL (relative or absolute), then nothing', () => {
    document.head.innerHTML = block('/remotes/catalog/1.0.0/mf-manifest.json', '{"a":1}');
    expect(takeInlined('/remotes/catalog/other.json')).toBeUndefined();
    expect(takeInlined(`${location.origin}/remotes/catalog/1.0.0/mf-manifest.json`)).toBe('{"a":1}');
    expect(takeInlined('/remotes/catalog/1.0.0/mf-manifest.json')).toBeUndefined();
  });

  it('a data-keep block answers every read on its page, and none elsewhere', () => {
    window.history.replaceState(null, '', '/eventos/informacion/3');
    document.head.innerHTML = block('/api/v1/eventos/3/detalle', '{"id":3}', '/eventos/informacion/3');
    expect(takeInlined('/api/v1/eventos/3/detalle')).toBe('{"id":3}');
    expect(takeInlined('/api/v1/eventos/3/detalle')).toBe('{"id":3}');
    window.history.replaceState(null, '', '/eventos/3');
    expect(takeInlined('/api/v1/eventos/3/detalle')).toBeUndefined();
  });
});

describe('apiRequest with inlined answers', () => {
  it('a GET (with its query) is answered from the page once, then from the network', async () => {
    document.head.innerHTML = block('/api/v1/eventos/get_all?tipoDispositivo=web', '{"eventosFiltrados":[{"id":1}]}');
    const network = vi.spyOn(apiClient, 'request').mockResolvedValue({ status: 200, data: { eventosFiltrados: [] } });
    const first = await apiRequest('GET', '/eventos/get_all', undefined, { params: { tipoDispositivo: 'web' } });
    expect(first).toEqual({ eventosFiltrados: [{ id: 1 }] });
    expect(network).not.toHaveBeenCalled();
    const second = await apiRequest('GET', '/eventos/get_all', undefined, { params: { tipoDispositivo: 'web' } });
    expect(second).toEqual({ eventosFiltrados: [] });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('never answers another method, or the same path with another query, from the page', async () => {
    document.head.innerHTML = block('/api/v1/eventos/get_all', '{"x":1}') + block('/api/v1/eventos/1/reservar', '{"x":1}');
    const network = vi.spyOn(apiClient, 'request').mockResolvedValue({ status: 200, data: { red: true } });
    expect(await apiRequest('GET', '/eventos/get_all', undefined, { params: { tipoDispositivo: 'web' } })).toEqual({ red: true });
    expect(await apiRequest('POST', '/eventos/1/reservar', {})).toEqual({ red: true });
    expect(network).toHaveBeenCalledTimes(2);
  });
});
