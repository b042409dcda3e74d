// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBanner, EventImage, EventPoster } from './EventImage';
import { DEFAULT_EVENT_IMAGE } from '../default-event-image';

afterEach(cleanup);

describe('EventImage', () => {
  it('shows the given image with its alt text', () => {
    render(<EventImage src="/img/a.jpg" alt="Cartel de A" />);
    const img = screen.getByRole('img', { name: 'Cartel de A' });
    expect(img.getAttribute('src')).toBe('/img/a.jpg');
    expect(img.hasAttribute('data-default-image')).toBe(false);
  });

  it('uses the default image when there is none', () => {
    render(<EventImage src={null} alt="Cartel de B" />);
    expect(screen.getByRole('img', { name: 'Cartel de B' }).getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
  });

  it('falls back on a load error, and tries again when the src changes', () => {
    const { rerender } = render(<EventImage src="/img/roto.jpg" alt="Cartel de C" />);
    const img = screen.getByRole('img', { name: 'Cartel de C' });
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
    expect(img.getAttribute('data-default-image')).toBe('true');
    // A broken default must not loop: another error keeps the default.
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
    rerender(<EventImage src="/img/nuevo.jpg" alt="Cartel de C" />);
    expect(img.getAttribute('src')).toBe('/img/nuevo.jpg');
  });
});

describe('EventPoster', () => {
  it("shows the event's poster, else its banner, lazily at 400×225 and named after the event", () => {
    render(<EventPoster className="card__image" evento={{ nombre: 'Luna Roja', imagenPromocion: '/img/promo.jpg', imagenBanner: '/img/banner.jpg' }} />);
    const img = screen.getByRole('img', { name: 'Cartel de Luna Roja' });
    expect(img.getAttribute('src')).toBe('/img/promo.jpg');
    expect([img.className, img.getAttribute('loading'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['card__image', 'lazy', '400', '225']);
    cleanup();
    render(<EventPoster className="card__image" evento={{ nombre: 'Sol', imagenPromocion: null, imagenBanner: '/img/banner.jpg' }} />);
    expect(screen.getByRole('img', { name: 'Cartel de Sol' }).getAttribute('src')).toBe('/img/banner.jpg');
  });
});

describe('EventBanner', () => {
  it("shows the event's banner, else its poster, at 1200×500 with the priority asked for", () => {
    render(
      <EventBanner
        className="hero__image"
        fetchPriority="high"
        evento={{ nombre: 'Luna Roja', imagenPromocion: '/img/promo.jpg', imagenBanner: '/img/banner.jpg' }}
      />,
    );
    const img = screen.getByRole('img', { name: 'Banner de Luna Roja' });
    expect(img.getAttribute('src')).toBe('/img/banner.jpg');
    expect([img.className, img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('fetchpriority')]).toEqual([
      'hero__image',
      '1200',
      '500',
      'high',
    ]);
    cleanup();
    render(<EventBanner className="hero__image" fetchPriority="auto" evento={{ nombre: 'Sol', imagenPromocion: '/img/promo.jpg', imagenBanner: null }} />);
    expect(screen.getByRole('img', { name: 'Banner de Sol' }).getAttribute('src')).toBe('/img/promo.jpg');
  });
});
