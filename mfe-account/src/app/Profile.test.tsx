import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import Profile from './Profile';

afterEach(cleanup);

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/perfil/*" element={<Profile />} /></Routes>
    </MemoryRouter>,
  );
}

describe('account Profile (en construcción)', () => {
  it.each([
    ['/perfil/mi_perfil', 'Mi perfil: en construcción'],
    ['/perfil/mis_formas_de_pago', 'Mis formas de pago: en construcción'],
    ['/perfil/mis_compras', 'Mis compras: en construcción'],
    ['/perfil/mi_password', 'Cambiar contraseña: en construcción'],
  ])('%s names its section in Spanish', (path, heading) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a eventos' }).getAttribute('href')).toBe('/eventos');
  });

  it('an unknown section falls back to a generic title, with no fake purchases', () => {
    renderAt('/perfil/otra');
    expect(screen.getByRole('heading', { name: 'Mi cuenta: en construcción' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$\s?\d|boleto #/i);
  });
});
