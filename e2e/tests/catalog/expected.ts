/**
 * The e2e oracle for the home page's date filter: an independent re-statement of the rule
 * (calendar days in the event's zone, Monday-first weeks, weekend from Friday, 'Próximamente'
 * = more than 15 days ahead) written with plain 'YYYY-MM-DD' strings, so the suite does not
 * just re-run the implementation it is checking.
 */
export interface SeedEvento {
  id: number;
  nombre: string;
  fecha: string;
  zonaHoraria?: string;
  mostrarWeb: boolean;
  descripcion: string;
  imagenBanner: string | null;
  imagenPromocion: string | null;
  categoria: { id: number; nombre: string };
  artista: { nombre: string };
  recinto: { nombre: string; direccion: string };
  ciudad: { nombre: string };
}

export const DATE_FILTER_BUTTONS = {
  'fin-de-semana': 'Este fin de semana',
  'esta-semana': 'Esta semana',
  'proxima-semana': 'Próxima semana',
  proximamente: 'Próximamente',
} as const;
export type DatedFilter = keyof typeof DATE_FILTER_BUTTONS;

const ZONE = 'America/Mexico_City';

function ymd(instant: Date, zone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function isoWeekday(day: string): number {
  const js = new Date(`${day}T12:00:00Z`).getUTCDay();
  return js === 0 ? 7 : js;
}

export function passes(filter: DatedFilter, evento: SeedEvento, now: Date): boolean {
  const zone = evento.zonaHoraria || ZONE;
  const day = ymd(new Date(evento.fecha), zone);
  const today = ymd(now, zone);
  const monday = plusDays(today, 1 - isoWeekday(today));
  const between = (from: string, to: string) => day >= from && day <= to;
  switch (filter) {
    case 'esta-semana':
      return between(monday, plusDays(monday, 6));
    case 'fin-de-semana':
      return between(plusDays(monday, 4), plusDays(monday, 6));
    case 'proxima-semana':
      return between(plusDays(monday, 7), plusDays(monday, 13));
    case 'proximamente':
      return day > plusDays(today, 15);
  }
}

/** Names in grid order: by instant, ties by name. */
export function gridOrder(eventos: readonly SeedEvento[]): string[] {
  return [...eventos]
    .filter((e) => e.mostrarWeb)
    .sort((a, b) => Date.parse(a.fecha) - Date.parse(b.fecha) || a.nombre.localeCompare(b.nombre, 'es-MX'))
    .map((e) => e.nombre);
}

/** The shared es-MX pattern 'dd MMMM yyyy, hh:mmaa' (e.g. '05 diciembre 2026, 11:30PM'), via Intl. */
export function formatFecha(iso: string, zone: string = ZONE): string {
  const at = new Date(iso);
  const part = (locale: string, options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, ...options }).formatToParts(at).find((p) => p.type === type)?.value ?? '';
  const day = part('en-US', { day: '2-digit' }, 'day');
  const month = part('es-MX', { month: 'long' }, 'month');
  const year = part('en-US', { year: 'numeric' }, 'year');
  const time = { hour: '2-digit', minute: '2-digit', hour12: true } as const;
  const hour = part('en-US', time, 'hour').padStart(2, '0');
  const minute = part('en-US', time, 'minute');
  const period = part('en-US', time, 'dayPeriod').toUpperCase();
  return `${day} ${month} ${year}, ${hour}:${minute}${period}`;
}
