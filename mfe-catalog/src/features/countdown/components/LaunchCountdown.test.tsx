import { act, cleanup, render, screen } from '@testing-library/react';
import { setRuntimeConfig } from '@taquilla/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LaunchCountdown } from './LaunchCountdown';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LaunchCountdown', () => {
  it('counts down to the configured launch date and then says Ya inició', () => {
    setRuntimeConfig({ launchDate: '2026-11-25T12:00:02Z' });
    render(<LaunchCountdown />);
    expect(screen.getByRole('timer').textContent).toBe('0 d 00 h 00 min 02 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('0 d 00 h 00 min 01 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Ya inició')).not.toBeNull();
  });

  it('shows days for a launch far ahead', () => {
    setRuntimeConfig({ launchDate: '2026-12-27T15:04:05Z' });
    render(<LaunchCountdown />);
    expect(screen.getByRole('timer').textContent).toBe('32 d 03 h 04 min 05 s');
  });
});
