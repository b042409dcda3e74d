import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authAtom, bus, initialAuthState, setRuntimeConfig, store, type ToastKind } from '@taquilla/shared';
import { installAuthBus } from './auth-bus';
import { checkSession, defaultSessionDeps } from './session';

/**
 * The session check through the real shared API client and a real HTTP server (no doubles):
 * what a buyer with a stale token gets on page load.
 */
let server: Server;
const seen: { token?: string; apiKey?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, x-api-key, accept');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    seen.push({ token: req.headers.authorization, apiKey: req.headers['x-api-key'] as string });
    const ok = req.headers.authorization === 'Bearer bueno';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { isVerified: true, token: 'renovado', user: { id: 'u1', fullName: 'Ana', email: 'ana@correo.mx', isVerified: true } }
          : { statusCode: 401, error: 'Unauthorized', message: 'Token no válido' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, apiKey: 'clave' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  store.set(authAtom, initialAuthState);
  seen.length = 0;
});

describe('session check over HTTP', () => {
  it("a stored bad token ends unauthenticated with 'Se ha cerrado la sesión', token removed", async () => {
    const toasts: [ToastKind, string][] = [];
    bus.on('ui:toast', ({ kind, message }) => toasts.push([kind, message]));
    const uninstall = installAuthBus();
    localStorage.setItem('token', 'malo');
    localStorage.setItem('preferencia', '1');
    await checkSession(defaultSessionDeps());
    expect(seen).toEqual([{ token: 'Bearer malo', apiKey: 'clave' }]);
    expect(store.get(authAtom)).toMatchObject({ status: 'unauthenticated', errorMessage: 'Se ha cerrado la sesión' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('preferencia')).toBe('1');
    expect(toasts).toEqual([['warning', 'Se ha cerrado la sesión']]);
    uninstall();
    bus.all.clear();
  });

  it('a good token is refreshed', async () => {
    localStorage.setItem('token', 'bueno');
    await checkSession(defaultSessionDeps());
    expect(store.get(authAtom)).toMatchObject({ status: 'authenticated', token: 'renovado' });
    expect(localStorage.getItem('token')).toBe('renovado');
  });
});
