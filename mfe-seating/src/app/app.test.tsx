import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import EventDetail from './EventDetail';
import SeatSelection from './SeatSelection';
import VenueMap from './VenueMap';

afterEach(cleanup);

describe('seating exposed modules (en construcción)', () => {
  it('EventDetail shows a Spanish heading, a way back to /eventos and no prices', () => {
    render(<MemoryRouter initialEntries={['/eventos/7']}><Routes><Route path="/eventos/:id" element={<EventDetail />} /></Routes></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: 'Detalle del evento: en construcción' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a eventos' }).getAttribute('href')).toBe('/eventos');
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
  });

  it('SeatSelection is honest about not being built', () => {
    render(<MemoryRouter><SeatSelection /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: 'Selección de asientos: en construcción' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a eventos' }).getAttribute('href')).toBe('/eventos');
  });

  it('VenueMap is a compact block tagged with its event and remote version', () => {
    const { container } = render(<MemoryRouter><VenueMap eventoId="42" /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 2, name: 'Mapa del recinto: en construcción' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[data-evento-id="42"] [data-remote-version="0.0.0-test"]')).toBeTruthy();
  });
});
