import { describe, expect, it } from 'vitest';
import { boletosLabel, countdownLabel, daysUntil } from './countdown-label';

// Mexico City is UTC-6 all year (no daylight saving since 2022).
describe('daysUntil (Mexico City calendar days)', () => {
  it('counts calendar days, not 24-hour periods', () => {
    // 23:59 on Nov 26 in CDMX; the event at 00:30 on Nov 27 in CDMX is tomorrow.
    expect(daysUntil('2026-11-27T06:30:00Z', '2026-11-27T05:59:00Z')).toBe(1);
    // 00:01 on Nov 26; the event at 23:00 on Nov 28 is 2 days away, not 2.95.
    expect(daysUntil('2026-11-29T05:00:00Z', '2026-11-26T06:01:00Z')).toBe(2);
  });

  it('is today until midnight in Mexico City, even when UTC has moved to the next day', () => {
    // 20:00 on Nov 26 CDMX is 02:00 on Nov 27 UTC; at 19:00 CDMX (01:00 UTC) it is still today.
    expect(daysUntil('2026-11-27T02:00:00Z', '2026-11-27T01:00:00Z')).toBe(0);
    // An event that started this morning is still today.
    expect(daysUntil('2026-11-26T16:00:00Z', '2026-11-27T01:00:00Z')).toBe(0);
  });

  it('is negative for past days and null for an invalid date', () => {
    expect(daysUntil('2026-11-20T02:00:00Z', '2026-11-26T18:00:00Z')).toBe(-7);
    expect(daysUntil('mañana', '2026-11-26T18:00:00Z')).toBeNull();
    expect(daysUntil(null, '2026-11-26T18:00:00Z')).toBeNull();
  });

  it('honours another zone when the event has one', () => {
    // 23:30 on Nov 26 in Tijuana (UTC-8) is already Nov 27 in Mexico City.
    const now = '2026-11-27T07:30:00Z';
    const event = '2026-11-27T20:00:00Z';
    expect(daysUntil(event, now, 'America/Tijuana')).toBe(1);
    expect(daysUntil(event, now)).toBe(0);
  });
});

describe('countdownLabel', () => {
  it.each([
    [5, 'Dentro de 5 día(s)'],
    [1, 'Dentro de 1 día(s)'],
    [0, '¡Hoy es el evento!'],
    [-1, 'El evento ya pasó'],
    [null, 'Fecha inválida'],
  ])('%s → %s', (days, label) => {
    expect(countdownLabel(days)).toBe(label);
  });
});

describe('boletosLabel', () => {
  it('is singular only for one', () => {
    expect(boletosLabel(1)).toBe('Boleto');
    expect(boletosLabel(2)).toBe('Boletos');
    expect(boletosLabel(0)).toBe('Boletos');
  });
});
