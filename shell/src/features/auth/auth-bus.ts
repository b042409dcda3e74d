import { authAtom, bus, store, TOKEN_STORAGE_KEY } from '@taquilla/shared';
import { checkSession, closeFailedSession, login, loginFailed, logout, type SessionDeps, defaultSessionDeps } from './session';

/** Wires the bus requests that change the session. Returns a function that unwires them. */
export function installAuthBus(deps: SessionDeps = defaultSessionDeps()): () => void {
  const onLogin = ({ token, user }: { token: string; user: Parameters<typeof login>[2] }) => login(deps.storage, token, user);
  const onLogout = ({ message }: { message?: string | null }) => {
    // End the session on the server as well (best effort: the browser forgets it either way).
    const token = deps.storage.getItem(TOKEN_STORAGE_KEY);
    if (token && deps.endSession) void deps.endSession(token).catch(() => undefined);
    logout(deps.storage, message ?? null);
  };
  const onLoginFailed = ({ message }: { message: string }) => loginFailed(message);
  const onCheck = () => void checkSession(deps);
  const onExpired = () => {
    // A 401 while checking is handled by the check itself; a 401 when logged out is just a 401.
    if (store.get(authAtom).status === 'authenticated') closeFailedSession(deps, 401);
  };
  bus.on('auth:login', onLogin);
  bus.on('auth:logout', onLogout);
  bus.on('auth:login-failed', onLoginFailed);
  bus.on('auth:check', onCheck);
  bus.on('auth:session-expired', onExpired);
  return () => {
    bus.off('auth:login', onLogin);
    bus.off('auth:logout', onLogout);
    bus.off('auth:login-failed', onLoginFailed);
    bus.off('auth:check', onCheck);
    bus.off('auth:session-expired', onExpired);
  };
}
