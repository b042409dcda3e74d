import { eventoIcs } from '@taquilla/shared/calendar';
import type { MiEvento } from '@taquilla/shared/schemas/cuenta';
import { slug } from './download';

/** 'Agregar al calendario': the same .ics the tickets e-mail attaches, for this event. */
export function calendarFile(evento: Pick<MiEvento, 'id' | 'nombre' | 'fecha' | 'recinto' | 'ciudad'>): { blob: Blob; filename: string } {
  const ics = eventoIcs(
    { nombre: evento.nombre, recinto: `${evento.recinto.nombre}, ${evento.ciudad.nombre}`, fecha: new Date(evento.fecha) },
    `evento-${evento.id}`,
  );
  return { blob: new Blob([ics], { type: 'text/calendar;charset=utf-8' }), filename: `${slug(evento.nombre)}.ics` };
}
