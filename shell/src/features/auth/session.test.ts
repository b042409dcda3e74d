import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authAtom, bus, initialAuthState, store, type ToastKind } from '@taquilla/shared';
import type { CheckStatusResponse } from '@taquilla/shared/schemas/auth';
import { installAuthBus } from './auth-bus';
import { checkSession, SESSION_FOLLOW_UP_MS, type SessionDeps } from './session';

const OVERRIDE = 'taquilla:override:catalog';
const user = { id: 'u1', fullName: 'Ana López', email: 'ana@correo.mx', isVerified: true };

function deps(answer: () => Promise<CheckStatusResponse>) {
  const toasts: [ToastKind, string][] = [];
  const d: SessionDeps = {
    checkStatus: vi.fn(answer),
    storage: localStorage,
    toast: (kind, message) => toasts.push([kind, message]),
  };
  return { d, toasts };
}

const auth = () => store.get(authAtom);

beforeEach(() => {
  store.set(authAtom, initialAuthState);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  bus.all.clear();
});

describe('session check (spec §4)', () => {
  it('starts as checking', () => {
    expect(initialAuthState.status).toBe('checking');
  });

  it('with no stored token ends unauthenticated without calling the API', async () => {
    const { d } = deps(() => Promise.reject(new Error('no debería llamarse')));
    localStorage.setItem('taquilla:override:catalog', 'http://localhost:3011/mf-manifest.json');
    await checkSession(d);
    expect(auth().status).toBe('unauthenticated');
    expect(d.checkStatus).not.toHaveBeenCalled();
    expect(localStorage.getItem('taquilla:override:catalog')).not.toBeNull();
  });

  it('entering checking clears token, user and error', async () => {
    store.set(authAtom, { ...initialAuthState, status: 'authenticated', token: 'x', user, errorMessage: 'viejo' });
    localStorage.setItem('token', 'x');
    let seen = initialAuthState;
    const { d } = deps(() => {
      seen = auth();
      return Promise.resolve({ isVerified: true, token: 'x', user });
    });
    await checkSession(d);
    expect(seen).toMatchObject({ status: 'checking', token: null, user: null, errorMessage: null });
  });

  it('success: authenticated with the user, and the refreshed token stored', async () => {
    localStorage.setItem('token', 'viejo');
    const { d } = deps(() => Promise.resolve({ isVerified: true, token: 'nuevo', user }));
    await checkSession(d);
    expect(auth()).toMatchObject({ status: 'authenticated', token: 'nuevo', user, errorMessage: null });
    expect(localStorage.getItem('token')).toBe('nuevo');
  });

  it('unverified user: warning toast and the session is closed', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('otra-cosa', '1');
    const { d, toasts } = deps(() => Promise.resolve({ isVerified: false, token: 't', user: { ...user, isVerified: false } }));
    await checkSession(d);
    expect(toasts).toEqual([
      [
        'warning',
        'Verificación requerida. Debes verificar tu correo para acceder. Revisa tu bandeja de entrada y sigue las instrucciones en el email de verificación.',
      ],
    ]);
    expect(auth()).toMatchObject({ status: 'unauthenticated', token: null, user: null });
    expect(localStorage.length).toBe(0);
  });

  it("a bad token (401) removes only the token, says 'Se ha cerrado la sesión', clears it 10 ms later", async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'malo');
    localStorage.setItem('preferencia', 'oscuro');
    const { d, toasts } = deps(() => Promise.reject(new ApiError({ status: 401, messages: ['Token no válido'] })));
    await checkSession(d);
    expect(auth()).toMatchObject({ status: 'unauthenticated', token: null, errorMessage: 'Se ha cerrado la sesión' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('preferencia')).toBe('oscuro');
    expect(toasts).toEqual([['warning', 'Se ha cerrado la sesión']]);

    vi.advanceTimersByTime(SESSION_FOLLOW_UP_MS - 1);
    expect(auth().errorMessage).toBe('Se ha cerrado la sesión');
    vi.advanceTimersByTime(1);
    expect(auth().errorMessage).toBeNull();
    expect(auth().status).toBe('unauthenticated');
  });

  it('any other error clears all storage but the developer overrides, with the same message and follow-up', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 't');
    localStorage.setItem('preferencia', 'oscuro');
    localStorage.setItem(OVERRIDE, 'http://localhost:3011/mf-manifest.json');
    const { d } = deps(() => Promise.reject(new ApiError({ messages: ['No se pudo conectar con el servidor'] })));
    await checkSession(d);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('preferencia')).toBeNull();
    expect(localStorage.getItem(OVERRIDE)).toBe('http://localhost:3011/mf-manifest.json');
    expect(auth()).toMatchObject({ status: 'unauthenticated', errorMessage: 'Se ha cerrado la sesión' });
    vi.advanceTimersByTime(SESSION_FOLLOW_UP_MS);
    expect(auth().errorMessage).toBeNull();
  });

  it('a newer check wins over a slower older one', async () => {
    localStorage.setItem('token', 't');
    let releaseFirst: (value: CheckStatusResponse) => void = () => undefined;
    const first = deps(() => new Promise((resolve) => (releaseFirst = resolve)));
    const second = deps(() => Promise.reject(new ApiError({ status: 401, messages: ['x'] })));
    const pending = checkSession(first.d);
    await checkSession(second.d);
    releaseFirst({ isVerified: true, token: 't', user });
    await pending;
    expect(auth().status).toBe('unauthenticated');
  });
});

