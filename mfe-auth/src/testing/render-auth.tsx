import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authAtom, initialAuthState, store, type AuthStatus } from '@taquilla/shared';
import AuthRoutes from '../app/AuthRoutes';

/** Renders the remote as the shell mounts it (auth/*), with the given session status. */
export function renderAuth(path: string, status: AuthStatus = 'unauthenticated') {
  store.set(authAtom, { ...initialAuthState, status });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/*" element={<AuthRoutes />} />
        <Route path="/" element={<p>Inicio</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
