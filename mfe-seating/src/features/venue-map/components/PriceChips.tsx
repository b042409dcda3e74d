import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '@taquilla/shared';
import type { PriceChip } from '../lib/price-chips';

export const SLIDE_MS = 4000;

const priceText = (precios: number[]) =>
  precios.length > 1 ? `${formatMoney(precios[precios.length - 1]!)} – ${formatMoney(precios[0]!)}` : formatMoney(precios[0]!);

/**
 * The price chips as a slider that moves one chip every 4 s (spec §9) when they do not all
 * fit. It stops while the pointer or focus is on it, on 'Pausar', and for buyers who ask for
 * reduced motion; every chip stays reachable by scrolling.
 */
export function PriceChips({ chips }: { chips: readonly PriceChip[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [paused, setPaused] = useState(() => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [held, setHeld] = useState(false);
  const index = useRef(0);

  useEffect(() => {
    if (paused || held || chips.length < 2) return;
    const timer = setInterval(() => {
      const track = trackRef.current;
      if (!track || track.scrollWidth <= track.clientWidth) return;
      index.current = (index.current + 1) % chips.length;
      const chip = track.children[index.current] as HTMLElement | undefined;
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
      if (atEnd) index.current = 0;
      track.scrollTo({ left: atEnd || !chip ? 0 : chip.offsetLeft - track.offsetLeft, behavior: 'smooth' });
    }, SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused, held, chips.length]);

  if (chips.length === 0) return null;
  return (
    <div
      className="price-chips"
      role="region"
      aria-roledescription="carrusel"
      aria-label="Precios por categoría"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {/* Focusable so a keyboard can scroll the chips that overflow on a phone (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
      <ul ref={trackRef} className="price-chips__track" tabIndex={0} aria-label="Precios">
        {chips.map((c) => (
          <li key={c.categoria} className="price-chip">
            <span className="price-chip__swatch" style={{ background: c.color }} aria-hidden="true" />
            <span className="price-chip__name">{c.categoria}</span>
            <strong className="price-chip__price">{priceText(c.precios)}</strong>
            {c.preciosFinales && (
              <span className="price-chip__final">
                Precio final {priceText(c.preciosFinales)}
                <span className="visually-hidden"> con cargos e IVA</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button type="button" className="price-chips__toggle" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? 'Reanudar' : 'Pausar'}
          <span className="visually-hidden"> el carrusel de precios</span>
        </button>
      )}
    </div>
  );
}