describe('session requests over the bus', () => {
  it("'auth:login' stores the token and authenticates; 'auth:logout' clears storage but the developer overrides", () => {
    const { d } = deps(() => Promise.reject(new Error('no')));
    const uninstall = installAuthBus(d);
    localStorage.setItem('algo', '1');
    localStorage.setItem(OVERRIDE, 'http://localhost:3011/mf-manifest.json');
    localStorage.setItem('taquilla:cohorte', '4242');
    bus.emit('auth:login', { token: 'tok', user });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(auth()).toMatchObject({ status: 'authenticated', token: 'tok', user });

    const endSession = vi.fn(async () => undefined);
    d.endSession = endSession;
    bus.emit('auth:logout', { message: 'Hasta pronto' });
    // The server ends the session too, with the token the browser is about to forget.
    expect(endSession).toHaveBeenCalledWith('tok');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('algo')).toBeNull();
    expect(localStorage.getItem(OVERRIDE)).toBe('http://localhost:3011/mf-manifest.json');
    // The browser's canary cohort is the browser's, not the buyer's: kept, so a logout never moves it between versions.
    expect(localStorage.getItem('taquilla:cohorte')).toBe('4242');
    expect(localStorage.length).toBe(2);
    expect(auth()).toMatchObject({ status: 'unauthenticated', token: null, user: null, errorMessage: 'Hasta pronto' });
    uninstall();
  });

  it("'auth:login-failed' stores the message and leaves storage and the session alone", () => {
    const { d } = deps(() => Promise.reject(new Error('no')));
    const uninstall = installAuthBus(d);
    const endSession = vi.fn(async () => undefined);
    d.endSession = endSession;
    localStorage.setItem('token', 'tok');
    localStorage.setItem(OVERRIDE, 'http://localhost:3011/mf-manifest.json');
    store.set(authAtom, { ...initialAuthState, status: 'unauthenticated' });
    bus.emit('auth:login-failed', { message: 'Credenciales incorrectas' });
    expect(auth()).toMatchObject({ status: 'unauthenticated', errorMessage: 'Credenciales incorrectas' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem(OVERRIDE)).toBe('http://localhost:3011/mf-manifest.json');
    expect(endSession).not.toHaveBeenCalled();
    uninstall();
  });

  it("'auth:session-expired' closes an authenticated session (token only) and is ignored otherwise", () => {
    const { d, toasts } = deps(() => Promise.reject(new Error('no')));
    const uninstall = installAuthBus(d);
    store.set(authAtom, { ...initialAuthState, status: 'unauthenticated' });
    bus.emit('auth:session-expired', { message: 'x' });
    expect(toasts).toEqual([]);

    bus.emit('auth:login', { token: 'tok', user });
    localStorage.setItem('preferencia', 'oscuro');
    bus.emit('auth:session-expired', { message: 'Token expirado' });
    expect(auth()).toMatchObject({ status: 'unauthenticated', errorMessage: 'Se ha cerrado la sesión' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('preferencia')).toBe('oscuro');
    uninstall();
  });

  it("'auth:check' runs the session check", async () => {
    localStorage.setItem('token', 't');
    const { d } = deps(() => Promise.resolve({ isVerified: true, token: 't2', user }));
    const uninstall = installAuthBus(d);
    bus.emit('auth:check');
    await vi.waitFor(() => expect(auth().status).toBe('authenticated'));
    expect(d.checkStatus).toHaveBeenCalledOnce();
    uninstall();
  });
});
