import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PriceChips, SLIDE_MS } from './PriceChips';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const chips = ['VIP', 'Platea', 'Lateral'].map((categoria, i) => ({ categoria, color: '#fff', precios: [300000 - i * 1000] }));

/** Renders the chips on fake timers in a track three times wider than its box; returns its scrollTo spy. */
function renderOverflowing() {
  vi.useFakeTimers();
  render(<PriceChips chips={chips} />);
  const track = screen.getByRole('list');
  Object.defineProperties(track, { scrollWidth: { value: 600 }, clientWidth: { value: 200 } });
  const scrollTo = vi.fn();
  track.scrollTo = scrollTo as unknown as typeof track.scrollTo;
  return scrollTo;
}

describe('PriceChips slider', () => {
  it('moves one chip every 4 s while the chips overflow, and stops on Pausar', () => {
    const scrollTo = renderOverflowing();

    act(() => vi.advanceTimersByTime(SLIDE_MS - 1));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(scrollTo).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: /Pausar/ }));
    fireEvent.blur(screen.getByRole('button', { name: /Reanudar/ }));
    act(() => vi.advanceTimersByTime(SLIDE_MS * 3));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(SLIDE_MS).toBe(4000);
  });

  it('holds still while the pointer is over it', () => {
    const scrollTo = renderOverflowing();
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Precios por categoría' }));
    act(() => vi.advanceTimersByTime(SLIDE_MS * 2));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('PriceChips all-in prices', () => {
  it('shows the price with fees and IVA beside the base price', () => {
    render(<PriceChips chips={[{ categoria: 'VIP', color: '#fff', precios: [120000, 100000], preciosFinales: [152400, 127000] }]} />);
    const chip = screen.getByRole('listitem');
    expect(chip.textContent).toContain('$1,000.00 – $1,200.00');
    expect(chip.textContent).toContain('Precio final $1,270.00 – $1,524.00 con cargos e IVA');
  });
});
