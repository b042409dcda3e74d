import { describe, expect, it } from 'vitest';
import { nonNegativeInt, positiveInt, positiveNumber } from '../src/lib/env';
import { readMailConfig } from '../src/mail/config';
import { readHoldConfig } from '../src/modules/reservas/reservas.config';

describe('numbers from the environment', () => {
  it('unset, empty, blank or not a number: the fallback', () => {
    for (const value of [undefined, '', ' ', 'diez', 'NaN']) {
      expect(positiveInt(value, 7)).toBe(7);
      expect(nonNegativeInt(value, 7)).toBe(7);
      expect(positiveNumber(value, 7)).toBe(7);
    }
  });

  it('each takes only its own range', () => {
    expect([positiveInt('3', 7), positiveInt('0', 7), positiveInt('-2', 7), positiveInt('1.5', 7)]).toEqual([3, 7, 7, 7]);
    expect([nonNegativeInt('3', 7), nonNegativeInt('0', 7), nonNegativeInt('-2', 7), nonNegativeInt('1.5', 7)]).toEqual([3, 0, 7, 7]);
    expect([positiveNumber('0.1', 7), positiveNumber('0', 7), positiveNumber('0', 7, { allowZero: true }), positiveNumber('-1', 7), positiveNumber('Infinity', 7)]).toEqual([0.1, 7, 0, 7, 7]);
  });

  it('an empty mail setting keeps its default instead of reading as 0', () => {
    expect(readMailConfig({ MAIL_MAX_ATTEMPTS: '' }).maxAttempts).toBe(8);
    expect(readMailConfig({ MAIL_HANDOVER_MS: '0' }).handoverMs).toBe(0);
  });

  it('holds: decimal minutes for a test harness, 0 turns the per-IP limit off', () => {
    const cfg = readHoldConfig({ HOLD_MINUTES: '0.1', HOLD_MAX_PER_IP: '0', HOLD_SWEEP_SECONDS: '' });
    expect([cfg.holdMinutes, cfg.perIp.max, cfg.sweepSeconds, cfg.perIp.windowMs]).toEqual([0.1, 0, 1, 60_000]);
  });
});
