import { describe, expect, it } from 'vitest';
import { filaLabel, hasPassed, formatDate, formatDateTime, formatMoney, nextWeekRange, soonFrom, startOfWeekMx, thisWeekRange, weekendRange } from './format';

describe('formatMoney', () => {
  it('formats integer centavos as es-MX pesos', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(99)).toBe('$0.99');
    expect(formatMoney(100000000)).toBe('$1,000,000.00');
  });
});

describe('formatDateTime', () => {
  it("uses 'dd MMMM yyyy, hh:mmaa' in Spanish, on Mexico City's clock", () => {
    // 21:07 UTC is 15:07 in Mexico City (UTC-6, no DST since 2022).
    expect(formatDateTime('2026-01-05T21:07:00Z')).toBe('05 enero 2026, 03:07PM');
    expect(formatDateTime(new Date('2026-07-15T15:30:00Z'))).toBe('15 julio 2026, 09:30AM');
  });

  it('honours another time zone and pattern', () => {
    expect(formatDateTime('2026-01-05T21:07:00Z', { timeZone: 'America/Tijuana' })).toBe('05 enero 2026, 01:07PM');
    expect(formatDate('2026-03-09T18:00:00Z', 'EEEE d')).toBe('lunes 9');
  });

  it("says 'Fecha inválida' for anything unparseable", () => {
    expect(formatDateTime('no es fecha')).toBe('Fecha inválida');
    expect(formatDateTime(null)).toBe('Fecha inválida');
    expect(formatDateTime('')).toBe('Fecha inválida');
    expect(formatDateTime(Number.NaN)).toBe('Fecha inválida');
  });
});

describe('week helpers (weeks start on Monday)', () => {
  // Wednesday 2026-03-11 12:00 in Mexico City.
  const now = '2026-03-11T18:00:00Z';
  const day = (d: Date) => formatDate(d, 'yyyy-MM-dd HH:mm');

  it('starts the week on Monday and ends it on Sunday', () => {
    expect(day(startOfWeekMx(now))).toBe('2026-03-09 00:00');
    const week = thisWeekRange(now);
    expect(day(week.to)).toBe('2026-03-15 23:59');
    // A Sunday belongs to the week that began the Monday before.
    expect(day(startOfWeekMx('2026-03-15T18:00:00Z'))).toBe('2026-03-09 00:00');
  });

  it('computes next week, the weekend and the "soon" threshold', () => {
    const next = nextWeekRange(now);
    expect([day(next.from), day(next.to)]).toEqual(['2026-03-16 00:00', '2026-03-22 23:59']);
    const weekend = weekendRange(now);
    expect([day(weekend.from), day(weekend.to)]).toEqual(['2026-03-13 00:00', '2026-03-15 23:59']);
    expect(day(soonFrom(now))).toBe('2026-03-27 00:00');
  });

  it('the week boundary is Mexico City midnight, not UTC midnight', () => {
    // Monday 2026-03-16 03:00 UTC is still Sunday evening in Mexico City.
    expect(day(startOfWeekMx('2026-03-16T03:00:00Z'))).toBe('2026-03-09 00:00');
    expect(startOfWeekMx(now).toISOString()).toBe('2026-03-09T00:00:00.000-06:00');
  });
});

describe('filaLabel', () => {
  it('prefixes a bare row name and leaves a named one alone', () => {
    expect(filaLabel('B')).toBe('Fila B');
    expect(filaLabel('12')).toBe('Fila 12');
    expect(filaLabel('AA')).toBe('Fila AA');
    expect(filaLabel('Mesa 2')).toBe('Mesa 2');
    expect(filaLabel('Palco 1')).toBe('Palco 1');
  });
});

describe('hasPassed', () => {
  it('is true from the event time on', () => {
    expect(hasPassed('2026-11-27T20:00:00.000Z', '2026-11-27T19:59:59.000Z')).toBe(false);
    expect(hasPassed('2026-11-27T20:00:00.000Z', '2026-11-27T20:00:00.000Z')).toBe(true);
    expect(hasPassed('2020-01-01T00:00:00.000Z')).toBe(true);
  });
});
