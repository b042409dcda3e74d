/**
 * Typed catalogue calls (spec §7 "Events"): `@taquilla/shared/api/catalogo`. On /eventos' first
 * load, so the answers are not parsed with zod (~24 KB gzip): the API validates its responses
 * against the same schemas (`../schemas/catalogo`). The one thing the schemas did at runtime —
 * defaulting `zonaHoraria` — is kept by `withZone`.
 */
import { apiRequest } from '@taquilla/shared';
import { DEFAULT_TIME_ZONE, TIPO_DISPOSITIVO } from '../constants';
import type {
  Categoria,
  CategoriasResponse,
  DetalleSeccionResponse,
  Evento,
  EventoDetalle,
  EventosGetAllResponse,
  FilasPorSeccionResponse,
} from '../schemas/catalogo';
import { seg, type Id } from './segment';

/** The schema's default for zonaHoraria, without zod. */
function withZone<T extends { zonaHoraria?: string | null }>(evento: T): T & { zonaHoraria: string } {
  return { ...evento, zonaHoraria: evento.zonaHoraria || DEFAULT_TIME_ZONE };
}

/** GET /eventos/get_all?tipoDispositivo=web → the upcoming events shown on the web. */
export async function getEventos(): Promise<Evento[]> {
  const body = await apiRequest<EventosGetAllResponse>('GET', '/eventos/get_all', undefined, {
    params: { tipoDispositivo: TIPO_DISPOSITIVO },
  });
  return body.eventosFiltrados.map(withZone);
}

/** GET /categorias/get_all → the event categories (chips on the home page). */
export async function getCategorias(): Promise<Categoria[]> {
  const body = await apiRequest<CategoriasResponse>('GET', '/categorias/get_all');
  return body.categorias;
}

/** GET /eventos/{id}/detalle → the event with its venue SVG (answers hidden events too). */
export async function getEventoDetalle(id: Id): Promise<EventoDetalle> {
  return withZone(await apiRequest<EventoDetalle>('GET', `/eventos/${seg(id)}/detalle`));
}

/** GET /eventos/{id}/detalle_seccion/false/web → sections and price categories. */
export function getDetalleSeccion(id: Id): Promise<DetalleSeccionResponse> {
  return apiRequest<DetalleSeccionResponse>('GET', `/eventos/${seg(id)}/detalle_seccion/false/${TIPO_DISPOSITIVO}`);
}

/** GET /eventos/{id}/{seccionId}/filas_por_seccion → rows and seats of one section. */
export function getFilasPorSeccion(id: Id, seccionId: Id): Promise<FilasPorSeccionResponse> {
  return apiRequest<FilasPorSeccionResponse>('GET', `/eventos/${seg(id)}/${seg(seccionId)}/filas_por_seccion`);
}
