import { describe, expect, it } from 'vitest';
import { isoWeekday, localDayNumber, matchesDateFilter, type DateFilter } from './date-filter';

/** Mexico City has been UTC-6 all year since 2022: local wall time → UTC instant. */
const mx = (local: string) => new Date(`${local}-06:00`);
const passes = (filter: DateFilter, local: string, nowLocal: string, zone?: string) => matchesDateFilter(filter, mx(local).toISOString(), mx(nowLocal), zone);

// Wednesday 25 Nov 2026: this week is Mon 23 – Sun 29, weekend Fri 27 – Sun 29,
// next week Mon 30 Nov – Sun 6 Dec.
const NOW = '2026-11-25T12:00:00';

describe('day arithmetic', () => {
  it('numbers days in the given zone and knows Monday is 1', () => {
    const wednesday = localDayNumber(mx(NOW));
    expect(isoWeekday(wednesday)).toBe(3);
    expect(isoWeekday(localDayNumber(mx('2026-11-23T00:00:00')))).toBe(1);
    expect(isoWeekday(localDayNumber(mx('2026-11-29T23:59:00')))).toBe(7);
  });
});

describe('Esta semana (week starts on Monday)', () => {
  it('starts on Monday 00:00 and excludes the Sunday before', () => {
    expect(passes('esta-semana', '2026-11-23T00:00:00', NOW)).toBe(true);
    expect(passes('esta-semana', '2026-11-22T23:59:00', NOW)).toBe(false);
  });
  it('ends on Sunday 23:59 and excludes the next Monday', () => {
    expect(passes('esta-semana', '2026-11-29T23:59:00', NOW)).toBe(true);
    expect(passes('esta-semana', '2026-11-30T00:00:00', NOW)).toBe(false);
  });
  it('on a Sunday still means the week that began the Monday before', () => {
    expect(passes('esta-semana', '2026-11-23T10:00:00', '2026-11-29T20:00:00')).toBe(true);
    expect(passes('esta-semana', '2026-11-30T10:00:00', '2026-11-29T20:00:00')).toBe(false);
  });
});

describe('Este fin de semana (from day 5, Friday)', () => {
  it('starts on Friday, not Thursday night', () => {
    expect(passes('fin-de-semana', '2026-11-26T23:59:00', NOW)).toBe(false);
    expect(passes('fin-de-semana', '2026-11-27T00:00:00', NOW)).toBe(true);
  });
  it('runs through Sunday and stops at Monday', () => {
    expect(passes('fin-de-semana', '2026-11-28T21:00:00', NOW)).toBe(true);
    expect(passes('fin-de-semana', '2026-11-29T23:30:00', NOW)).toBe(true);
    expect(passes('fin-de-semana', '2026-11-30T00:30:00', NOW)).toBe(false);
  });
  it('is not the following weekend', () => {
    expect(passes('fin-de-semana', '2026-12-04T20:00:00', NOW)).toBe(false);
  });
});

describe('Próxima semana', () => {
  it('covers Monday to Sunday of the following week only', () => {
    expect(passes('proxima-semana', '2026-11-29T23:59:00', NOW)).toBe(false);
    expect(passes('proxima-semana', '2026-11-30T00:00:00', NOW)).toBe(true);
    expect(passes('proxima-semana', '2026-12-06T23:30:00', NOW)).toBe(true);
    expect(passes('proxima-semana', '2026-12-07T00:00:00', NOW)).toBe(false);
  });
});

describe('Próximamente (more than 15 days ahead)', () => {
  it('excludes day 15 whatever the hour and includes day 16', () => {
    expect(passes('proximamente', '2026-12-10T23:30:00', NOW)).toBe(false);
    expect(passes('proximamente', '2026-12-11T00:05:00', NOW)).toBe(true);
  });
  it('excludes today and the past', () => {
    expect(passes('proximamente', '2026-11-25T22:00:00', NOW)).toBe(false);
    expect(passes('proximamente', '2026-10-01T22:00:00', NOW)).toBe(false);
  });
});

