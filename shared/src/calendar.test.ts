import { describe, expect, it } from 'vitest';
import { eventoIcs } from './calendar';

describe('eventoIcs', () => {
  const ics = eventoIcs(
    { nombre: 'Luna, en vivo; gira\nfinal', recinto: 'Arena CDMX, Ciudad de México', fecha: new Date('2026-12-05T03:00:00Z') },
    'boleto-1',
    new Date('2026-11-26T12:00:00.123Z'),
  );
  const lines = ics.split('\r\n');

  it('is one VEVENT in UTC, three hours long, with CRLF line ends', () => {
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('UID:boleto-1@taquilla');
    expect(lines).toContain('DTSTAMP:20261126T120000Z');
    expect(lines).toContain('DTSTART:20261205T030000Z');
    expect(lines).toContain('DTEND:20261205T060000Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes commas, semicolons and newlines in text', () => {
    expect(lines).toContain('SUMMARY:Luna\\, en vivo\\; gira\\nfinal');
    expect(lines).toContain('LOCATION:Arena CDMX\\, Ciudad de México');
  });
});
