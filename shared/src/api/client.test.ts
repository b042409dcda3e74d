import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bus } from '../bus';
import { setRuntimeConfig } from '../runtime-config';
import { ApiError, apiRequest } from './client';

/** Minimal Web Storage for the node test environment (the client reads localStorage 'token'). */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}

let server: Server;
let base = '';
let lastRequest: IncomingMessage | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequest = req;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/v1/ok') return reply(200, { hola: 'mundo' });
    if (req.url === '/api/v1/array') return reply(400, { statusCode: 400, error: 'Bad Request', message: ['Falta el correo', 'Falta la contraseña'] });
    if (req.url === '/api/v1/single') return reply(404, { statusCode: 404, message: 'Evento no encontrado' });
    if (req.url === '/api/v1/empty') return reply(500, {});
    if (req.url === '/api/v1/unauthorized') return reply(401, { statusCode: 401, message: 'Token inválido' });
    reply(404, { message: 'no route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  setRuntimeConfig({ apiBaseUrl: `${base}/api/v1`, apiKey: 'clave-prueba' });
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  bus.all.clear();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('reads base URL and API key from the runtime config at request time, and the bearer token', async () => {
    localStorage.setItem('token', 'abc.def');
    await expect(apiRequest<{ hola: string }>('GET', '/ok')).resolves.toEqual({ hola: 'mundo' });
    expect(lastRequest?.headers['x-api-key']).toBe('clave-prueba');
    expect(lastRequest?.headers.authorization).toBe('Bearer abc.def');

    setRuntimeConfig({ apiKey: 'otra-clave' });
    localStorage.removeItem('token');
    await apiRequest('GET', '/ok');
    expect(lastRequest?.headers['x-api-key']).toBe('otra-clave');
    expect(lastRequest?.headers.authorization).toBeUndefined();
  });

  it('joins a message array with line breaks', async () => {
    const error = await rejection(apiRequest('POST', '/array', { email: '' }));
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['Falta el correo', 'Falta la contraseña']);
    expect(error.message).toBe('Falta el correo\nFalta la contraseña');
    expect(error.data).toMatchObject({ error: 'Bad Request' });
  });

  it('keeps a single server message and falls back when the body has none', async () => {
    expect((await rejection(apiRequest('GET', '/single'))).message).toBe('Evento no encontrado');
    const empty = await rejection(apiRequest('GET', '/empty'));
    expect(empty.status).toBe(500);
    expect(empty.message).toBe('Ocurrió un error inesperado. Inténtalo de nuevo.');
  });

  it('without a response says it could not reach the server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}/api/v1` });
    const error = await rejection(apiRequest('GET', '/ok'));
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('No se pudo conectar con el servidor');
  });

  it('announces a 401 on the bus when a token was sent, not on an anonymous call', async () => {
    const heard: string[] = [];
    bus.on('auth:session-expired', ({ message }) => heard.push(message));
    await rejection(apiRequest('GET', '/unauthorized'));
    expect(heard).toEqual([]);
    localStorage.setItem('token', 'caducado');
    const error = await rejection(apiRequest('GET', '/unauthorized'));
    expect(error.status).toBe(401);
    expect(heard).toEqual(['Token inválido']);
  });

  it('applies the parse step and turns a bad answer into an ApiError', async () => {
    const parsed = await apiRequest('GET', '/ok', undefined, {
      parse: (data) => (data as { hola: string }).hola.toUpperCase(),
    });
    expect(parsed).toBe('MUNDO');
    const error = await rejection(
      apiRequest('GET', '/ok', undefined, {
        parse: () => {
          throw new Error('forma inesperada');
        },
      }),
    );
    expect(error.message).toBe('La respuesta del servidor no es válida.');
  });
});
