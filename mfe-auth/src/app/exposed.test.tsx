import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AuthRoutes from './AuthRoutes';

afterEach(cleanup);

// The delivery contract of this remote (not its screens): AuthRoutes renders its nested
// route under the shell's auth/* route.
describe('auth exposed AuthRoutes', () => {
  it('renders something for auth/login under the shell route', () => {
    render(
      <MemoryRouter initialEntries={['/auth/login']}>
        <Routes>
          <Route path="/auth/*" element={<AuthRoutes />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
  });
});
