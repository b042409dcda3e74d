import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import Profile from '../app/Profile';

/** The remote as the shell mounts it (perfil/*), with the current URL readable by tests. */
export function renderAccount(path: string) {
  const location = { current: '' };
  // biome-ignore lint/correctness/noComponentHookFactories: a test probe closing over this render's `location`
  function Probe() {
    const here = useLocation();
    location.current = `${here.pathname}${here.search}`;
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/perfil/*" element={<Profile />} />
        <Route path="*" element={<p>fuera del perfil</p>} />
      </Routes>
      <Probe />
    </MemoryRouter>,
  );
  return { ...view, location };
}
