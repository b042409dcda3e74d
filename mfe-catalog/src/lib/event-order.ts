/** What list logic needs from an event; the DTO has more. */
export interface ListableEvent {
  id: string | number;
  nombre?: string;
  fecha: string;
  mostrarWeb?: boolean | null;
  zonaHoraria?: string | null;
}

export function parseFecha(fecha: string | Date | null | undefined): Date | null {
  if (fecha == null || fecha === '') return null;
  const date = fecha instanceof Date ? fecha : new Date(fecha);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Epoch ms of the event; undated events sort last. */
export function eventTime(event: ListableEvent): number {
  return parseFecha(event.fecha)?.getTime() ?? Number.POSITIVE_INFINITY;
}

/** Soonest first; undated events last; ties by name so the order is stable across reloads. */
export function sortByFecha<T extends ListableEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => eventTime(a) - eventTime(b) || (a.nombre ?? '').localeCompare(b.nombre ?? '', 'es-MX'));
}

/** Events hidden from the web (mostrarWeb false) are never listed anywhere on the home page. */
export function listedOnWeb<T extends ListableEvent>(events: readonly T[]): T[] {
  return events.filter((event) => event.mostrarWeb !== false);
}