describe('month and year boundaries', () => {
  it('a week spanning April into May (Thu 30 Apr 2026)', () => {
    const now = '2026-04-30T09:00:00';
    expect(passes('esta-semana', '2026-04-27T09:00:00', now)).toBe(true);
    expect(passes('fin-de-semana', '2026-05-01T20:00:00', now)).toBe(true);
    expect(passes('fin-de-semana', '2026-05-03T23:30:00', now)).toBe(true);
    expect(passes('proxima-semana', '2026-05-04T20:00:00', now)).toBe(true);
    expect(passes('proxima-semana', '2026-05-10T20:00:00', now)).toBe(true);
    expect(passes('proximamente', '2026-05-15T20:00:00', now)).toBe(false); // 15 days
    expect(passes('proximamente', '2026-05-16T20:00:00', now)).toBe(true); // 16 days
  });
  it('a week spanning New Year (Wed 31 Dec 2025)', () => {
    const now = '2025-12-31T18:00:00';
    expect(passes('esta-semana', '2025-12-29T18:00:00', now)).toBe(true);
    expect(passes('esta-semana', '2026-01-04T23:30:00', now)).toBe(true);
    expect(passes('fin-de-semana', '2026-01-02T18:00:00', now)).toBe(true);
    expect(passes('fin-de-semana', '2026-01-01T18:00:00', now)).toBe(false);
    expect(passes('proxima-semana', '2026-01-05T00:00:00', now)).toBe(true);
    expect(passes('proxima-semana', '2026-01-11T23:59:00', now)).toBe(true);
    expect(passes('proximamente', '2026-01-15T12:00:00', now)).toBe(false);
    expect(passes('proximamente', '2026-01-16T12:00:00', now)).toBe(true);
  });
  it('a February in a week that reaches March', () => {
    // Thu 26 Feb 2026: weekend is Fri 27 Feb – Sun 1 Mar.
    expect(passes('fin-de-semana', '2026-03-01T21:00:00', '2026-02-26T10:00:00')).toBe(true);
    expect(passes('proxima-semana', '2026-03-02T21:00:00', '2026-02-26T10:00:00')).toBe(true);
  });
});

describe('a 23:30 event in Mexico City', () => {
  // Sunday 29 Nov 23:30 local is already Monday 05:30 in UTC.
  const lateSunday = '2026-11-29T23:30:00';
  it('stays on its local Sunday', () => {
    expect(mx(lateSunday).getUTCDay()).toBe(1);
    expect(passes('fin-de-semana', lateSunday, NOW)).toBe(true);
    expect(passes('esta-semana', lateSunday, NOW)).toBe(true);
    expect(passes('proxima-semana', lateSunday, NOW)).toBe(false);
  });
  it('is also judged right when "now" is a late Sunday night', () => {
    // At Sunday 23:45 local (Monday in UTC) the weekend is still this one.
    expect(passes('fin-de-semana', lateSunday, '2026-11-29T23:45:00')).toBe(true);
    expect(passes('proxima-semana', '2026-11-30T20:00:00', '2026-11-29T23:45:00')).toBe(true);
  });
  it('uses the default zone when the event has none, and the event zone when given', () => {
    const iso = mx(lateSunday).toISOString();
    expect(matchesDateFilter('fin-de-semana', iso, mx(NOW), undefined)).toBe(true);
    expect(matchesDateFilter('fin-de-semana', iso, mx(NOW), 'not/a-zone')).toBe(true);
    // The same instant is Monday morning in Madrid: next week there.
    expect(matchesDateFilter('proxima-semana', iso, mx(NOW), 'Europe/Madrid')).toBe(true);
  });
});

describe('unparseable dates', () => {
  it('only pass "todas"', () => {
    expect(matchesDateFilter('todas', 'nope', mx(NOW))).toBe(true);
    expect(matchesDateFilter('esta-semana', 'nope', mx(NOW))).toBe(false);
    expect(matchesDateFilter('proximamente', null, mx(NOW))).toBe(false);
  });
});
