/**
 * Typed catalogue calls (spec §7 "Events"), one function per call. Import from the subpath
 * `@taquilla/shared/api/catalog`.
 *
 * No zod here, on purpose (first-load budget, issue 2 "Measure"): this module is on /eventos'
 * first load, and parsing answers with the DTO schemas cost ~24 KB gzip of zod. The storefront
 * trusts the server's DTOs: the API validates its own responses against the same schemas in
 * `../schemas/catalog` (api tests cover it), and only the types are imported below. The one
 * thing the schemas did at runtime — defaulting `zonaHoraria` — is kept by `withZone`.
 *
 * `apiRequest` comes from the package root on purpose, not from './client': this module is
 * bundled into each remote that imports it, and only the root entry is a federation singleton.
 * A relative import would give the remote its own axios instance and runtime config (no API
 * key, no base URL set by the shell).
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
} from '../schemas/catalog';

export type { Categoria, DetalleSeccionResponse, Evento, EventoDetalle, FilasPorSeccionResponse };

type Id = number | string;
const seg = (id: Id) => encodeURIComponent(String(id));

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
