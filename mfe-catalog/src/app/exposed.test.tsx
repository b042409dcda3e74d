import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import EventList from './EventList';

afterEach(cleanup);

// The delivery contract of this remote (not its screens): the exposed EventList renders
// inside a router and carries the remote's version marker used by ops and the e2e suite.
describe('catalog exposed EventList', () => {
  it('renders a heading and tags itself with the remote version', () => {
    const { container } = render(
      <MemoryRouter>
        <EventList />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
    expect(container.querySelector('[data-remote-name="catalog"][data-remote-version="0.0.0-test"]')).toBeTruthy();
  });
});
