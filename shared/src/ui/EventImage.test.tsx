// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EventImage } from './EventImage';
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
