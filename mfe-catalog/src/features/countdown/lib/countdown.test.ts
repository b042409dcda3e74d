import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown';

describe('timeLeft', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('splits the remaining time', () => {
    expect(timeLeft(new Date('2026-11-27T15:04:05Z'), now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(timeLeft(new Date('2026-11-25T12:00:00.900Z'), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
  it('is over at and after the target, and for an invalid date', () => {
    expect(timeLeft(now, now)).toBeNull();
    expect(timeLeft(new Date('2026-11-25T11:59:59Z'), now)).toBeNull();
    expect(timeLeft(new Date('nope'), now)).toBeNull();
  });
});
