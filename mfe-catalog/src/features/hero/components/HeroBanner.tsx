import { formatDateTime, formatMoney } from '@taquilla/shared';
import type { Evento } from '@taquilla/shared/schemas/catalogo';
import { useRef, type FocusEvent, type TouchEvent } from 'react';
import { Link } from 'react-router-dom';
import { EventBanner } from '@taquilla/shared/ui';
import { useCarousel } from '../hooks/use-carousel';
import './hero.css';

/** Horizontal travel (px) that counts as a swipe rather than a tap or a scroll. */
const SWIPE_MIN_PX = 40;

/** The home page's rotating banner (up to 3 events, spec §2/§9), an APG-style carousel. */
export function HeroBanner({ eventos }: { eventos: readonly Evento[] }) {
  const carousel = useCarousel(eventos.length);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  if (eventos.length === 0) return null;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setFocused(false);
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    // Mostly-vertical moves are page scrolls, not swipes.
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return;
    if (dx < 0) carousel.next();
    else carousel.prev();
  };

  const many = eventos.length > 1;
  return (
    <section
      className="hero"
      aria-roledescription="carrusel"
      aria-label="Eventos destacados"
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={onBlur}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      {/* Announce slide changes only when the buyer drives them, never on autoplay. */}
      <div className="hero__slides" aria-live={carousel.paused ? 'polite' : 'off'}>
        {eventos.map((evento, i) => (
          <div
            key={evento.id}
            className="hero__slide"
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${eventos.length}: ${evento.artista.nombre}`}
            hidden={i !== carousel.index}
          >
            <EventBanner className="hero__image" evento={evento} fetchPriority={i === 0 ? 'high' : 'auto'} loading={i === 0 ? 'eager' : 'lazy'} />
            <div className="hero__caption">
              <p className="hero__name">{evento.nombre}</p>
              <p className="hero__artist">{evento.artista.nombre}</p>
              <p className="hero__venue">
                <time dateTime={evento.fecha}>{formatDateTime(evento.fecha, { timeZone: evento.zonaHoraria })}</time> · <span>{evento.recinto.nombre}</span>
              </p>
              {evento.precioDesde !== null && evento.precioDesde > 0 && <p className="hero__price">Desde {formatMoney(evento.precioDesde)}</p>}
              <Link className="button hero__cta" to={`/eventos/${evento.id}`}>
                Ver entradas
              </Link>
            </div>
          </div>
        ))}
      </div>
      {many && (
        <div className="hero__controls">
          <button type="button" className="hero__arrow" onClick={carousel.prev} aria-label="Evento anterior">
            ‹
          </button>
          <div className="hero__dots">
            {eventos.map((evento, i) => (
              <button
                key={evento.id}
                type="button"
                className="hero__dot"
                aria-label={`Mostrar evento ${i + 1}: ${evento.artista.nombre}`}
                aria-current={i === carousel.index ? 'true' : undefined}
                onClick={() => carousel.goTo(i)}
              />
            ))}
          </div>
          <button type="button" className="hero__arrow" onClick={carousel.next} aria-label="Evento siguiente">
            ›
          </button>
          <button
            type="button"
            className="hero__toggle"
            onClick={() => carousel.setStopped(!carousel.stopped)}
            aria-label={carousel.stopped ? 'Reanudar rotación' : 'Pausar rotación'}
          >
            {carousel.stopped ? '▶' : '❚❚'}
          </button>
        </div>
      )}
    </section>
  );
}
