import { describe, expect, it } from 'vitest';
import { clockOffset, formatMmSs, remainingMs } from './countdown';

describe('formatMmSs', () => {
  it('pads minutes and seconds', () => {
    expect(formatMmSs(10 * 60_000)).toBe('10:00');
    expect(formatMmSs(65_000)).toBe('01:05');
    expect(formatMmSs(9_000)).toBe('00:09');
  });

  it('rounds partial seconds up so 00:00 means the hold has ended', () => {
    expect(formatMmSs(599_001)).toBe('10:00');
    expect(formatMmSs(1)).toBe('00:01');
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-5_000)).toBe('00:00');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatMmSs(90 * 60_000)).toBe('90:00');
  });
});

describe('clock correction', () => {
  it('takes the server time at the midpoint of the request', () => {
    const sentAt = Date.parse('2026-11-26T10:00:00.000Z');
    // The browser is 2 minutes behind the server; the request took 400 ms.
    const offset = clockOffset('2026-11-26T10:02:00.200Z', sentAt, sentAt + 400);
    expect(offset).toBe(120_000);
  });

  it('ignores an unreadable server time', () => {
    expect(clockOffset('ayer', 1000, 2000)).toBe(0);
  });

  it('counts down against the corrected clock', () => {
    const expires = '2026-11-26T10:10:00.000Z';
    const browserNow = Date.parse('2026-11-26T10:00:00.000Z');
    expect(remainingMs(expires, browserNow, 0)).toBe(600_000);
    // A browser running 2 minutes slow would show 10:00; corrected, 08:00 is left.
    expect(formatMmSs(remainingMs(expires, browserNow, 120_000))).toBe('08:00');
    // A browser running 3 minutes fast shows the full time the server still grants.
    expect(formatMmSs(remainingMs(expires, browserNow + 180_000, -180_000))).toBe('10:00');
  });

  it('never goes below zero and treats a bad expiry as expired', () => {
    expect(remainingMs('2026-11-26T10:00:00.000Z', Date.parse('2026-11-26T10:05:00.000Z'), 0)).toBe(0);
    expect(remainingMs('pronto', 0, 0)).toBe(0);
  });
});
