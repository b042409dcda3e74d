import fp from 'fastify-plugin';
import { API_KEY_HEADER } from '@taquilla/shared/runtime-config';

/**
 * For the browser APIs that cannot send headers (EventSource, navigator.sendBeacon): on requests
 * of `method` to a path matching `path` that carry no API key header, `?apiKey=` is taken as the
 * header. Register it on the root instance, so it runs before the /api/v1 key check; every other
 * route still requires the header.
 */
export function apiKeyFromQuery(name: string, method: 'GET' | 'POST', path: RegExp) {
  return fp(
    async (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.method !== method || request.headers[API_KEY_HEADER] || !path.test(request.url)) return;
        const key = (request.query as Record<string, unknown> | undefined)?.apiKey;
        if (typeof key === 'string') request.headers[API_KEY_HEADER] = key;
      });
    },
    { name },
  );
}
