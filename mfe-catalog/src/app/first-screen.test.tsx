import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { FirstScreenDeclaration } from '@taquilla/shared/landing';
import { firstScreenHarness } from '@taquilla/shared/testing/first-screen';
import { eventoDetalle } from '../testing/fixtures';
import firstScreen from './first-screen.json';
import EventInfo from './EventInfo';
import EventList from './EventList';

// Each module's declared first answers (first-screen.json) must be what it asks for first
// (the harness: @taquilla/shared/testing/first-screen).
const screen = firstScreenHarness(firstScreen as FirstScreenDeclaration);
const { inline, left } = screen;

describe("catalog's first-screen declaration is what its modules read first", () => {
  it('EventList (/eventos)', async () => {
    const urls = inline('EventList', { '/eventos/get_all': { eventosFiltrados: [] }, '/categorias/get_all': { categorias: [] } });
    expect(urls.length).toBeGreaterThan(0);
    render(
      <MemoryRouter initialEntries={['/eventos']}>
        <EventList />
      </MemoryRouter>,
    );
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(screen.network).not.toContain(url);
  });

  it('EventInfo (/eventos/informacion/:id)', async () => {
    const urls = inline('EventInfo', { '/eventos/7/detalle': eventoDetalle({ id: 7 }) });
    expect(urls.length).toBeGreaterThan(0);
    render(
      <MemoryRouter initialEntries={['/eventos/informacion/7']}>
        <Routes>
          <Route path="/eventos/informacion/:id" element={<EventInfo />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(screen.network).not.toContain(url);
  });
});
