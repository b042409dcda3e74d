import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authAtom, initialAuthState, store, type AuthStatus } from '@taquilla/shared';
import AuthRoutes from '../app/AuthRoutes';

/**
 * Renders the remote as the shell mounts it (auth/*), with the given session status and, as the
 * shell's guard sets it, the location state (`{ from }`).
 */
export function renderAuth(path: string, status: AuthStatus = 'unauthenticated', state?: unknown) {
  store.set(authAtom, { ...initialAuthState, status });
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path="/auth/*" element={<AuthRoutes />} />
        <Route path="/" element={<p>Inicio</p>} />
        <Route path="/perfil/*" element={<p>Perfil</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
