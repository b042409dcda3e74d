/**
 * Test helper for the typed API calls: routes the shared axios instance to an in-memory
 * adapter for each test and records every request it would have sent.
 *   const server = fakeApiServer(); server.answer = () => ({ … }); … server.calls[0].url
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { apiClient, setRuntimeConfig } from '@taquilla/shared';

export interface FakeApiServer {
  calls: InternalAxiosRequestConfig[];
  answer: (config: InternalAxiosRequestConfig) => unknown;
}

export function fakeApiServer(): FakeApiServer {
  const server: FakeApiServer = { calls: [], answer: () => ({}) };
  const original = apiClient.defaults.adapter;
  beforeEach(() => {
    server.calls.length = 0;
    setRuntimeConfig({ apiBaseUrl: '/api/v1', apiKey: 'k' });
    const adapter: AxiosAdapter = async (config) => {
      server.calls.push(config);
      return { data: server.answer(config), status: 200, statusText: 'OK', headers: {}, config };
    };
    apiClient.defaults.adapter = adapter;
  });
  afterEach(() => {
    apiClient.defaults.adapter = original;
  });
  return server;
}
