import { atom, getDefaultStore } from 'jotai';

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

export interface User {
  id?: string;
  fullName: string;
  email: string;
  isVerified: boolean;
}

export interface AuthState {
  status: AuthStatus;
  token: string | null;
  user: User | null;
  errorMessage: string | null;
}

export interface AppState {
  loaderStatus: boolean;
}

export const TOKEN_STORAGE_KEY = 'token';

export const initialAuthState: AuthState = {
  status: 'checking',
  token: null,
  user: null,
  errorMessage: null,
};

export const initialAppState: AppState = { loaderStatus: false };

/** Written only by the shell; remotes read it (useAtomValue) and ask for changes over the bus. */
export const authAtom = atom<AuthState>(initialAuthState);
export const appAtom = atom<AppState>(initialAppState);

/** The page-wide jotai store. Shell and remotes render without a Provider, so all use this one. */
export const store = getDefaultStore();
