import { authAtom, bus, initialAuthState, isApiError, messages, store, TOKEN_STORAGE_KEY, type ToastKind, type User } from '@taquilla/shared';
import { checkStatus, logoutSession } from '@taquilla/shared/api/auth';
import type { CheckStatusResponse } from '@taquilla/shared/schemas/auth';
import { COHORT_KEY } from '@taquilla/platform/canary';
import { OVERRIDE_STORAGE_PREFIX } from '../../federation/overrides';

/**
 * The session rules of spec §4, in one place. The shell is the only writer of authAtom and of
 * localStorage 'token'; remotes ask for changes over the bus (see auth-bus.ts).
 */
export const SESSION_FOLLOW_UP_MS = 10;

export interface SessionDeps {
  checkStatus: () => Promise<CheckStatusResponse>;
  storage: Storage;
  toast: (kind: ToastKind, message: string) => void;
  /** Ends a session on the server (POST /auth/logout); logging out calls it, best effort. */
  endSession?: (token: string) => Promise<unknown>;
}

export const defaultSessionDeps = (): SessionDeps => ({
  checkStatus,
  storage: window.localStorage,
  toast: (kind, message) => bus.emit('ui:toast', { kind, message }),
  endSession: logoutSession,
});

/** Entering 'checking' clears token, user and error. */
function startChecking(): void {
  store.set(authAtom, (state) => ({ ...state, status: 'checking', token: null, user: null, errorMessage: null }));
}

export function login(storage: Storage, token: string, user: User): void {
  storage.setItem(TOKEN_STORAGE_KEY, token);
  store.set(authAtom, { status: 'authenticated', token, user, errorMessage: null });
}

/**
 * Clears local storage (spec §4 "cleared entirely") except the developer overrides and the
 * canary cohort: those belong to this browser, not to the buyer's session (docs/decisions/0003,
 * 0025; the cohort is a number from 0 to 9999, not an identifier).
 */
function clearStorage(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');
  for (const key of keys) if (!key.startsWith(OVERRIDE_STORAGE_PREFIX) && key !== COHORT_KEY) storage.removeItem(key);
}

/** Logout clears local storage, then stores the given message. */
export function logout(storage: Storage, message: string | null = null): void {
  clearStorage(storage);
  store.set(authAtom, { ...initialAuthState, status: 'unauthenticated', errorMessage: message });
}

/** A refused login or registration (spec §4): only the error message changes. */
export function loginFailed(message: string): void {
  store.set(authAtom, (state) => ({ ...state, errorMessage: message }));
}

/** The separate action that clears only the error message. */
function clearErrorMessage(): void {
  store.set(authAtom, (state) => ({ ...state, errorMessage: null }));
}

/**
 * A failed check or an expired session: the token (401) or all storage (anything else) goes,
 * the user is told 'Se ha cerrado la sesión', and the follow-up clears the message 10 ms later.
 */
export function closeFailedSession(deps: SessionDeps, status: number | undefined): void {
  if (status === 401) deps.storage.removeItem(TOKEN_STORAGE_KEY);
  else clearStorage(deps.storage);
  store.set(authAtom, { ...initialAuthState, status: 'unauthenticated', errorMessage: messages.SESSION_CLOSED });
  // errorMessage only lives 10 ms, so the toast is what the buyer actually sees.
  deps.toast('warning', messages.SESSION_CLOSED);
  setTimeout(clearErrorMessage, SESSION_FOLLOW_UP_MS);
}

let checkRun = 0;

/** The session check on load (and on bus 'auth:check'). A newer check wins over an older one. */
export async function checkSession(deps: SessionDeps = defaultSessionDeps()): Promise<void> {
  const run = ++checkRun;
  startChecking();
  const token = deps.storage.getItem(TOKEN_STORAGE_KEY);
  if (!token) {
    store.set(authAtom, { ...initialAuthState, status: 'unauthenticated' });
    return;
  }
  try {
    const answer = await deps.checkStatus();
    if (run !== checkRun) return;
    if (!answer.isVerified) {
      deps.toast('warning', messages.VERIFICATION_REQUIRED);
      logout(deps.storage);
      return;
    }
    login(deps.storage, answer.token || token, answer.user);
  } catch (error) {
    if (run !== checkRun) return;
    closeFailedSession(deps, isApiError(error) ? error.status : undefined);
  }
}
