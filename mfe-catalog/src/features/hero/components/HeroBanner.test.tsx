import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evento } from '../../../testing/fixtures';
import { HeroBanner } from './HeroBanner';

const eventos = [
  evento({ id: 1, nombre: 'Natalia en vivo', artista: { nombre: 'Natalia' }, recinto: { id: 1, nombre: 'Auditorio', direccion: 'x' }, precioDesde: 45000 }),
  evento({ id: 2, artista: { nombre: 'Los Tigres' }, recinto: { id: 2, nombre: 'Arena', direccion: 'y' } }),
  evento({ id: 3, artista: { nombre: 'Café Tacvba' }, recinto: { id: 3, nombre: 'Foro', direccion: 'z' } }),
];

/** The visible slide's artist (hidden slides are out of the accessibility tree). */
const current = () => screen.getByRole('group', { name: /de 3/ }).getAttribute('aria-label');
const hero = () => screen.getByRole('region', { name: 'Eventos destacados' });

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <MemoryRouter>
      <HeroBanner eventos={eventos} />
    </MemoryRouter>,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('HeroBanner', () => {
  it('shows the event name, artist, date, venue, lowest price and a Ver entradas link to the event', () => {
    expect(current()).toBe('1 de 3: Natalia');
    expect(screen.queryByText('Natalia en vivo')).not.toBeNull();
    expect(screen.queryByText('Natalia', { exact: true })).not.toBeNull();
    expect(screen.queryByText('Auditorio')).not.toBeNull();
    expect(screen.queryByText(/^Desde \$450\.00$/)).not.toBeNull();
    expect(document.querySelector('.hero__slide:not([hidden]) time')?.textContent).toMatch(/^\d{2} \p{L}+ \d{4}, \d{2}:\d{2}(AM|PM)$/u);
    expect(screen.getByRole('link', { name: 'Ver entradas' }).getAttribute('href')).toBe('/eventos/1');
  });

  it('advances every 5 s and wraps around', () => {
    act(() => vi.advanceTimersByTime(4999));
    expect(current()).toBe('1 de 3: Natalia');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('2 de 3: Los Tigres');
    expect(screen.getByRole('link', { name: 'Ver entradas' }).getAttribute('href')).toBe('/eventos/2');
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('3 de 3: Café Tacvba');
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('1 de 3: Natalia');
  });

  it('pauses while hovered and while focus is inside', () => {
    fireEvent.mouseEnter(hero());
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('1 de 3: Natalia');
    fireEvent.mouseLeave(hero());
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('2 de 3: Los Tigres');

    act(() => screen.getByRole('link', { name: 'Ver entradas' }).focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('2 de 3: Los Tigres');
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('3 de 3: Café Tacvba');
  });

  it('has prev/next/dot buttons and a pause toggle', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Evento anterior' }));
    expect(current()).toBe('3 de 3: Café Tacvba');
    fireEvent.click(screen.getByRole('button', { name: 'Evento siguiente' }));
    expect(current()).toBe('1 de 3: Natalia');
    const dot = screen.getByRole('button', { name: 'Mostrar evento 2: Los Tigres' });
    fireEvent.click(dot);
    expect(current()).toBe('2 de 3: Los Tigres');
    expect(dot.getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Pausar rotación' }));
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('2 de 3: Los Tigres');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar rotación' }));
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('3 de 3: Café Tacvba');
  });

  it('follows horizontal swipes and ignores vertical scrolls', () => {
    const swipe = (x0: number, x1: number, y1 = 100) => {
      fireEvent.touchStart(hero(), { touches: [{ clientX: x0, clientY: 100 }] });
      fireEvent.touchEnd(hero(), { changedTouches: [{ clientX: x1, clientY: y1 }] });
    };
    swipe(300, 100);
    expect(current()).toBe('2 de 3: Los Tigres');
    swipe(100, 300);
    expect(current()).toBe('1 de 3: Natalia');
    swipe(300, 250, 400); // mostly vertical
    expect(current()).toBe('1 de 3: Natalia');
  });
});
